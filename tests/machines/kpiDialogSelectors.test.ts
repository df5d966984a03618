import { describe, expect, it } from "vitest";
import type { KpiParamKey, KpiTemplate, RfmWeight, Segment } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { splitBudgetByMonth } from "../../domain/kpiPlan";
import { selectAdsMonths, selectFormFigures, selectParamRows, selectRfm } from "../../machines/kpiDialog/kpiDialogSelectors";

type Params = Partial<Record<KpiParamKey, { kpi: string; budget: string }>>;

function form(over: { Budget?: string; MA?: Params; ADS?: Params; weights?: string[]; segments?: Segment[] } = {}): KpiTemplate {
  const t = emptyKpiTemplate("Plan");
  const weights: RfmWeight[] = (over.weights ?? ["", "", ""]).map((weight, i) => ({ name: (["Recency", "Frequency", "Monetary"] as const)[i]!, weight }));
  return {
    ...t,
    Budget: over.Budget ?? "",
    MA: { ...t.MA, ...over.MA },
    ADS: { ...t.ADS, ...over.ADS },
    RFM: over.segments === undefined ? [{ setting: weights }, t.RFM[1]!] : [{ setting: weights }, { segment: over.segments }],
  };
}

describe("selectParamRows: the rows of a plan's selected parameters", () => {
  it.each<[string, Params, KpiParamKey[], { key: KpiParamKey; costLabel: string; costPerUnit: number }[]]>([
    ["nothing selected", { reach: { kpi: "100", budget: "50" } }, [], []],
    ["cost per unit is budget ÷ KPI", { reach: { kpi: "2000", budget: "500" } }, ["reach"], [{ key: "reach", costLabel: "Cost per unit", costPerUnit: 0.25 }]],
    ["impression costs per thousand (CPM)", { impression: { kpi: "100000", budget: "250" } }, ["impression"], [{ key: "impression", costLabel: "CPM", costPerUnit: 2.5 }]],
    ["a KPI of 0 gives a cost of 0, not Infinity", { click: { kpi: "0", budget: "300" } }, ["click"], [{ key: "click", costLabel: "Cost per unit", costPerUnit: 0 }]],
    ["an empty budget gives 0", { click: { kpi: "40", budget: "" } }, ["click"], [{ key: "click", costLabel: "Cost per unit", costPerUnit: 0 }]],
    [
      "rows follow the toggle cards' order, not the order of selection",
      { reach: { kpi: "10", budget: "10" }, impression: { kpi: "1000", budget: "5" } },
      ["impression", "reach"],
      [
        { key: "reach", costLabel: "Cost per unit", costPerUnit: 1 },
        { key: "impression", costLabel: "CPM", costPerUnit: 5 },
      ],
    ],
  ])("%s", (_case, params, selected, rows) => {
    const got = selectParamRows(form({ MA: params }).MA, selected);
    expect(got.map(({ key, costLabel, costPerUnit }) => ({ key, costLabel, costPerUnit }))).toEqual(rows);
  });

  it("carries the typed budget and KPI text as the inputs show it", () => {
    const [row] = selectParamRows(form({ ADS: { click: { kpi: "12000", budget: "30000.5" } } }).ADS, ["click"]);
    expect(row).toMatchObject({ label: "Click", budget: "30000.5", kpi: "12000" });
  });
});

describe("selectFormFigures: Remaining Budget and its warning", () => {
  it.each<[string, string, Params, Params, number, boolean]>([
    ["an empty plan leaves the whole Budget", "1000", {}, {}, 1000, false],
    ["both plans count", "1000", { reach: { kpi: "", budget: "500" }, impression: { kpi: "", budget: "250" } }, { click: { kpi: "", budget: "300" } }, -50, true],
    ["exactly spent is not over", "800", { reach: { kpi: "", budget: "500" } }, { click: { kpi: "", budget: "300" } }, 0, false],
    ["no Budget typed counts as 0", "", { reach: { kpi: "", budget: "1" } }, {}, -1, true],
  ])("%s", (_case, Budget, MA, ADS, left, over) => {
    const f = selectFormFigures(form({ Budget, MA, ADS }));
    expect(f.remainingBudget).toBe(left);
    expect(f.warnings.budgetOver).toBe(over);
  });
});

describe("selectFormFigures: Remaining Percent and the weight warnings", () => {
  it.each<[string, string[], number, boolean, boolean]>([
    ["no weights: 100 left, no warning (RFM is optional)", ["", "", ""], 100, false, false],
    ["weights total 100", ["50", "30", "20"], 0, false, false],
    ["under 100", ["50", "30", ""], 20, false, true],
    ["over 100", ["50", "40", "30"], -20, true, true],
    ["decimals", ["33.33", "33.33", "33.34"], 0, false, false],
  ])("%s", (_case, weights, left, over, not100) => {
    const f = selectFormFigures(form({ weights }));
    expect(f.remainingPercent).toBe(left);
    expect(f.warnings.percentOver).toBe(over);
    expect(f.warnings.weightsNot100).toBe(not100);
  });
});

describe("selectAdsMonths: the Ads period, its months total and the mismatch warning", () => {
  const ads = (budget: string, months = splitBudgetByMonth("2026-01-16", "2026-03-15", budget) ?? []) => ({
    ...emptyKpiTemplate().ADS,
    click: { kpi: "", budget },
    setMonth: months,
  });

  it("has no range and no months before a range is set", () => {
    expect(selectAdsMonths(ads("300", []))).toEqual({ start: "", end: "", months: [], monthsTotal: 0, adsBudget: 300 });
  });

  it("reads the range from the first and last month and totals the months", () => {
    const f = selectAdsMonths(ads("30000"));
    expect(f).toMatchObject({ start: "2026-01-16", end: "2026-03-15", monthsTotal: 30000, adsBudget: 30000 });
    expect(f.months).toHaveLength(3);
  });

  it.each<[string, string[], boolean]>([
    ["the spread months add up", [], false],
    ["a month changed by hand", ["9000"], true],
  ])("%s: mismatch %s", (_case, firstMonth, mismatch) => {
    const months = splitBudgetByMonth("2026-01-16", "2026-03-15", "30000") ?? [];
    const edited = firstMonth.length === 0 ? months : [{ ...months[0]!, budget: firstMonth[0]! }, ...months.slice(1)];
    const t = form({ ADS: { click: { kpi: "", budget: "30000" } } });
    const f = selectFormFigures({ ...t, ADS: { ...t.ADS, setMonth: edited } });
    expect(f.warnings.periodsMismatch).toBe(mismatch);
    expect(f.ads.monthsTotal).toBe(firstMonth.length === 0 ? 30000 : 9000 + 30000 - Number(months[0]!.budget));
  });
});

describe("selectRfm and the segment warnings", () => {
  const seg = (name: string, rank: number): Segment => ({ name, rank });

  it("finds the weights and segments whatever order the RFM blocks come in", () => {
    const t = form({ weights: ["50", "30", "20"], segments: [seg("A", 1)] });
    const swapped: KpiTemplate = { ...t, RFM: [t.RFM[1]!, t.RFM[0]!] };
    expect(selectRfm(swapped)).toEqual(selectRfm(t));
    expect(selectRfm(t).segments).toEqual([seg("A", 1)]);
  });

  it.each<[string, Segment[], { duplicateName: boolean; duplicateRank: boolean; blankName: boolean }[]]>([
    ["distinct cards", [seg("A", 1), seg("B", 2)], [{ duplicateName: false, duplicateRank: false, blankName: false }, { duplicateName: false, duplicateRank: false, blankName: false }]],
    ["same name in another case flags both", [seg("VIP", 1), seg(" vip ", 2)], [{ duplicateName: true, duplicateRank: false, blankName: false }, { duplicateName: true, duplicateRank: false, blankName: false }]],
    ["same rank flags both", [seg("A", 3), seg("B", 3)], [{ duplicateName: false, duplicateRank: true, blankName: false }, { duplicateName: false, duplicateRank: true, blankName: false }]],
    ["a blank name", [seg("  ", 1)], [{ duplicateName: false, duplicateRank: false, blankName: true }]],
  ])("%s", (_case, segments, issues) => {
    const f = selectFormFigures(form({ segments }));
    expect(f.warnings.segments.map(({ duplicateName, duplicateRank, blankName }) => ({ duplicateName, duplicateRank, blankName }))).toEqual(issues);
  });
});
