/** The Ads date range (typed YYYY-MM-DD) and the Ads budget per month of it (`setMonth`). */
import { Button } from "@/components/ui/Button";
import { InputText } from "@/components/ui/InputText";
import type { AdsMonthsFigures } from "../../../machines/kpiDialog/kpiDialogSelectors";
import { DateInput } from "@/components/ui/DateInput";
import { formatBaht, formatMonth } from "@/features/kpi/kpiFormat";
import { formatDay } from "@/components/format/dates";
import { t } from "@/i18n/i18n";

export interface KpiAdsMonthsProps {
  figures: AdsMonthsFigures;
  /** The months do not add up to the Ads budget. */
  mismatch: boolean;
  disabled: boolean;
  onRange: (start: string, end: string) => void;
  onCleared: () => void;
  onPeriod: (index: number, text: string) => void;
  onRespread: () => void;
}

export function KpiAdsMonths({ figures, mismatch, disabled, onRange, onCleared, onPeriod, onRespread }: KpiAdsMonthsProps) {
  const { start, end } = figures;
  const pick = (nextStart: string, nextEnd: string) => {
    if (nextStart === "" && nextEnd === "") return onCleared();
    // One end picked so far: the range is that one day until the other end is picked.
    const [a, b] = [nextStart || nextEnd, nextEnd || nextStart];
    onRange(a <= b ? a : b, a <= b ? b : a);
  };
  return (
    <fieldset className="kpi-periods" disabled={disabled}>
      <legend>{t("kpi.ads.period")}</legend>
      <div className="kpi-periods__range">
        <DateInput id="kpi-ads-start" label={t("kpi.ads.startDate")} value={start} max={end} disabled={disabled} onChange={(day) => pick(day, end)} />
        <DateInput id="kpi-ads-end" label={t("kpi.ads.endDate")} value={end} min={start} disabled={disabled} onChange={(day) => pick(start, day)} />
      </div>
      <p className="muted">{t("kpi.ads.spreadNote")}</p>
      {figures.months.length > 0 && (
        <>
          <div className="kpi-rows-scroll">
            <table className="kpi-rows kpi-months">
              <caption className="visually-hidden">{t("kpi.ads.monthsCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("kpi.ads.col.month")}</th>
                  <th scope="col">{t("kpi.ads.col.days")}</th>
                  <th scope="col">{t("kpi.dialog.col.budget")}</th>
                </tr>
              </thead>
              <tbody>
                {figures.months.map((period, index) => (
                  <tr key={period.startDate}>
                    <th scope="row">{formatMonth(period.startDate)}</th>
                    <td>
                      {t("kpi.ads.days", { start: formatDay(period.startDate.slice(0, 10)), end: formatDay(period.endDate.slice(0, 10)) })}
                    </td>
                    <td>
                      <InputText
                        aria-label={t("kpi.ads.monthBudget", { month: formatMonth(period.startDate) })}
                        inputMode="decimal"
                        value={String(period.budget)}
                        onChange={(e) => onPeriod(index, e.target.value)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={mismatch ? "kpi-figure kpi-figure--warn" : "kpi-figure"}>
            <span>
              {t("kpi.ads.monthsTotal", { total: formatBaht(figures.monthsTotal), budget: formatBaht(figures.adsBudget) })}
            </span>
            {mismatch && (
              <small className="form-warning" role="status">
                <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t("kpi.ads.mismatch")}
              </small>
            )}
            <Button type="button" label={t("kpi.ads.respread")} text onClick={onRespread} />
          </div>
        </>
      )}
    </fieldset>
  );
}
