/**
 * The chart filters of a page (its `pageFilter` clicks) as removable chips, each with the time of
 * its click, and Undo last / Redo / Remove chart filters: the same on every page that keeps them.
 */
import type { ChartClick, ChartClickField } from "../../../domain/commerceFilter";
import { t, type MessageKey } from "@/i18n/i18n";
import "./chartFilters.css";

const BUTTON = "p-button p-component p-button-sm p-button-text";
/**
 * The click time's format, made at the first click shown: the first format with a time zone
 * loads the zone's data (~15 ms), which the module's evaluation, on every page's first load,
 * need not pay (issue 19).
 */
let clock: Intl.DateTimeFormat | null = null;

/** The field of a chart click in words (domain/commerceFilter.ts keeps the English names). */
const FIELD_NAME = {
  platforms: "common.chartFilters.field.platforms",
  locations: "common.chartFilters.field.locations",
  statuses: "common.chartFilters.field.statuses",
  products: "common.chartFilters.field.products",
  basket: "common.chartFilters.field.basket",
  postTypes: "common.chartFilters.field.postTypes",
  pages: "common.chartFilters.field.pages",
  slots: "common.chartFilters.field.slots",
  adChannels: "common.chartFilters.field.adChannels",
  objectives: "common.chartFilters.field.objectives",
} as const satisfies Record<ChartClickField, MessageKey>;

/** A chip's text: "Platform: Shopee", "Post type: Reel". */
export const clickText = (c: Pick<ChartClick, "field" | "label">): string => t("common.chartFilters.chip", { field: t(FIELD_NAME[c.field]), value: c.label });
/** The time of a click, Bangkok clock: "10:12:03". */
export const formatClickTime = (at: number): string =>
  (clock ??= new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false })).format(new Date(at));

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
        {t("common.chartFilters.label")}
      </span>
      {p.clicks.length === 0 ? (
        <span className="muted">{t("common.chartFilters.none", { howTo: p.howTo })}</span>
      ) : (
        <ul className="filter-chips" aria-labelledby="chart-filters-label">
          {p.clicks.map((c) => (
            <li key={`${c.field}:${c.value}`} className="filter-chip">
              <span>{clickText(c)}</span>
              <time dateTime={new Date(c.at).toISOString()} className="filter-chip-time" title={t("common.chartFilters.addedAt")}>
                {formatClickTime(c.at)}
              </time>
              <button type="button" aria-label={t("common.chartFilters.remove", { filter: clickText(c) })} onClick={() => p.onRemove(c)}>
                <i className="pi pi-times" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <span className="chart-filter-actions">
        <button type="button" className={BUTTON} onClick={p.onUndo} disabled={!p.canUndo}>
          <i className="pi pi-undo" aria-hidden="true" /> {t("common.chartFilters.undo")}
        </button>
        <button type="button" className={BUTTON} onClick={p.onRedo} disabled={!p.canRedo}>
          <i className="pi pi-replay" aria-hidden="true" /> {t("common.chartFilters.redo")}
        </button>
        <button type="button" className={BUTTON} onClick={p.onClear} disabled={p.clicks.length === 0}>
          <i className="pi pi-filter-slash" aria-hidden="true" /> {t("common.chartFilters.removeAll")}
        </button>
      </span>
    </div>
  );
}
