import { describe, expect, it } from "vitest";
import { Schema } from "effect";
import {
  FIRST_POSTS_QUERY, MaSearch, NO_PAGE, maSearchOf, matchesNoPage, pageClick, postsQueryOf, slotClick, slotLabel, slotOf, slotValue,
  socialRequestOf, sortedBy, tableTypesOf, typeClick, type SocialScope,
} from "../../domain/socialFilter";

const scope = (pages: string[] = []): SocialScope => ({ brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "All Channel", pages, accounts: ["bag-1"] });

describe("the MA request: the view's scope narrowed by the chart clicks", () => {
  it.each([
    ["no click: the scope as it is", [], [], { pages: [], accounts: ["bag-1"] }],
    ["a type click", [], [typeClick("reel")], { pages: [], accounts: ["bag-1"], types: ["reel"] }],
    ["two type clicks are alternatives, once each", [], [typeClick("reel"), typeClick("video"), typeClick("reel")], { pages: [], accounts: ["bag-1"], types: ["reel", "video"] }],
    ["a heatmap cell", [], [slotClick({ weekday: 4, hour: 20 })], { pages: [], accounts: ["bag-1"], slots: [{ weekday: 4, hour: 20 }] }],
    ["a page click with every page in view", [], [pageClick({ pageId: "p2", page: "Tipco 2" })], { pages: ["p2"], accounts: ["bag-1"] }],
    ["a page click within the chosen pages", ["p1", "p2"], [pageClick({ pageId: "p2", page: "Tipco 2" })], { pages: ["p2"], accounts: ["bag-1"] }],
    ["a page click outside the chosen pages: nothing", ["p1"], [pageClick({ pageId: "p2", page: "Tipco 2" })], { pages: [NO_PAGE], accounts: ["bag-1"] }],
    ["a malformed cell or type is ignored", [], [{ field: "slots", value: "7-99" }, { field: "postTypes", value: "story" }], { pages: [], accounts: ["bag-1"] }],
    ["other pages' clicks are ignored", [], [{ field: "platforms", value: "Shopee" }], { pages: [], accounts: ["bag-1"] }],
  ] as const)("%s", (_name, pages, clicks, expected) => {
    const request = socialRequestOf(scope([...pages]), clicks);
    expect(request).toEqual({ brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "All Channel", ...expected });
    expect(matchesNoPage(request)).toBe(expected.pages[0] === NO_PAGE);
  });
});

describe("heatmap cells", () => {
  it.each([
    [{ weekday: 0, hour: 0 }, "0-0", "Mon 00:00–00:59"],
    [{ weekday: 4, hour: 20 }, "4-20", "Fri 20:00–20:59"],
    [{ weekday: 6, hour: 23 }, "6-23", "Sun 23:00–23:59"],
  ])("%j is %s, read %s", (slot, value, label) => {
    expect(slotValue(slot)).toBe(value);
    expect(slotOf(value)).toEqual(slot);
    expect(slotLabel(slot)).toBe(label);
    expect(slotClick(slot)).toEqual({ field: "slots", value, label: `${label}` });
  });

  it.each(["7-0", "0-24", "a-1", "1-", "", "1-2-3"])("%j is no cell", (value) => {
    expect(slotOf(value)).toBeNull();
  });
});

describe("the posts table in the URL of /ma", () => {
  it("reads the defaults from an empty search and writes none back", () => {
    expect(postsQueryOf({})).toEqual(FIRST_POSTS_QUERY);
    expect(maSearchOf(FIRST_POSTS_QUERY)).toEqual({});
  });

  it("round-trips every choice", () => {
    const query = { sort: "reach", order: "asc", search: "ส้ม", type: "reel", page: 3 } as const;
    expect(maSearchOf(query)).toEqual({ sort: "reach", dir: "asc", q: "ส้ม", type: "reel", pg: 3 });
    expect(postsQueryOf(maSearchOf(query))).toEqual(query);
  });

  it.each([
    [{ sort: "reach", dir: "asc", q: "x", type: "reel", pg: 2 }, true],
    [{ sort: "likes" }, false],
    [{ type: "story" }, false],
    [{ pg: 0 }, false],
    [{ q: "x".repeat(101) }, false],
  ])("decodes %j: %s", (search, ok) => {
    expect(Schema.is(MaSearch)(search)).toBe(ok);
  });

  it.each([
    ["the same column flips the order", { ...FIRST_POSTS_QUERY, page: 4 }, "published", { sort: "published", order: "asc", page: 1 }],
    ["another column sorts by it, highest first", { ...FIRST_POSTS_QUERY, order: "asc" as const }, "reach", { sort: "reach", order: "desc", page: 1 }],
  ] as const)("%s", (_name, query, sort, expected) => {
    expect(sortedBy(query, sort)).toMatchObject(expected);
  });

  it.each([
    ["no choice: the clicked types", ["reel", "video"], null, ["reel", "video"]],
    ["no choice, no click: every type", undefined, null, undefined],
    ["a choice without clicks", undefined, "photo", ["photo"]],
    ["a choice among the clicked types", ["reel", "video"], "reel", ["reel"]],
    ["a choice outside them: no post", ["reel"], "photo", null],
  ] as const)("%s", (_name, clicked, chosen, expected) => {
    expect(tableTypesOf(clicked, chosen)).toEqual(expected);
  });
});
