/** Words and numbers of the CIR pages: ranges, figures by unit, times in Bangkok. */
import { RELATIVE_RANGE_LABELS, type FigureUnit, type ReportRange } from "../../../domain/cirContract";
import { formatCount, formatMoney, formatPercent } from "@/components/format/numbers";

export function rangeText(range: ReportRange): string {
  return range.kind === "fixed" ? `${range.start} to ${range.end}` : RELATIVE_RANGE_LABELS[range.preset];
}

export function formatFigure(unit: FigureUnit, value: number | null): string {
  if (value === null) return "—";
  switch (unit) {
    case "money":
      return formatMoney(value);
    case "percent":
      // Shares written 0–1 (server/services/cirSources.ts): 0.052 is 5.2 %.
      return formatPercent(value * 100, 2);
    case "ratio":
      return `${formatCount(value, 2)}×`;
    case "seconds":
      return `${formatCount(value, 1)} s`;
    default:
      return formatCount(value);
  }
}

const BANGKOK = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

/** An instant as Bangkok reads it: "26 Nov 2026, 14:05 (Bangkok)". */
export function bangkokTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${BANGKOK.format(d)} (Bangkok)`;
}
