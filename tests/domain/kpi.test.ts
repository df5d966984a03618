import { describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Amount, KpiParamKeys, KpiTemplate, type KpiParamKey, type KpiPlan, type RfmWeight } from "../../domain/entities";
import {
  DEFAULT_SEGMENTS, costPerUnit, emptyKpiPlan, emptyKpiTemplate, remainingBudget, remainingPercent,
  resetUnselectedParams, round2, sanitizeNumericInput, selectedParamsOf, toAmountNumber,
} from "../../domain/kpi";

const planWith = (values: Partial<Record<KpiParamKey, { kpi?: Amount; budget?: Amount }>>, setMonth: KpiPlan["setMonth"] = []): KpiPlan => {
  const plan = { ...emptyKpiPlan(), setMonth } as Record<string, unknown>;
  for (const [key, v] of Object.entries(values)) plan[key] = { kpi: v.kpi ?? "", budget: v.budget ?? "" };
  return plan as KpiPlan;
};

describe("sanitizeNumericInput", () => {
  it.each([
    { behaviour: "drops letters and every decimal point after the first", text: "12a.3.4", expected: "12.34" },
    { behaviour: "turns text without digits into an empty string", text: "abc", expected: "" },
    { behaviour: "keeps a leading decimal point", text: ".5", expected: ".5" },
    { behaviour: "collapses a doubled decimal point into one", text: "1..2", expected: "1.2" },
    { behaviour: "leaves an empty input empty", text: "", expected: "" },
    { behaviour: "keeps a plain integer unchanged", text: "15000", expected: "15000" },
    { behaviour: "strips the minus sign so amounts cannot go negative", text: "-12", expected: "12" },
    { behaviour: "strips thousands separators and spaces", text: " 1,234.50 ", expected: "1234.50" },
    { behaviour: "strips exponent notation letters", text: "1e5", expected: "15" },
    { behaviour: "strips Thai digits and the baht sign, keeping only ASCII digits", text: "฿๑๒3", expected: "3" },
    { behaviour: "keeps a trailing decimal point while the user is typing", text: "7.", expected: "7." },
    { behaviour: "keeps only the first point when the input is only points", text: "...", expected: "." },
  ])("$behaviour", ({ text, expected }) => {
    expect(sanitizeNumericInput(text)).toBe(expected);
  });

  it.each(["12a.3.4", "abc", "1..2", "x.y.9z", "0.0.0"])("yields text the Amount schema accepts or a lone point, for %j", (text) => {
    const out = sanitizeNumericInput(text);
    expect(out === "." || Schema.is(Amount)(out)).toBe(true);
  });
});

describe("toAmountNumber", () => {
  it.each([
    { behaviour: "reads an empty string as no amount", a: "", expected: null },
    { behaviour: "reads null as no amount", a: null, expected: null },
    { behaviour: "reads undefined as no amount", a: undefined, expected: null },
    { behaviour: "parses an integer string", a: "1500", expected: 1500 },
    { behaviour: "parses a decimal string", a: "12.34", expected: 12.34 },
    { behaviour: "parses a string starting with the decimal point", a: ".5", expected: 0.5 },
    { behaviour: "parses a string ending with the decimal point", a: "5.", expected: 5 },
    { behaviour: "reads a lone decimal point as no amount yet", a: ".", expected: null },
    { behaviour: "reads a zero string as zero, not as empty", a: "0", expected: 0 },
    { behaviour: "returns a number as it is", a: 42.5, expected: 42.5 },
    { behaviour: "returns zero as zero", a: 0, expected: 0 },
    { behaviour: "reads NaN as no amount", a: Number.NaN, expected: null },
    { behaviour: "reads Infinity as no amount", a: Number.POSITIVE_INFINITY, expected: null },
    { behaviour: "rejects exponent notation that the input could never produce", a: "1e3", expected: null },
    { behaviour: "rejects text that is not a number", a: "abc", expected: null },
  ])("$behaviour", ({ a, expected }) => {
    expect(toAmountNumber(a)).toBe(expected);
  });
});

describe("round2", () => {
  it.each([
    { behaviour: "rounds 1.005 up to 1.01 despite its binary value being below the half", x: 1.005, expected: 1.01 },
    { behaviour: "rounds 1.255 up to 1.26", x: 1.255, expected: 1.26 },
    { behaviour: "rounds 8.345 up to 8.35", x: 8.345, expected: 8.35 },
    { behaviour: "rounds 1.004 down to 1", x: 1.004, expected: 1 },
    { behaviour: "rounds a half away from zero on negative numbers", x: -1.005, expected: -1.01 },
    { behaviour: "removes the float noise of 0.1 + 0.2", x: 0.1 + 0.2, expected: 0.3 },
    { behaviour: "keeps a number that already has 2 decimals", x: 12.34, expected: 12.34 },
    { behaviour: "rounds a tiny number in exponent notation to zero", x: 1e-7, expected: 0 },
    { behaviour: "rounds a tiny negative number to plain zero, not negative zero", x: -0.001, expected: 0 },
    { behaviour: "keeps a large amount intact", x: 123456789.125, expected: 123456789.13 },
    { behaviour: "turns NaN into zero so no NaN is shown", x: Number.NaN, expected: 0 },
  ])("$behaviour", ({ x, expected }) => {
    expect(round2(x)).toBe(expected);
  });
});

describe("costPerUnit", () => {
  it.each<{ behaviour: string; budget: Amount; kpi: Amount; param: KpiParamKey; expected: number }>([
    { behaviour: "divides budget by KPI", budget: "1000", kpi: "200", param: "reach", expected: 5 },
    { behaviour: "rounds the cost to 2 decimals", budget: "100", kpi: "3", param: "click", expected: 33.33 },
    { behaviour: "rounds a half cent away from zero", budget: "1.005", kpi: "1", param: "click", expected: 1.01 },
    { behaviour: "rounds 2.675 up although its binary value is below the half", budget: "2.675", kpi: "1", param: "view", expected: 2.68 },
    { behaviour: "gives the cost per thousand for impression", budget: "5000", kpi: "100000", param: "impression", expected: 50 },
    { behaviour: "rounds the CPM after multiplying by 1000", budget: "1", kpi: "3", param: "impression", expected: 333.33 },
    { behaviour: "does not multiply other parameters by 1000", budget: "5000", kpi: "100000", param: "reach", expected: 0.05 },
    { behaviour: "gives 0 when the budget is empty", budget: "", kpi: "100", param: "reach", expected: 0 },
    { behaviour: "gives 0 when the KPI is empty", budget: "100", kpi: "", param: "reach", expected: 0 },
    { behaviour: "gives 0 when both are empty", budget: "", kpi: "", param: "impression", expected: 0 },
    { behaviour: "gives 0 instead of Infinity when the KPI is 0", budget: "100", kpi: "0", param: "reach", expected: 0 },
    { behaviour: "gives 0 when the budget is 0", budget: "0", kpi: "10", param: "reach", expected: 0 },
    { behaviour: "gives 0 while the KPI is only a decimal point", budget: "100", kpi: ".", param: "reach", expected: 0 },
    { behaviour: "accepts numbers as well as texts", budget: 250, kpi: 4, param: "inbox", expected: 62.5 },
    { behaviour: "gives 0 when the cost is below half a cent", budget: "1", kpi: "1000", param: "engagement", expected: 0 },
  ])("$behaviour", ({ budget, kpi, param, expected }) => {
    expect(costPerUnit(budget, kpi, param)).toBe(expected);
  });
});

describe("remainingBudget", () => {
  it.each<{ behaviour: string; t: Pick<KpiTemplate, "Budget" | "MA" | "ADS">; expected: number }>([
    {
      behaviour: "is the whole Budget when no parameter has a budget",
      t: { Budget: "10000", MA: emptyKpiPlan(), ADS: emptyKpiPlan() }, expected: 10000,
    },
    {
      behaviour: "subtracts the parameter budgets of both MA and ADS",
      t: { Budget: "10000", MA: planWith({ reach: { budget: "1000" }, view: { budget: "500" } }), ADS: planWith({ click: { budget: "2500" } }) },
      expected: 6000,
    },
    {
      behaviour: "counts gmv and nmv budgets too, as every parameter counts",
      t: { Budget: "1000", MA: planWith({ gmv: { budget: "100" } }), ADS: planWith({ nmv: { budget: "50" } }) }, expected: 850,
    },
    {
      behaviour: "does not count setMonth budgets, which only split the ADS budgets",
      t: {
        Budget: "1000", MA: emptyKpiPlan(),
        ADS: planWith({ click: { budget: "600" } }, [
          { startDate: "2024-01-01", endDate: "2024-01-31", budget: "300" },
          { startDate: "2024-02-01", endDate: "2024-02-29", budget: "300" },
        ]),
      },
      expected: 400,
    },
    {
      behaviour: "treats an empty Budget as 0 and goes negative",
      t: { Budget: "", MA: planWith({ reach: { budget: "150" } }), ADS: emptyKpiPlan() }, expected: -150,
    },
    {
      behaviour: "goes negative when the plan is over budget",
      t: { Budget: "100", MA: planWith({ reach: { budget: "80" } }), ADS: planWith({ click: { budget: "70.5" } }) }, expected: -50.5,
    },
    {
      behaviour: "treats empty and lone-point parameter budgets as 0",
      t: { Budget: "100", MA: planWith({ reach: { budget: "" }, view: { budget: "." } }), ADS: emptyKpiPlan() }, expected: 100,
    },
    {
      behaviour: "removes float noise from decimal budgets",
      t: { Budget: "0.3", MA: planWith({ reach: { budget: "0.1" } }), ADS: planWith({ view: { budget: "0.2" } }) }, expected: 0,
    },
    {
      behaviour: "rounds the remainder to 2 decimals",
      t: { Budget: "100.555", MA: emptyKpiPlan(), ADS: emptyKpiPlan() }, expected: 100.56,
    },
    {
      behaviour: "accepts numeric amounts next to texts",
      t: { Budget: 5000, MA: planWith({ reach: { budget: 1200 } }), ADS: planWith({ click: { budget: "800" } }) }, expected: 3000,
    },
  ])("$behaviour", ({ t, expected }) => {
    expect(remainingBudget(t)).toBe(expected);
  });
});

describe("remainingPercent", () => {
  const w = (r: Amount, f: Amount, m: Amount): RfmWeight[] => [
    { name: "Recency", weight: r }, { name: "Frequency", weight: f }, { name: "Monetary", weight: m },
  ];
  it.each<{ behaviour: string; weights: RfmWeight[]; expected: number }>([
    { behaviour: "is 100 when every weight is empty", weights: w("", "", ""), expected: 100 },
    { behaviour: "is 100 when there are no weights at all", weights: [], expected: 100 },
    { behaviour: "subtracts the filled weights and ignores the empty one", weights: w("30", "", "20"), expected: 50 },
    { behaviour: "is 0 when the weights total 100", weights: w("40", "35", "25"), expected: 0 },
    { behaviour: "goes negative when the weights exceed 100", weights: w("60", "50", "10"), expected: -20 },
    { behaviour: "keeps decimals to 2 places", weights: w("33.33", "33.33", "33.33"), expected: 0.01 },
    { behaviour: "removes float noise from decimal weights", weights: w("0.1", "0.2", ""), expected: 99.7 },
    { behaviour: "accepts numeric weights", weights: w(50, 25, "5"), expected: 20 },
  ])("$behaviour", ({ weights, expected }) => {
    expect(remainingPercent(weights)).toBe(expected);
  });
});

describe("DEFAULT_SEGMENTS", () => {
  it.each([
    ["Champions", 9], ["Loyal Customers", 8], ["Potential Loyallists", 7], ["New Customers", 6], ["Promising", 5],
    ["About To Sleep", 4], ["Can't Lose Them", 3], ["At Risk", 2], ["Hibernating", 1],
  ] as const)("ranks %s at %i, in rank order", (name, rank) => {
    expect(DEFAULT_SEGMENTS[9 - rank]).toEqual({ name, rank });
  });

  it("lists exactly the nine segments of the spec", () => {
    expect(DEFAULT_SEGMENTS).toHaveLength(9);
  });

  it("cannot be changed by a caller", () => {
    expect(Object.isFrozen(DEFAULT_SEGMENTS)).toBe(true);
    expect(DEFAULT_SEGMENTS.every((s) => Object.isFrozen(s))).toBe(true);
  });
});

describe("emptyKpiPlan", () => {
  it.each(KpiParamKeys)("holds an empty kpi and budget for %s", (key) => {
    expect(emptyKpiPlan()[key]).toEqual({ kpi: "", budget: "" });
  });

  it("has no periods and no keys beyond setMonth and the 12 parameters", () => {
    const plan = emptyKpiPlan();
    expect(plan.setMonth).toEqual([]);
    expect(Object.keys(plan).sort()).toEqual(["setMonth", ...KpiParamKeys].sort());
  });

  it("returns a fresh object each time so forms do not share state", () => {
    const a = emptyKpiPlan();
    const b = emptyKpiPlan();
    expect(a).not.toBe(b);
    expect(a.reach).not.toBe(b.reach);
    expect(a.setMonth).not.toBe(b.setMonth);
  });
});

describe("emptyKpiTemplate", () => {
  it.each([
    { behaviour: "starts with an empty title when none is given", title: undefined, expected: "" },
    { behaviour: "keeps the given title", title: "Q1 plan", expected: "Q1 plan" },
  ])("$behaviour", ({ title, expected }) => {
    expect(emptyKpiTemplate(title).title).toBe(expected);
  });

  it("has an empty Budget and empty MA and ADS plans", () => {
    const t = emptyKpiTemplate();
    expect(t.Budget).toBe("");
    expect(t.MA).toEqual(emptyKpiPlan());
    expect(t.ADS).toEqual(emptyKpiPlan());
  });

  it("holds empty Recency, Frequency and Monetary weights, then the default segments", () => {
    expect(emptyKpiTemplate().RFM).toEqual([
      { setting: [{ name: "Recency", weight: "" }, { name: "Frequency", weight: "" }, { name: "Monetary", weight: "" }] },
      { segment: DEFAULT_SEGMENTS },
    ]);
  });

  it("copies the default segments so editing a form cannot change the defaults", () => {
    const block = emptyKpiTemplate().RFM[1];
    expect(block && "segment" in block ? block.segment[0] : undefined).not.toBe(DEFAULT_SEGMENTS[0]);
  });

  it("is a valid KPI template once it has a title", () => {
    expect(Schema.is(KpiTemplate)(emptyKpiTemplate("Q1 plan"))).toBe(true);
  });

  it("is rejected by the template schema while the title is empty", () => {
    expect(Schema.is(KpiTemplate)(emptyKpiTemplate())).toBe(false);
  });
});

describe("selectedParamsOf", () => {
  it.each<{ behaviour: string; plan: KpiPlan; expected: KpiParamKey[] }>([
    { behaviour: "selects nothing in an empty plan", plan: emptyKpiPlan(), expected: [] },
    { behaviour: "selects the parameters whose kpi is filled", plan: planWith({ reach: { kpi: "1000" }, click: { kpi: "50" } }), expected: ["reach", "click"] },
    { behaviour: "ignores a parameter that has a budget but no kpi", plan: planWith({ view: { budget: "300" } }), expected: [] },
    { behaviour: "selects a parameter whose kpi is a number", plan: planWith({ inbox: { kpi: 12 } }), expected: ["inbox"] },
    { behaviour: "selects a parameter whose kpi is zero, as the user typed it", plan: planWith({ follower: { kpi: "0" } }), expected: ["follower"] },
    { behaviour: "lists keys in parameter order, not in the order they were filled", plan: planWith({ conversion: { kpi: "1" }, reach: { kpi: "2" } }), expected: ["reach", "conversion"] },
    { behaviour: "ignores setMonth periods", plan: planWith({}, [{ startDate: "2024-01-01", endDate: "2024-01-31", budget: "10" }]), expected: [] },
  ])("$behaviour", ({ plan, expected }) => {
    expect(selectedParamsOf(plan)).toEqual(expected);
  });
});

describe("resetUnselectedParams", () => {
  const filled = planWith(
    { reach: { kpi: "1000", budget: "500" }, click: { kpi: "10", budget: "200" } },
    [{ startDate: "2024-01-01", endDate: "2024-01-31", budget: "100" }],
  );
  it.each<{ behaviour: string; selected: KpiParamKey[]; key: KpiParamKey; expected: { kpi: Amount; budget: Amount } }>([
    { behaviour: "keeps a parameter that stays selected", selected: ["reach"], key: "reach", expected: { kpi: "1000", budget: "500" } },
    { behaviour: "empties a parameter that is no longer selected", selected: ["reach"], key: "click", expected: { kpi: "", budget: "" } },
    { behaviour: "empties everything when the selection is cleared", selected: [], key: "reach", expected: { kpi: "", budget: "" } },
    { behaviour: "leaves a newly selected empty parameter empty", selected: ["view"], key: "view", expected: { kpi: "", budget: "" } },
  ])("$behaviour", ({ selected, key, expected }) => {
    expect(resetUnselectedParams(filled, selected)[key]).toEqual(expected);
  });

  it("keeps gmv and nmv, which the dialog does not offer, whatever the selection", () => {
    const shop = planWith({ gmv: { kpi: "5000000", budget: "0" }, nmv: { kpi: "4000000", budget: "" }, reach: { kpi: "1", budget: "1" } });
    const out = resetUnselectedParams(shop, []);
    expect([out.gmv, out.nmv, out.reach]).toEqual([{ kpi: "5000000", budget: "0" }, { kpi: "4000000", budget: "" }, { kpi: "", budget: "" }]);
  });

  it("keeps the setMonth periods and leaves the given plan untouched", () => {
    const out = resetUnselectedParams(filled, []);
    expect(out.setMonth).toEqual(filled.setMonth);
    expect(filled.reach).toEqual({ kpi: "1000", budget: "500" });
  });
});
