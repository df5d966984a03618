/**
 * TikTok Ads Manager report (EXPORTS.md §5A), CSV or XLSX, at ad level with the day breakdown
 * (`By Day` or `Date`). TikTok writes `--` for a blank and `<5` for a masked low count (both read
 * as 0), and a `Total` / `Total of N results` row (left out). The names of the columns are the
 * ones public importers of real exports read; a report without Campaign ID or Ad group ID columns
 * (the default columns) tells campaigns and ad groups apart by their names.
 */
import { cleanCell, findColumn } from "../normalize";
import { FileRefusedError } from "../types";
import {
  budgetKindOf, countCell, currencyCell, dayCell, idFromNames, moneyCell, nameCell, objectiveNotes, objectiveOf, optionalMoneyCell,
  platformId, resultTypeOf, RowCheck, statusOf,
} from "./cells";
import { TOTAL_LABELS } from "./metaColumns";
import { defineAdsFormat, type AdRowDraft, type RowResult } from "./types";

export const TIKTOK_ADS_FIELDS = {
  day: ["By Day", "Date", "Day", "Stat time day"],
  campaignName: ["Campaign name", "Campaign Name"],
  campaignId: ["Campaign ID"],
  adGroupName: ["Ad group name", "Ad Group Name", "Adgroup name"],
  adGroupId: ["Ad group ID", "Adgroup ID"],
  adName: ["Ad name", "Ad Name"],
  adId: ["Ad ID"],
  currency: ["Currency"],
  cost: ["Cost", "Spend", "Total cost"],
  impressions: ["Impressions"],
  reach: ["Reach"],
  destinationClicks: ["Clicks (destination)", "Destination clicks", "Click (destination)"],
  clicksAll: ["Clicks (all)", "Clicks"],
  videoViews: ["Video views", "Video Views", "Total video views"],
  results: ["Results", "Result"],
  conversions: ["Conversions", "Conversion"],
  shopPurchases: ["Purchases (Shop)"],
  resultType: ["Result type", "Optimization event"],
  purchaseValue: ["Total purchase value", "Purchase value", "Total complete payment value", "Gross revenue (Shop)"],
  objective: ["Objective", "Advertising objective", "Objective type"],
  campaignStatus: ["Campaign status", "Campaign primary status"],
  budget: ["Ad group budget", "Budget"],
  budgetMode: ["Ad group budget mode", "Budget mode"],
  optimisationGoal: ["Optimization goal", "Optimisation goal"],
} as const;
type Field = keyof typeof TIKTOK_ADS_FIELDS;

const has = (index: ReadonlyMap<string, number>, aliases: readonly string[]) => findColumn(index, aliases) !== undefined;

export const tiktokAdsFormat = defineAdsFormat<Field>({
  format: "tiktok-ads",
  label: "a TikTok Ads Manager report",
  channel: "tiktok",
  fields: TIKTOK_ADS_FIELDS,
  required: ["day", "campaignName", "adGroupName", "adName", "adId", "cost", "impressions"],
  matches: (index) => (has(index, TIKTOK_ADS_FIELDS.adGroupName) || has(index, TIKTOK_ADS_FIELDS.adGroupId)) && has(index, TIKTOK_ADS_FIELDS.cost),
  reader(col, ctx, notes, header) {
    const clicks = col.destinationClicks ?? col.clicksAll;
    if (col.destinationClicks === undefined) {
      notes.push({ line: 0, reason: col.clicksAll === undefined ? "the report has no Clicks (destination) column: clicks are stored as 0" : "the report has no Clicks (destination) column: clicks are read from Clicks (all)" });
    }
    if (col.reach === undefined) notes.push({ line: 0, reason: "the report has no Reach column: reach is stored as 0, so these ads have no frequency" });
    if (col.campaignId === undefined) notes.push({ line: 0, reason: "the report has no Campaign ID column: campaigns are told apart by their names" });
    if (col.adGroupId === undefined) notes.push({ line: 0, reason: "the report has no Ad group ID column: ad groups are told apart by their names within their campaign" });
    if (col.currency === undefined) notes.push({ line: 0, reason: "the report has no Currency column: the cost is taken to be in THB" });
    const resultCol = col.results ?? col.conversions ?? col.shopPurchases;
    const resultName = resultCol === undefined ? null : resultCol === col.results ? null : resultCol === col.conversions ? "Conversions" : "Purchases (Shop)";
    if (resultCol === undefined) notes.push({ line: 0, reason: "the report has no Results, Conversions or Purchases (Shop) column: results are stored as 0" });
    if (col.day === undefined) throw new FileRefusedError("the report has no By Day column: export with the breakdown by day");
    const unknownObjective = objectiveNotes(notes);
    return (row): RowResult<AdRowDraft> => {
      const cell = (c: number | undefined) => (c === undefined ? "" : row.cells[c]);
      const campaignText = cleanCell(cell(col.campaignName));
      const identity = [campaignText, ...[col.campaignId, col.adGroupName, col.adGroupId, col.adName, col.adId].map((c) => cleanCell(cell(c)))];
      const named = identity.find((s) => s !== "");
      if (named === undefined || TOTAL_LABELS.test(campaignText) || TOTAL_LABELS.test(cleanCell(row.cells[0]))) return { skipped: "totals row left out" };
      const check = new RowCheck();
      const day = dayCell(cell(col.day), header("day"), ctx.today, check);
      if (col.currency !== undefined) currencyCell(cell(col.currency), header("currency"), check);
      const campaignName = nameCell(cell(col.campaignName), header("campaignName"), check);
      const adSetName = nameCell(cell(col.adGroupName), header("adGroupName"), check);
      const adName = nameCell(cell(col.adName), header("adName"), check);
      const campaignId = col.campaignId === undefined ? idFromNames(ctx.account, "campaign", campaignName) : platformId(cell(col.campaignId), header("campaignId"), check);
      const adSetId = col.adGroupId === undefined ? idFromNames(ctx.account, "adset", campaignId ?? "", adSetName) : platformId(cell(col.adGroupId), header("adGroupId"), check);
      const adId = platformId(cell(col.adId), header("adId"), check);
      const spendSatang = moneyCell(cell(col.cost), header("cost"), check);
      const impressions = countCell(cell(col.impressions), header("impressions"), check);
      const reach = countCell(cell(col.reach), "Reach", check);
      const clickCount = countCell(cell(clicks), clicks === col.destinationClicks ? header("destinationClicks") : header("clicksAll"), check);
      const videoViews = countCell(cell(col.videoViews), "Video views", check);
      const results = resultCol === undefined ? 0 : countCell(cell(resultCol), resultCol === col.results ? header("results") : resultCol === col.conversions ? header("conversions") : header("shopPurchases"), check);
      const typed = resultTypeOf(cell(col.resultType));
      const resultType = results > 0 || typed !== null ? (typed ?? resultName) : null;
      const purchaseValueSatang = col.purchaseValue === undefined ? null : optionalMoneyCell(cell(col.purchaseValue), header("purchaseValue"), check);
      const objectiveText = cleanCell(cell(col.objective));
      const objective = objectiveText === "" ? null : objectiveOf(objectiveText);
      if (objective === null && objectiveText !== "") unknownObjective(objectiveText, row.line);
      const budgetSatang = col.budget === undefined || !/\d/.test(cleanCell(cell(col.budget))) ? null : optionalMoneyCell(cell(col.budget), header("budget"), check);
      if (!check.ok) return { refused: check.problems.join("; ") };
      const goal = cleanCell(cell(col.optimisationGoal));
      return {
        line: row.line, day: day!, campaignId: campaignId!, campaignName, objective, status: statusOf(cell(col.campaignStatus)),
        adSetId: adSetId!, adSetName, budgetSatang, budgetKind: budgetSatang === null ? null : budgetKindOf(cell(col.budgetMode)),
        optimisationGoal: goal === "" || goal === "--" ? null : goal.slice(0, 100),
        adId: adId!, adName, format: null, spendSatang: spendSatang!, impressions, reach, clicks: clickCount, videoViews, results, resultType,
        purchaseValueSatang,
      };
    };
  },
});
