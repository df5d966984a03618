/**
 * The documented ads CSV (docs/ads-import.md#the-documented-csv): one row per ad and day, columns
 * by name in any order, for either platform or a tool of the brand's own.
 */
import { AD_FORMATS, AD_OBJECTIVES, CAMPAIGN_STATUSES, type AdFormat } from "../../../domain/adsContract";
import { cleanCell, findColumn } from "../normalize";
import {
  budgetKindOf, countCell, currencyCell, dayCell, moneyCell, nameCell, objectiveOf, optionalMoneyCell, resultTypeOf, RowCheck, statusOf, textId,
} from "./cells";
import { defineAdsFormat, type AdRowDraft, type RowResult } from "./types";

export const DOCUMENTED_ADS_FIELDS = {
  day: ["day"],
  campaignId: ["campaign_id"],
  campaignName: ["campaign_name"],
  objective: ["objective"],
  status: ["status"],
  adSetId: ["ad_set_id"],
  adSetName: ["ad_set_name"],
  budget: ["budget"],
  budgetKind: ["budget_kind"],
  optimisationGoal: ["optimisation_goal", "optimization_goal"],
  adId: ["ad_id"],
  adName: ["ad_name"],
  format: ["format"],
  currency: ["currency"],
  spend: ["spend"],
  impressions: ["impressions"],
  reach: ["reach"],
  clicks: ["clicks"],
  videoViews: ["video_views"],
  results: ["results"],
  resultType: ["result_type"],
  purchaseValue: ["purchase_value"],
} as const;
type Field = keyof typeof DOCUMENTED_ADS_FIELDS;

export const documentedAdsFormat = defineAdsFormat<Field>({
  format: "csv",
  label: "the documented ads CSV",
  channel: null,
  fields: DOCUMENTED_ADS_FIELDS,
  required: ["day", "campaignId", "campaignName", "adSetId", "adSetName", "adId", "adName", "spend", "impressions"],
  matches: (index) => findColumn(index, DOCUMENTED_ADS_FIELDS.adId) !== undefined && findColumn(index, DOCUMENTED_ADS_FIELDS.day) !== undefined
    && findColumn(index, DOCUMENTED_ADS_FIELDS.spend) !== undefined,
  reader(col, ctx) {
    return (row): RowResult<AdRowDraft> => {
      const cell = (c: number | undefined) => (c === undefined ? "" : row.cells[c]);
      const check = new RowCheck();
      const day = dayCell(cell(col.day), "day", ctx.today, check);
      currencyCell(cell(col.currency), "currency", check);
      const campaignId = textId(cell(col.campaignId), "campaign_id", check);
      const campaignName = nameCell(cell(col.campaignName), "campaign_name", check);
      const adSetId = textId(cell(col.adSetId), "ad_set_id", check);
      const adSetName = nameCell(cell(col.adSetName), "ad_set_name", check);
      const adId = textId(cell(col.adId), "ad_id", check);
      const adName = nameCell(cell(col.adName), "ad_name", check);
      const objectiveText = cleanCell(cell(col.objective));
      const objective = objectiveText === "" ? null : objectiveOf(objectiveText);
      if (objective === null && objectiveText !== "") check.fail("objective", `${JSON.stringify(objectiveText.slice(0, 40))} is not an objective (${AD_OBJECTIVES.join(", ")})`);
      const statusText = cleanCell(cell(col.status));
      const status = statusText === "" ? null : statusOf(statusText);
      if (status === null && statusText !== "") check.fail("status", `${JSON.stringify(statusText.slice(0, 40))} is not a status (${CAMPAIGN_STATUSES.join(", ")})`);
      const formatText = cleanCell(cell(col.format)).toLowerCase();
      if (formatText !== "" && !(AD_FORMATS as readonly string[]).includes(formatText)) check.fail("format", `${JSON.stringify(formatText.slice(0, 40))} is not a format (${AD_FORMATS.join(", ")})`);
      const budgetSatang = optionalMoneyCell(cell(col.budget), "budget", check);
      const kindText = cleanCell(cell(col.budgetKind));
      const budgetKind = kindText === "" ? null : budgetKindOf(kindText);
      if (kindText !== "" && budgetKind === null) check.fail("budget_kind", `${JSON.stringify(kindText.slice(0, 40))} is not daily or lifetime`);
      if (budgetSatang !== null && budgetKind === null && kindText === "") check.fail("budget_kind", "is empty: say whether the budget is daily or lifetime");
      const spendSatang = cleanCell(cell(col.spend)) === "" ? check.fail("spend", "is empty") : moneyCell(cell(col.spend), "spend", check);
      const impressions = cleanCell(cell(col.impressions)) === "" ? (check.fail("impressions", "is empty") ?? 0) : countCell(cell(col.impressions), "impressions", check);
      const reach = countCell(cell(col.reach), "reach", check);
      const clicks = countCell(cell(col.clicks), "clicks", check);
      const videoViews = countCell(cell(col.videoViews), "video_views", check);
      const results = countCell(cell(col.results), "results", check);
      const resultType = resultTypeOf(cell(col.resultType));
      if (results > 0 && resultType === null && objective === null) check.fail("result_type", "is empty: say what the results count (Purchases, Leads, …), or give the objective");
      const purchaseValueSatang = optionalMoneyCell(cell(col.purchaseValue), "purchase_value", check);
      if (!check.ok) return { refused: check.problems.join("; ") };
      const goal = cleanCell(cell(col.optimisationGoal));
      return {
        line: row.line, day: day!, campaignId: campaignId!, campaignName, objective, status, adSetId: adSetId!, adSetName,
        budgetSatang, budgetKind, optimisationGoal: goal === "" ? null : goal.slice(0, 100), adId: adId!, adName,
        format: formatText === "" ? null : (formatText as AdFormat), spendSatang: spendSatang!, impressions, reach, clicks, videoViews, results,
        resultType: results > 0 || resultType !== null ? resultType : null, purchaseValueSatang,
      };
    };
  },
});
