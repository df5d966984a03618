/**
 * What a page (or a section of it) shows when its figures could not be loaded: the title, the
 * reason in a sentence for the person (an alert, so a screen reader says it), and Try again.
 * The same on every page (`/e-commerce`, `/ma`, `/ads`, `/o2o`).
 */
import { t, translateMessage } from "@/i18n/i18n";
import "./figures.css";

export function LoadFailure({ title, error, onRetry }: { title: string; error: string; onRetry: () => void }) {
  return (
    <div className="load-failure">
      <div role="alert">
        <p className="empty-title">{title}</p>
        <p className="error">{translateMessage(error)}</p>
      </div>
      <button type="button" className="p-button p-component p-button-sm p-button-outlined" onClick={onRetry}>
        <i className="pi pi-refresh" aria-hidden="true" /> {t("common.action.tryAgain")}
      </button>
    </div>
  );
}
