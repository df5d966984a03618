import { describe, expect, it } from "vitest";
import type { KpiParamKey } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import {
  isAdsRange, isBlankName, isValidBound, isValidRank, normaliseSelection, saveRequest,
} from "../../machines/kpiDialog/kpiDraft";

describe("KPI template name (spec §5: required on save and update)", () => {
  it.each([
    ["", true],
    ["   ", true],
    ["\t\n", true],
    ["Q3", false],
    [" Q3 ", false],
  ])("%j blank: %s", (name, blank) => {
    expect(isBlankName(name)).toBe(blank);
  });
});

describe("parameter selection", () => {
  it.each<[string, KpiParamKey[], KpiParamKey[]]>([
    ["none", [], []],
    ["offered order", ["conversion", "reach"], ["reach", "conversion"]],
    ["duplicates once", ["click", "click"], ["click"]],
    ["gmv and nmv are not offered", ["gmv", "nmv", "inbox"], ["inbox"]],
  ])("%s", (_name, params, expected) => {
    expect(normaliseSelection(params)).toEqual(expected);
  });
});

describe("Ads date range", () => {
  it.each([
    ["one day", "2024-01-01", "2024-01-01", true],
    ["across a year end", "2023-12-15", "2024-01-15", true],
    ["stored with a time", "2024-01-01T00:00:00", "2024-01-31T23:59:59", true],
    ["end before start", "2024-02-01", "2024-01-31", false],
    ["a day that does not exist", "2024-02-30", "2024-03-01", false],
    ["not a date", "", "2024-03-01", false],
    ["more than 120 months", "2000-01-01", "2010-01-01", false],
  ])("%s: %s – %s usable: %s", (_name, start, end, usable) => {
    expect(isAdsRange(start, end)).toBe(usable);
  });
});

describe("segment rank and bounds", () => {
  it.each([
    [undefined, true],
    [0, true],
    [-3, true],
    [12, true],
    [2.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])("rank %s valid: %s", (rank, valid) => {
    expect(isValidRank(rank)).toBe(valid);
  });

  it.each<[number | null, number | null, boolean]>([
    [null, null, true],
    [1, 5, true],
    [5, 1, true],
    [Number.NaN, null, false],
    [null, Number.NEGATIVE_INFINITY, false],
  ])("bounds %s – %s valid: %s", (min, max, valid) => {
    expect(isValidBound(min, max)).toBe(valid);
  });
});

describe("upsert request (spec §7)", () => {
  const form = emptyKpiTemplate("  Q3 v2 ");

  it("Create sends the template with its name trimmed and no old title", () => {
    expect(saveRequest(form, null, "save")).toEqual({ template: emptyKpiTemplate("Q3 v2") });
  });

  it("Update also sends the old title", () => {
    expect(saveRequest(form, "Q3", "edit")).toEqual({ template: emptyKpiTemplate("Q3 v2"), title: "Q3" });
  });
});
