import { describe, expect, it } from "vitest";
import { isAppRoute, searchForModule } from "../../domain/routes";
import { VIEW_SEARCH_KEYS } from "../../domain/viewSearch";

describe("isAppRoute", () => {
  it.each([
    ["/", true], ["/brandEx", true], ["/brandEx/", true], ["/cir", true], ["/cir/7", true], ["/cir/7/8", false],
    ["/e-commerce", true], ["/errorPermission", true], ["/formAC", true], ["/brandex", false], ["/nope", false], ["", false],
  ])("%s is a route of the app: %s", (path, expected) => {
    expect(isAppRoute(path)).toBe(expected);
  });
});

describe("searchForModule: what a side-menu link carries", () => {
  const current = {
    start: "2024-01-01", end: "2024-03-30", brand: "Tipco", kpi: "Q1", tpl: "Bangkok", tab: "leads_bounced", from: "2026-08-22",
    to: "2026-11-22", campaign: 2, ech: "Shopee", sort: "monetary",
  };

  it("keeps the shared view and drops every module's own params for another module", () => {
    expect(searchForModule("/brandEx", "/o2o", current, VIEW_SEARCH_KEYS)).toEqual({
      start: "2024-01-01", end: "2024-03-30", brand: "Tipco", kpi: "Q1", tpl: "Bangkok",
    });
    expect(searchForModule("/o2o", "/e-commerce", current, VIEW_SEARCH_KEYS)).not.toHaveProperty("ech");
    expect(current.tab).toBe("leads_bounced");
  });

  it("keeps everything for the page shown now", () => {
    expect(searchForModule("/o2o", "/o2o", current, VIEW_SEARCH_KEYS)).toEqual(current);
  });
});
