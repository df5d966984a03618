import type { ResolvedView } from "../../../domain/viewSearch";
import { toDisplayDate } from "../../../domain/dates";

export interface BrandExViewProps {
  userName: string;
  view: ResolvedView;
  /** Pages the view covers; null while loading the first time. */
  pagesInView: number | null;
  failed: string | null;
}

export function BrandExView({ userName, view, pagesInView, failed }: BrandExViewProps) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Brand Experience</h1>
      </header>
      <p className="muted">Signed in as {userName}</p>
      <dl className="summary" aria-label="Applied view">
        <div>
          <dt>Brand</dt>
          <dd>{view.brand}</dd>
        </div>
        <div>
          <dt>Channel</dt>
          <dd>{view.ch}</dd>
        </div>
        <div>
          <dt>Date range</dt>
          <dd>
            {toDisplayDate(view.range.startDate)} to {toDisplayDate(view.range.endDate)}
          </dd>
        </div>
        <div>
          <dt>Pages in view</dt>
          <dd>{pagesInView ?? "…"}</dd>
        </div>
      </dl>
      {failed !== null && (
        <p role="alert" className="error">
          {failed}
        </p>
      )}
      <div className="empty-state" role="status">
        <i className="pi pi-chart-line" aria-hidden="true" />
        <p className="empty-title">No charts yet</p>
        <p className="muted">Brand experience charts are part of a later release.</p>
      </div>
    </section>
  );
}
