// KolSearch (domain/routeSearch.ts): the /campaign route's own params, and what the route keeps
// of a URL (a param that does not decode is dropped, the others stay: src/app/viewSearchParams.ts).
import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { KOL_SORTS, KolSearch } from "../../domain/routeSearch";
import { KolRow } from "../../domain/kolContract";
import { validateRouteSearch } from "@/app/viewSearchParams";

describe("KolSearch: the /campaign route's own params", () => {
  const decode = Schema.decodeUnknownResult(KolSearch);

  it("keeps the campaign, the leaderboard's sort, order, tier and platform, and the picked KOL", () => {
    const search = { c: 12, ks: "cpe", kd: "asc", kt: "micro", kp: "tiktok", kk: 40 };
    const decoded = decode(search);
    expect(decoded._tag === "Success" && decoded.success).toEqual(search);
    const none = decode({});
    expect(none._tag === "Success" && none.success).toEqual({});
  });

  it.each([
    [{ c: 0 }], [{ c: 1.5 }], [{ c: "abc" }], [{ ks: "fee" }], [{ kd: "up" }], [{ kt: "giga" }], [{ kp: "myspace" }], [{ kk: -3 }],
  ])("refuses %j", (search) => {
    expect(decode(search)._tag).toBe("Failure");
  });

  it("sorts by the name or any figure of a leaderboard row", () => {
    const fields = Object.keys(KolRow.fields);
    for (const sort of KOL_SORTS) expect(fields).toContain(sort);
  });

  it("the route drops what does not decode and keeps the rest", () => {
    expect(validateRouteSearch("/campaign", { c: 3, ks: "nope", kt: "nano", kp: 5, brand: "Tipco" })).toEqual({ c: 3, kt: "nano" });
  });
});
