import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { DEFAULT_DATE_RANGE } from "../../domain/dates";
import { VIEW_SEARCH_KEYS, ViewSearch, rangeSearch, resolveView, sharedViewSearch } from "../../domain/viewSearch";

const ctx = { brands: ["Aura", "Aura Move", "Tipco"], channels: ["All Channel", "Facebook", "TikTok"] };

describe("resolveView", () => {
  it("uses the defaults when the URL says nothing: 2024-01-01 to 2024-03-30, the first brand, All Channel, all pages, no KPI template", () => {
    expect(resolveView({}, ctx)).toEqual({
      range: DEFAULT_DATE_RANGE, brand: "Aura", ch: "All Channel", pages: [], bags: [], active: { kind: "none" }, kpi: null,
    });
  });

  it("takes the selected KPI template's title from the URL", () => {
    expect(resolveView({ kpi: "Q1 Launch" }, ctx).kpi).toBe("Q1 Launch");
  });

  it.each([
    ["the URL's brand", { brand: "Tipco" }, { brand: "Aura Move" }, "Tipco"],
    ["the remembered brand when the URL has none", {}, { brand: "Aura Move" }, "Aura Move"],
    ["the remembered brand when the URL's is not the user's", { brand: "Nestle" }, { brand: "Aura Move" }, "Aura Move"],
    ["the first brand when neither is the user's", { brand: "Nestle" }, { brand: "Pepsi" }, "Aura"],
  ])("picks %s", (_name, search, remembered, brand) => {
    expect(resolveView(search, { ...ctx, remembered }).brand).toBe(brand);
  });

  it("falls back to All Channel when the channel is not offered on this page", () => {
    expect(resolveView({ ch: "TikTok" }, { ...ctx, channels: ["All Channel", "Facebook"] }).ch).toBe("All Channel");
    expect(resolveView({}, { ...ctx, remembered: { ch: "TikTok" } }).ch).toBe("TikTok");
  });

  it.each([
    [{ start: "2024-02-01", end: "2024-02-29" }, { startDate: "2024-02-01T00:00:00", endDate: "2024-02-29T23:59:59" }],
    [{ start: "2024-03-01", end: "2024-02-01" }, DEFAULT_DATE_RANGE],
    [{ start: "2024-02-30", end: "2024-03-01" }, DEFAULT_DATE_RANGE],
    [{ start: "2024-02-01" }, DEFAULT_DATE_RANGE],
  ])("stores the range %j as %j", (search, range) => {
    expect(resolveView(search, ctx).range).toEqual(range);
  });

  it("makes the named template active over an ad-hoc filter", () => {
    const adhoc = { min: 100, max: null, platform: "Shopee" as const, location: "Central" as const };
    expect(resolveView({ tpl: "Big baskets", adhoc }, ctx).active).toEqual({ kind: "template", title: "Big baskets" });
    expect(resolveView({ adhoc }, ctx).active).toEqual({ kind: "adhoc", filter: adhoc });
  });

  it("round-trips a stored range through the URL form", () => {
    const search = rangeSearch({ startDate: "2024-01-05T00:00:00", endDate: "2024-01-09T23:59:59" });
    expect(search).toEqual({ start: "2024-01-05", end: "2024-01-09" });
    expect(resolveView(search, ctx).range).toEqual({ startDate: "2024-01-05T00:00:00", endDate: "2024-01-09T23:59:59" });
  });
});

describe("ViewSearch", () => {
  it.each([
    [{ start: "2024-1-1" }],
    [{ adhoc: { min: -1, max: null, platform: "Shopee", location: "Central" } }],
    [{ adhoc: { min: null, max: null, platform: "Amazon", location: "Central" } }],
    [{ pages: "p1" }],
  ])("refuses %j", (search) => {
    expect(Schema.decodeUnknownResult(ViewSearch)(search)._tag).toBe("Failure");
  });
});

describe("ViewSearch keeps only the shared view", () => {
  const decode = Schema.decodeUnknownResult(ViewSearch);

  it("has none of a module's own params (they belong to its route)", () => {
    for (const key of ["tab", "from", "to", "campaign", "ech"]) expect(VIEW_SEARCH_KEYS).not.toContain(key);
  });

  it("ignores a module's params when it decodes (they do not change the resolved view)", () => {
    const decoded = decode({ tab: "views_dwell_time", ech: "Shopee", brand: "Tipco" });
    expect(decoded._tag === "Success" && decoded.success).toEqual({ brand: "Tipco" });
    expect(resolveView({ brand: "Tipco" }, ctx)).toEqual(resolveView(sharedViewSearch({ brand: "Tipco", tab: "x", ech: "Shopee" }), ctx));
  });
});
