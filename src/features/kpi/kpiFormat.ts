/** Number formats of the KPI dialog and drawer: money in THB, plain figures with grouping. */

import { formatCount, formatFixed2 as fixed2, formatMoney } from "@/components/format/numbers";

/** "฿1,234.50"; a negative amount as "-฿12.00". */
export const formatBaht = (x: number): string => formatMoney(x);
/** "1,234.5" */
export const formatFigure = (x: number): string => formatCount(x, 2);
/** "12.50": cost per unit always shows its 2 decimals (spec §5). */
export const formatFixed2 = (x: number): string => fixed2(x);

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
/** "January 2026" for a YYYY-MM-DD day. */
export function formatMonth(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : monthName.format(d);
}
