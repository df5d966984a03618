import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { ECommerceSearch, O2oSearch } from "../../domain/routeSearch";

describe("O2oSearch: the /o2o route's own params", () => {
  const decode = Schema.decodeUnknownResult(O2oSearch);

  it("keeps the tab, the o2o range and the campaign", () => {
    const search = { tab: "leads_bounced", from: "2024-01-01", to: "2024-03-31", campaign: 2 };
    const decoded = decode(search);
    expect(decoded._tag === "Success" && decoded.success).toEqual(search);
  });

  it("leaves them out when absent", () => {
    const decoded = decode({});
    expect(decoded._tag === "Success" && decoded.success).toEqual({});
  });

  it.each([
    [{ tab: "Visitors insight" }], [{ tab: "x".repeat(41) }], [{ from: "2024-1-1" }], [{ to: "31/03/2024" }], [{ campaign: 0 }],
    [{ campaign: 1.5 }], [{ campaign: "abc" }],
  ])("refuses %j", (search) => {
    expect(decode(search)._tag).toBe("Failure");
  });
});

describe("ECommerceSearch: the /e-commerce route's channel", () => {
  const decode = Schema.decodeUnknownResult(ECommerceSearch);

  it.each(["All channel", "Shopee", "Lazada"])("keeps %j", (ech) => {
    const decoded = decode({ ech });
    expect(decoded._tag === "Success" && decoded.success).toEqual({ ech });
  });

  it.each([[""], ["x".repeat(31)], ["<script>"], [3]])("refuses %j", (ech) => {
    expect(decode({ ech })._tag).toBe("Failure");
  });
});
