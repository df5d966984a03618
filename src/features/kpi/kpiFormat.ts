/** Number formats of the KPI dialog and drawer: money in THB, plain figures with grouping; the parameters' names. */

import type { RfmSettingName } from "../../../domain/entities";
import { formatMonth as monthInCalendar } from "@/components/format/dates";
import { formatCount, formatFixed2 as fixed2, formatMoney } from "@/components/format/numbers";
import { t, type MessageKey } from "@/i18n/i18n";

/** "฿1,234.50"; a negative amount as "-฿12.00". */
export const formatBaht = (x: number): string => formatMoney(x);
/** "1,234.5" */
export const formatFigure = (x: number): string => formatCount(x, 2);
/** "12.50": cost per unit always shows its 2 decimals (spec §5). */
export const formatFixed2 = (x: number): string => fixed2(x);

/** "January 2026" (Thai: "มกราคม 2569") for a YYYY-MM-DD day. */
export function formatMonth(day: string): string {
  const d = day.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(d) ? monthInCalendar(d) : day;
}

export { paramLabel } from "@/components/format/kpiParams";

const RFM_KEYS = {
  Recency: "kpi.rfm.recency",
  Frequency: "kpi.rfm.frequency",
  Monetary: "kpi.rfm.monetary",
} as const satisfies Record<RfmSettingName, MessageKey>;

/** An RFM setting's name: "Recency" / "Recency (ความใหม่)". */
export const rfmName = (name: RfmSettingName): string => t(RFM_KEYS[name]);

/*
 * English messages of machines/kpiDialog and machines/kpiDrawer (headings, the submit label,
 * toasts, failures) shown through translateMessage (the dialog, the drawer, the Toaster):
 * kpi.msg.createHeading, kpi.msg.editHeading, kpi.msg.save, kpi.msg.update, kpi.msg.nameRequired,
 * kpi.msg.saved, kpi.msg.titleTaken, kpi.msg.notSaved, kpi.msg.loadFailed, kpi.msg.deleted,
 * kpi.msg.notDeleted.
 */
