/** Words and numbers of the CIR pages: ranges, figures by unit, times in Bangkok. */
import { DateTime } from "luxon";
import type { FigureUnit, ReportRange } from "../../../domain/cirContract";
import { BUSINESS_ZONE } from "../../../domain/dates";
import { relativeRangeLabel } from "@/components/cir/cirLabels";
import { formatDay, formatDayLong } from "@/components/format/dates";
import { formatCount, formatMoney, formatMoneyFigure, formatPercent } from "@/components/format/numbers";
import { t } from "@/i18n/i18n";

/** Two days of a range as the user's calendar writes them: "2024-03-01 to 2024-03-31". */
export const daysText = (start: string, end: string): string => t("cir.daysRange", { start: formatDay(start), end: formatDay(end) });

export function rangeText(range: ReportRange): string {
  return range.kind === "fixed" ? daysText(range.start, range.end) : relativeRangeLabel(range.preset);
}

/** A figure by its unit; `card`: in a figure card (money without .00 on whole amounts). */
export function formatFigure(unit: FigureUnit, value: number | null, card = false): string {
  if (value === null) return "—";
  switch (unit) {
    case "money":
      return card ? formatMoneyFigure(value) : formatMoney(value);
    case "percent":
      // Shares written 0–1 (server/services/cirSources.ts): 0.052 is 5.2 %.
      return formatPercent(value * 100, 2);
    case "ratio":
      return `${formatCount(value, 2)}×`;
    case "seconds":
      return t("cir.seconds", { value: formatCount(value, 1) });
    default:
      return formatCount(value);
  }
}

/** An instant as Bangkok reads it: "26 Nov 2026, 14:05 (Bangkok)" ("26 พ.ย. 2569, 14:05 (เวลากรุงเทพฯ)"). */
export function bangkokTime(iso: string): string {
  const at = DateTime.fromISO(iso, { zone: BUSINESS_ZONE });
  return at.isValid ? t("cir.bangkokTime", { day: formatDayLong(at.toFormat("yyyy-MM-dd")), time: at.toFormat("HH:mm") }) : iso;
}
