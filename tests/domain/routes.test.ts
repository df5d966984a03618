import { describe, expect, it } from "vitest";
import { isAppRoute, searchForModule } from "../../domain/routes";

describe("isAppRoute", () => {
  it.each([
    ["/", true], ["/brandEx", true], ["/brandEx/", true], ["/cir", true], ["/cir/7", true], ["/cir/7/8", false],
    ["/e-commerce", true], ["/errorPermission", true], ["/formAC", true], ["/brandex", false], ["/nope", false], ["", false],
  ])("%s is a route of the app: %s", (path, expected) => {
    expect(isAppRoute(path)).toBe(expected);
  });
});

describe("searchForModule: what a side-menu link carries", () => {
  const current = { start: "2024-01-01", end: "2024-03-30", brand: "Tipco", tab: "leads_bounced", from: "2026-08-22", to: "2026-11-22", campaign: 2 };

  it("keeps the applied view and drops the o2o tab, range and campaign for other modules", () => {
    expect(searchForModule("/brandEx", current)).toEqual({ start: "2024-01-01", end: "2024-03-30", brand: "Tipco" });
    expect(current.tab).toBe("leads_bounced");
  });

  it("keeps everything for /o2o itself", () => {
    expect(searchForModule("/o2o", current)).toEqual(current);
  });
});
