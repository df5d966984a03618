/**
 * The chart filters of a page (its `pageFilter` clicks) as removable chips, each with the time of
 * its click, and Undo last / Redo / Remove chart filters: the same on every page that keeps them.
 */
import { CHART_CLICK_FIELD_NAMES, type ChartClick } from "../../../domain/commerceFilter";
import "./chartFilters.css";

const BUTTON = "p-button p-component p-button-sm p-button-text";
const CLOCK = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false });

/** A chip's text: "Platform: Shopee", "Post type: Reel". */
export const clickText = (c: Pick<ChartClick, "field" | "label">): string => `${CHART_CLICK_FIELD_NAMES[c.field]}: ${c.label}`;
/** The time of a click, Bangkok clock: "10:12:03". */
export const formatClickTime = (at: number): string => CLOCK.format(new Date(at));

export interface ChartFiltersProps {
  clicks: readonly ChartClick[];
  canUndo: boolean;
  canRedo: boolean;
  /** What to do when there is none, in words: "click a bar or slice, or use “Filter by” in a table". */
  howTo: string;
  onRemove: (click: ChartClick) => void;
  onUndo: () => void;
  onRedo: () => void;
  onClear: () => void;
}

export function ChartFilters(p: ChartFiltersProps) {
  return (
    <div className="chart-filters">
      <span className="muted" id="chart-filters-label">
        Chart filters:
      </span>
      {p.clicks.length === 0 ? (
        <span className="muted">none ({p.howTo})</span>
      ) : (
        <ul className="filter-chips" aria-labelledby="chart-filters-label">
          {p.clicks.map((c) => (
            <li key={`${c.field}:${c.value}`} className="filter-chip">
              <span>{clickText(c)}</span>
              <time dateTime={new Date(c.at).toISOString()} className="filter-chip-time" title="When it was added (Bangkok time)">
                {formatClickTime(c.at)}
              </time>
              <button type="button" aria-label={`Remove ${clickText(c)}`} onClick={() => p.onRemove(c)}>
                <i className="pi pi-times" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <span className="chart-filter-actions">
        <button type="button" className={BUTTON} onClick={p.onUndo} disabled={!p.canUndo}>
          <i className="pi pi-undo" aria-hidden="true" /> Undo last
        </button>
        <button type="button" className={BUTTON} onClick={p.onRedo} disabled={!p.canRedo}>
          <i className="pi pi-replay" aria-hidden="true" /> Redo
        </button>
        <button type="button" className={BUTTON} onClick={p.onClear} disabled={p.clicks.length === 0}>
          <i className="pi pi-filter-slash" aria-hidden="true" /> Remove chart filters
        </button>
      </span>
    </div>
  );
}
