import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { BASKET_BUCKETS, CommerceFilter } from "../../domain/commerce";
import {
  ChartClick, NO_MATCH, basketBoundsOf, basketBucketValue, basketClick, effectiveCommerceFilter, matchesNothing, sameClick,
  templateStatus,
} from "../../domain/commerceFilter";
import type { FilterTemplate } from "../../domain/entities";
import type { AdHocFilter } from "../../domain/viewSearch";

const template = (patch: Partial<FilterTemplate> = {}): FilterTemplate => ({
  title: "T",
  basketSize: { min: null, max: null },
  product: "",
  platform: "",
  location: "",
  status: "",
  disabled: false,
  ...patch,
});
const adhoc = (patch: Partial<AdHocFilter> = {}): AdHocFilter => ({ min: null, max: null, platform: "All Platform", location: "All Location", ...patch });
let t = 0;
const click = (field: ChartClick["field"], value: string): ChartClick => ({ field, value, label: value, at: (t += 1) });
const bucket = (i: number) => basketClick(BASKET_BUCKETS[i]!, (t += 1));

const decode = Schema.decodeUnknownSync(CommerceFilter);

describe("effectiveCommerceFilter: the template or ad-hoc filter alone", () => {
  it.each<[string, FilterTemplate | null, AdHocFilter | null, CommerceFilter]>([
    ["nothing active: all", null, null, {}],
    ["an all-empty template: all", template(), null, {}],
    ["'All Platform' / 'All Location' mean all", template({ platform: "All Platform", location: "All Location" }), null, {}],
    ["template platform", template({ platform: "Lazada" }), null, { platforms: ["Lazada"] }],
    ["template location", template({ location: "Central" }), null, { locations: ["Central"] }],
    ["template status, any case", template({ status: "Completed" }), null, { statuses: ["completed"] }],
    ["template status 'All Status' = all", template({ status: "All Status" }), null, {}],
    ["template product as given", template({ product: "น้ำปลา 700ml" }), null, { products: ["น้ำปลา 700ml"] }],
    ["template basket bounds", template({ basketSize: { min: 100, max: 900 } }), null, { basketMin: 100, basketMax: 900 }],
    ["template open upper bound", template({ basketSize: { min: 100, max: null } }), null, { basketMin: 100 }],
    [
      "every template field",
      template({ platform: "Shopee", location: "Southern", status: "returned", product: "Soap", basketSize: { min: 0, max: 50 } }),
      null,
      { platforms: ["Shopee"], locations: ["Southern"], statuses: ["returned"], products: ["Soap"], basketMin: 0, basketMax: 50 },
    ],
    ["a template wins over an ad-hoc filter", template({ platform: "Lazada" }), adhoc({ platform: "Shopee" }), { platforms: ["Lazada"] }],
    ["ad-hoc defaults: all", null, adhoc(), {}],
    [
      "ad-hoc fields",
      null,
      adhoc({ min: 200, max: 1000, platform: "Shopee", location: "Eastern" }),
      { platforms: ["Shopee"], locations: ["Eastern"], basketMin: 200, basketMax: 1000 },
    ],
  ])("%s", (_name, tpl, ad, expected) => {
    const filter = effectiveCommerceFilter({ template: tpl, adhoc: ad, clicks: [] });
    expect(filter).toEqual(expected);
    expect(decode(filter)).toEqual(expected);
  });

  it("a template status no order has matches nothing", () => {
    const filter = effectiveCommerceFilter({ template: template({ status: "shipped" }), adhoc: null, clicks: [] });
    expect(matchesNothing(filter)).toBe(true);
  });
});

describe("effectiveCommerceFilter: chart clicks", () => {
  it.each<[string, FilterTemplate | null, AdHocFilter | null, ChartClick[], CommerceFilter]>([
    ["a platform bar", null, null, [click("platforms", "Shopee")], { platforms: ["Shopee"] }],
    ["a region bar", null, null, [click("locations", "Central")], { locations: ["Central"] }],
    ["the Unknown region bar", null, null, [click("locations", "Unknown")], { locations: ["Unknown"] }],
    ["a status slice", null, null, [click("statuses", "cancelled")], { statuses: ["cancelled"] }],
    ["a product bar", null, null, [click("products", "Soap, 3 pack")], { products: ["Soap, 3 pack"] }],
    ["a basket bucket", null, null, [bucket(1)], { basketMin: 200, basketMax: 499.99 }],
    ["the open-ended bucket", null, null, [bucket(5)], { basketMin: 5000 }],
    ["two buckets span from the lowest to the highest", null, null, [bucket(3), bucket(1)], { basketMin: 200, basketMax: 1999.99 }],
    ["a bucket and the open one", null, null, [bucket(0), bucket(5)], { basketMin: 0 }],
    [
      "two values of one field are alternatives, once each",
      null,
      null,
      [click("platforms", "Shopee"), click("platforms", "Lazada"), click("platforms", "Shopee")],
      { platforms: ["Shopee", "Lazada"] },
    ],
    [
      "fields narrow together",
      null,
      null,
      [click("platforms", "Shopee"), click("locations", "Central"), click("statuses", "completed")],
      { platforms: ["Shopee"], locations: ["Central"], statuses: ["completed"] },
    ],
    [
      "clicks add to the other template fields",
      template({ platform: "Lazada" }),
      null,
      [click("locations", "Central")],
      { platforms: ["Lazada"], locations: ["Central"] },
    ],
    [
      "same field as the template: the intersection",
      template({ platform: "Lazada" }),
      null,
      [click("platforms", "Lazada"), click("platforms", "Shopee")],
      { platforms: ["Lazada"] },
    ],
    [
      "same field as the ad-hoc filter: the intersection",
      null,
      adhoc({ location: "Central" }),
      [click("locations", "Central")],
      { locations: ["Central"] },
    ],
    [
      "a bucket inside the template's basket bounds narrows them",
      template({ basketSize: { min: 300, max: 3000 } }),
      null,
      [bucket(1)],
      { basketMin: 300, basketMax: 499.99 },
    ],
    [
      "ad-hoc bounds and the open bucket",
      null,
      adhoc({ min: null, max: 8000 }),
      [bucket(5)],
      { basketMin: 5000, basketMax: 8000 },
    ],
    ["a malformed bucket value is ignored", null, null, [click("basket", "lots")], {}],
  ])("%s", (_name, tpl, ad, clicks, expected) => {
    const filter = effectiveCommerceFilter({ template: tpl, adhoc: ad, clicks });
    expect(filter).toEqual(expected);
    expect(decode(filter)).toEqual(expected);
    expect(matchesNothing(filter)).toBe(false);
  });

  it.each<[string, FilterTemplate | null, AdHocFilter | null, ChartClick[]]>([
    ["template platform Lazada, click Shopee", template({ platform: "Lazada" }), null, [click("platforms", "Shopee")]],
    ["ad-hoc location Central, click Southern", null, adhoc({ location: "Central" }), [click("locations", "Southern")]],
    ["template status completed, click cancelled", template({ status: "completed" }), null, [click("statuses", "cancelled")]],
    ["template product, click another", template({ product: "Soap" }), null, [click("products", "Shampoo")]],
    ["template basket up to ฿100, click ฿500–999", template({ basketSize: { min: null, max: 100 } }), null, [bucket(2)]],
    ["a status click orders never have", null, null, [click("statuses", "shipped")]],
  ])("an empty intersection matches nothing: %s", (_name, tpl, ad, clicks) => {
    const filter = effectiveCommerceFilter({ template: tpl, adhoc: ad, clicks });
    expect(filter).toEqual({ platforms: [NO_MATCH] });
    expect(matchesNothing(filter)).toBe(true);
    expect(decode(filter)).toEqual(filter);
  });
});

describe("click helpers", () => {
  it.each(BASKET_BUCKETS.map((b) => [b.label, b] as const))("bucket %s round-trips to filter bounds", (_label, b) => {
    const bounds = basketBoundsOf(basketBucketValue(b));
    expect(bounds).toEqual({ min: b.min, max: b.max === null ? null : b.max - 0.01 });
  });

  it.each(["", "abc", "500-200", "-100", "1-2-3"])("a malformed bucket value %j has no bounds", (value) => {
    expect(basketBoundsOf(value)).toBeNull();
  });

  it("compares clicks by field and value", () => {
    expect(sameClick(click("platforms", "A"), click("platforms", "A"))).toBe(true);
    expect(sameClick(click("platforms", "A"), click("locations", "A"))).toBe(false);
  });

  it.each([
    ["", "all"],
    ["All Status", "all"],
    ["PENDING", "pending"],
    [" returned ", "returned"],
    ["shipped", null],
  ])("template status %j is %j", (status, expected) => {
    expect(templateStatus(status)).toBe(expected);
  });

  it("a click decodes with its schema", () => {
    const c = click("basket", "200-500");
    expect(Schema.decodeUnknownSync(ChartClick)(c)).toEqual(c);
  });
});
