import { useId, useState } from "react";
import { toDisplayDate, type DateRange } from "../../../domain/dates";
import { formatDay } from "@/components/format/dates";
import { Select } from "@/components/ui/Select";
import { t } from "@/i18n/i18n";
import { ALL_CHANNEL } from "../../../domain/permissions";
import { DateRangePicker } from "@/features/shell/DateRangePicker";

export interface TopBarViewProps {
  showDatePicker: boolean;
  showClearFilter: boolean;
  showKpi: boolean;
  range: DateRange;
  brand: string;
  brands: readonly string[];
  channel: string;
  channels: readonly string[];
  menuOpen: boolean;
  onMenuToggle: () => void;
  onRange: (start: string, end: string) => void;
  onBrand: (brand: string) => void;
  onChannel: (channel: string) => void;
  onClearFilter: () => void;
  onKpi: () => void;
  onFilter: () => void;
}

/** A channel option as shown: "All Channel" in the user's language; Facebook and TikTok are names. */
const channelLabel = (channel: string): string => (channel === ALL_CHANNEL ? t("common.shell.allChannel") : channel);

/**
 * The top bar (spec §2): range, Clear Filter, KPI, brand and channel, and the filter drawer. On a
 * narrow screen (at most 600 px) those controls fold behind one "View options" button, with the
 * brand and range as a one-line summary beside it, so the sticky bar keeps to one short row.
 */
export function TopBarView(p: TopBarViewProps) {
  const [open, setOpen] = useState(false);
  const controlsId = useId();
  return (
    <div className={open ? "top-bar-inner top-controls-open" : "top-bar-inner"}>
      <button
        type="button"
        className="menu-toggle p-button p-button-text"
        aria-expanded={p.menuOpen}
        aria-controls="side-menu"
        onClick={p.onMenuToggle}
      >
        <i className="pi pi-bars" aria-hidden="true" />
        <span>{t("common.shell.menu")}</span>
      </button>
      <span className="top-summary" aria-hidden="true">
        <span>{p.brand}</span>
        {p.showDatePicker && <span>{t("common.shell.rangeSummary", { start: formatDay(toDisplayDate(p.range.startDate)), end: formatDay(toDisplayDate(p.range.endDate)) })}</span>}
      </span>
      <button
        type="button"
        className="top-controls-toggle p-button p-button-text"
        aria-expanded={open}
        aria-controls={controlsId}
        onClick={() => setOpen((o) => !o)}
      >
        <i className={open ? "pi pi-chevron-up" : "pi pi-sliders-h"} aria-hidden="true" />
        <span>{t("common.shell.viewOptions")}</span>
      </button>
      <div id={controlsId} className="top-controls">
        {p.showDatePicker && <DateRangePicker range={p.range} onApply={p.onRange} />}
        <div className="top-actions">
          {p.showClearFilter && (
            <button type="button" className="p-button p-button-outlined p-button-sm" onClick={p.onClearFilter}>
              <i className="pi pi-filter-slash" aria-hidden="true" />
              <span>{t("common.shell.clearFilter")}</span>
            </button>
          )}
          {p.showKpi && (
            <button type="button" className="p-button p-button-outlined p-button-sm" onClick={p.onKpi}>
              <i className="pi pi-flag" aria-hidden="true" />
              <span>{t("common.shell.kpi")}</span>
            </button>
          )}
          <Select label={t("common.shell.brand")} value={p.brand} options={p.brands} onChange={p.onBrand} className="top-select" />
          <Select
            label={t("common.shell.channel")}
            value={p.channel}
            options={p.channels}
            optionLabel={channelLabel}
            onChange={p.onChannel}
            className="top-select"
          />
          <button type="button" className="p-button p-button-sm" onClick={p.onFilter}>
            <i className="pi pi-filter" aria-hidden="true" />
            <span>{t("common.shell.filter")}</span>
          </button>
        </div>
      </div>
    </div>
  );
}
