import { describe, expect, it } from "vitest";
import { clearPageFilterOf, pageFilterActor, pageFilterKeyOf, PAGE_FILTER_KEYS } from "@/app/pageFilters";

describe("the app's page filters (spec filterPageData)", () => {
  it("keeps one started actor per page key: cir, ads, e-commerce, crm, ma", () => {
    expect(PAGE_FILTER_KEYS).toEqual(["cir", "ads", "e-commerce", "crm", "ma"]);
    for (const page of PAGE_FILTER_KEYS) {
      expect(pageFilterActor(page).getSnapshot().context.page).toBe(page);
      expect(pageFilterActor(page).getSnapshot().status).toBe("active");
    }
  });

  it.each([
    ["/e-commerce", "e-commerce"],
    ["/crm", "crm"],
    ["/cir", "cir"],
    ["/cir/42", "cir"],
    ["/ads", "ads"],
    ["/ma", "ma"],
    ["/brandEx", null],
    ["/o2o", null],
    ["/", null],
  ])("the page key of %s is %j", (path, key) => {
    expect(pageFilterKeyOf(path)).toBe(key);
  });

  it("Clear Filter clears the clicks of the page shown only", () => {
    const click = { field: "platforms", value: "Shopee", label: "Shopee" } as const;
    pageFilterActor("e-commerce").send({ type: "filter.click", click });
    pageFilterActor("crm").send({ type: "filter.click", click });
    clearPageFilterOf("/brandEx");
    expect(pageFilterActor("e-commerce").getSnapshot().context.clicks).toHaveLength(1);
    clearPageFilterOf("/e-commerce");
    expect(pageFilterActor("e-commerce").getSnapshot().value).toBe("unfiltered");
    expect(pageFilterActor("crm").getSnapshot().context.clicks).toHaveLength(1);
    clearPageFilterOf("/crm");
    expect(pageFilterActor("crm").getSnapshot().context.clicks).toHaveLength(0);
  });
});
