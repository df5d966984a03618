/**
 * A KPI parameter's name as people read it ("Page like" / "ถูกใจเพจ"): one map for the KPI
 * dialog, KPI progress on the start page and the Ads pacing table (features may not import
 * each other, so it lives here).
 */
import type { KpiParamKey } from "../../../domain/entities";
import { t, type MessageKey } from "@/i18n/i18n";

const PARAM_KEYS = {
  reach: "kpi.param.reach",
  engagement: "kpi.param.engagement",
  page_like: "kpi.param.pageLike",
  view: "kpi.param.view",
  follower: "kpi.param.follower",
  impression: "kpi.param.impression",
  click: "kpi.param.click",
  inbox: "kpi.param.inbox",
  gmv: "kpi.param.gmv",
  nmv: "kpi.param.nmv",
  leadgen: "kpi.param.leadgen",
  conversion: "kpi.param.conversion",
} as const satisfies Record<KpiParamKey, MessageKey>;

export const paramLabel = (key: KpiParamKey): string => t(PARAM_KEYS[key]);
