/**
 * Meta Ads Manager report (EXPORTS.md §4), CSV or XLSX, English or Thai headers, at ad level with
 * the campaign and ad set columns and the breakdown by day (a `Day` column, or a report of one day:
 * `Reporting starts` = `Reporting ends`). The columns are the metrics import's (`./metaColumns.ts`).
 */
import { cleanCell, findColumn } from "../normalize";
import { FileRefusedError } from "../types";
import {
  budgetKindOf, countCell, objectiveNotes, currencyCell, dayCell, idFromNames, moneyCell, nameCell, objectiveOf, optionalMoneyCell, platformId,
  resultTypeOf, RowCheck, statusOf,
} from "./cells";
import { META_ADS_COLUMNS, META_ADS_FIGURES, SPENT, TOTAL_LABELS } from "./metaColumns";
import { defineAdsFormat, type AdRowDraft, type RowResult } from "./types";

export const META_ADS_FIELDS = {
  ...META_ADS_COLUMNS,
  ...META_ADS_FIGURES,
  objective: ["Objective", "วัตถุประสงค์"],
  campaignDelivery: ["Campaign delivery", "Campaign status"],
  adSetBudget: ["Ad set budget"],
  adSetBudgetType: ["Ad set budget type"],
  optimisationGoal: ["Optimization goal", "Optimisation goal", "Performance goal"],
} as const;
type Field = keyof typeof META_ADS_FIELDS;

const has = (index: ReadonlyMap<string, number>, aliases: readonly string[]) => findColumn(index, aliases) !== undefined;

export const metaAdsFormat = defineAdsFormat<Field>({
  format: "meta-ads",
  label: "a Meta Ads Manager report",
  channel: "facebook",
  fields: META_ADS_FIELDS,
  required: ["campaignName", "adSetName", "adName", "adId", "impressions"],
  matches: (index) => has(index, META_ADS_FIELDS.adId) && (has(index, META_ADS_FIELDS.day) || has(index, META_ADS_FIELDS.starts))
    && [...index.keys()].some((k) => SPENT.test(k)),
  refuse(index) {
    // Money in another currency is refused: budgets and KPI plans are in THB and nothing converts.
    for (const name of index.keys()) {
      const m = SPENT.exec(name);
      if (m && m[2]!.toUpperCase() !== "THB") return `Amount spent is in ${m[2]!.toUpperCase()}: only accounts that spend in THB can be imported`;
    }
    return null;
  },
  reader(col, ctx, notes, header) {
    if (col.day === undefined && (col.starts === undefined || col.ends === undefined)) {
      throw new FileRefusedError("the report has neither a Day column nor Reporting starts and Reporting ends: export with the breakdown By time → Day");
    }
    const clicks = col.linkClicks ?? col.clicksAll;
    if (col.linkClicks === undefined) notes.push({ line: 0, reason: col.clicksAll === undefined ? "the report has no Link clicks column: clicks are stored as 0" : "the report has no Link clicks column: clicks are read from Clicks (all)" });
    if (col.reach === undefined) notes.push({ line: 0, reason: "the report has no Reach column: reach is stored as 0, so these ads have no frequency" });
    if (col.campaignId === undefined) notes.push({ line: 0, reason: "the report has no Campaign ID column: campaigns are told apart by their names" });
    if (col.adSetId === undefined) notes.push({ line: 0, reason: "the report has no Ad set ID column: ad sets are told apart by their names within their campaign" });
    if (col.results === undefined) notes.push({ line: 0, reason: "the report has no Results column: results are read from Purchases, Leads or Messaging conversations started, by the campaign's objective" });
    let firstData = true;
    const unknownObjective = objectiveNotes(notes);
    return (row): RowResult<AdRowDraft> => {
      const cell = (c: number | undefined) => (c === undefined ? "" : row.cells[c]);
      const identity = [col.campaignName, col.campaignId, col.adSetName, col.adSetId, col.adName, col.adId].map((c) => cleanCell(cell(c)));
      const named = identity.find((s) => s !== "");
      // Totals: no campaign, ad set or ad at all (Meta's first row), or a label such as รวมทั้งหมด.
      if (named === undefined || TOTAL_LABELS.test(named)) {
        const first = firstData;
        firstData = false;
        return { skipped: first && named === undefined ? "totals row (the first row, without a campaign or ad) left out" : "totals row left out" };
      }
      firstData = false;
      const check = new RowCheck();
      let day: string | null;
      if (col.day !== undefined) day = dayCell(cell(col.day), header("day"), ctx.today, check);
      else {
        const s = dayCell(cell(col.starts), header("starts"), ctx.today, check);
        const e = dayCell(cell(col.ends), header("ends"), ctx.today, check);
        if (s !== null && e !== null && s !== e) check.fail(header("starts"), `the row covers ${s} to ${e}, not one day: export with the breakdown By time → Day`);
        day = s;
      }
      if (col.currency !== undefined) currencyCell(cell(col.currency), header("currency"), check);
      const campaignName = nameCell(cell(col.campaignName), header("campaignName"), check);
      const adSetName = nameCell(cell(col.adSetName), header("adSetName"), check);
      const adName = nameCell(cell(col.adName), header("adName"), check);
      const campaignId = col.campaignId === undefined ? idFromNames(ctx.account, "campaign", campaignName) : platformId(cell(col.campaignId), header("campaignId"), check);
      const adSetId = col.adSetId === undefined ? idFromNames(ctx.account, "adset", campaignId ?? "", adSetName) : platformId(cell(col.adSetId), header("adSetId"), check);
      const adId = platformId(cell(col.adId), header("adId"), check);
      const spendSatang = moneyCell(cell(col.spend), header("spend"), check);
      const impressions = countCell(cell(col.impressions), header("impressions"), check);
      const reach = countCell(cell(col.reach), col.reach === undefined ? "Reach" : header("reach"), check);
      const clickCount = countCell(cell(clicks), clicks === col.linkClicks ? header("linkClicks") : header("clicksAll"), check);
      const videoViews = countCell(cell(col.videoPlays), col.videoPlays === undefined ? "3-second video plays" : header("videoPlays"), check);
      const objectiveText = cleanCell(cell(col.objective));
      const objective = objectiveText === "" ? null : objectiveOf(objectiveText);
      if (objective === null && objectiveText !== "") unknownObjective(objectiveText, row.line);
      let results: number;
      let resultType: string | null;
      if (col.results !== undefined) {
        results = countCell(cell(col.results), header("results"), check);
        resultType = results > 0 || cleanCell(cell(col.resultIndicator)) !== "" ? resultTypeOf(cell(col.resultIndicator)) : null;
      } else {
        // No Results column: the objective's own column, when the report has it.
        const by = objective === "leads" ? ([col.leads, "Leads"] as const) : objective === "messages" ? ([col.messaging, "Messaging conversations started"] as const) : ([col.purchases, "Purchases"] as const);
        results = by[0] === undefined ? 0 : countCell(cell(by[0]), by[1], check);
        resultType = results > 0 ? by[1] : null;
      }
      const purchaseValueSatang = col.purchaseValue === undefined ? null : optionalMoneyCell(cell(col.purchaseValue), header("purchaseValue"), check);
      const budgetText = cleanCell(cell(col.adSetBudget));
      const budgetKind = budgetKindOf(cell(col.adSetBudgetType));
      // "Using campaign budget" (a campaign budget) is no ad set budget.
      const budgetSatang = budgetText === "" || !/^[฿\d.,\s]+(THB)?$/i.test(budgetText) ? null : optionalMoneyCell(budgetText, header("adSetBudget"), check);
      if (!check.ok) return { refused: check.problems.join("; ") };
      const goal = cleanCell(cell(col.optimisationGoal));
      return {
        line: row.line, day: day!, campaignId: campaignId!, campaignName, objective, status: statusOf(cell(col.campaignDelivery)),
        adSetId: adSetId!, adSetName, budgetSatang, budgetKind: budgetSatang === null ? null : budgetKind, optimisationGoal: goal === "" ? null : goal.slice(0, 100),
        adId: adId!, adName, format: null, spendSatang: spendSatang!, impressions, reach, clicks: clickCount, videoViews, results, resultType,
        purchaseValueSatang,
      };
    };
  },
});
