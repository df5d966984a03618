import { describe, expect, it } from "vitest";
import type { KpiParamKey } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import {
  failureMessage, isAdsRange, isBlankName, isTitleTaken, isValidBound, isValidRank, normaliseSelection, readableFailure, saveRequest,
  titleTakenMessage,
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

describe("a name another KPI template has (the server keys templates by exact title)", () => {
  const listed = ["Alpha", "Bravo", "Q3 push"];
  it.each<[string, string, string | null, boolean]>([
    ["Create, a free name", "Charlie", null, false],
    ["Create, a listed name", "Bravo", null, true],
    ["Create, a listed name with spaces around (sent trimmed)", "  Bravo ", null, true],
    ["Create, another case (the server tells them apart)", "bravo", null, false],
    ["Create, spaces inside are part of the name", "Q3  push", null, false],
    ["Edit, its own name", "Alpha", "Alpha", false],
    ["Edit, its own name with spaces around", " Alpha ", "Alpha", false],
    ["Edit, renamed to a free name", "Alpha 2", "Alpha", false],
    ["Edit, renamed onto another template's name", "Bravo", "Alpha", true],
  ])("%s: %j taken: %s", (_case, name, originalTitle, taken) => {
    expect(isTitleTaken(name, listed, originalTitle)).toBe(taken);
  });

  it("nothing is taken when the drawer lists nothing", () => {
    expect(isTitleTaken("Alpha", [], null)).toBe(false);
  });

  it("says which name, as it would be saved", () => {
    expect(titleTakenMessage("  Bravo ")).toBe('A KPI template named "Bravo" already exists.');
  });
});

describe("a failed save, as the dialog says it", () => {
  it.each([
    ["a conflict on the name", 'template.title: a template titled "Bravo" already exists', 'A template titled "Bravo" already exists'],
    ["a schema limit", "template.title: Expected a value with a length of at most 100", "Expected a value with a length of at most 100"],
    ["a missing field: its name is the subject", "template.title: is required", "Title is required"],
    ["a nested field", "template.RFM[1].segment[0].name: must not contain NUL characters or unpaired surrogates", "Name must not contain NUL characters or unpaired surrogates"],
    ["the whole body", "body: is not valid JSON", "Body is not valid JSON"],
    ["no field path", "The server could not be reached. Check your connection and try again.", "The server could not be reached. Check your connection and try again."],
    ["a sentence with a colon", "Unexpected answer from /user/upsert-kpi-template: title is missing", "Unexpected answer from /user/upsert-kpi-template: title is missing"],
    ["a capitalised word before a colon", "Error: try later", "Error: try later"],
  ])("%s", (_case, message, shown) => {
    expect(readableFailure(message)).toBe(shown);
  });

  it("an error without a message falls back to the dialog's own sentence", () => {
    expect(failureMessage(new Error("template.title: is required"), "not saved")).toBe("Title is required");
    expect(failureMessage(new Error("  "), "The KPI template was not saved.")).toBe("The KPI template was not saved.");
    expect(failureMessage("boom", "The KPI template was not saved.")).toBe("The KPI template was not saved.");
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
