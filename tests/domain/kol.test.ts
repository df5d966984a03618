// KOL Campaign formulas (issue 16, docs/kol.md): tiers at their boundaries, the engagement
// rate's denominator per platform, ratios of the sums with null on a zero denominator, EMV with
// the default and with edited values, ROI on the cost of the bookings with tracked sales, and the
// dialogs' field problems.
import { describe, expect, it } from "vitest";
import {
  ZERO_KOL_SUMS, addKolSums, bookingProblems, campaignProblems, cleanHandle, emvOf, emvProblems, engagementBaseOf, engagementsOf, firstProblem,
  kolFigures, kolProblems, kolTier, postSums, satangOfBaht, type KolSums,
} from "../../domain/kol";
import { DEFAULT_EMV_VALUES, type EmvValues } from "../../domain/kolContract";

const sums = (over: Partial<KolSums>): KolSums => ({ ...ZERO_KOL_SUMS, ...over });

describe("tier by followers", () => {
  it.each([
    [0, "nano"], [9_999, "nano"], [10_000, "micro"], [99_999, "micro"], [100_000, "macro"], [999_999, "macro"], [1_000_000, "mega"], [25_000_000, "mega"],
  ] as const)("%s followers → %s", (followers, tier) => {
    expect(kolTier(followers)).toBe(tier);
  });
  it("unknown followers → no tier", () => {
    expect(kolTier(null)).toBeNull();
    expect(kolTier(undefined)).toBeNull();
  });
});

describe("engagement rate's denominator", () => {
  it.each([
    ["tiktok", 1000], ["youtube", 1000], ["instagram", 400], ["facebook", 400],
  ] as const)("%s → %s (views 1000, reach 400)", (platform, base) => {
    expect(engagementBaseOf(platform, 1000, 400)).toBe(base);
  });
});

describe("figures are ratios of the sums", () => {
  // A TikTok post (views base) and an Instagram post (reach base), one booking of ฿12,000 each.
  const tiktok = postSums({ platform: "tiktok", views: 100_000, reach: 60_000, likes: 5_000, comments: 200, shares: 300, saves: 500, clicks: null, salesSatang: null });
  const insta = postSums({ platform: "instagram", views: 20_000, reach: 10_000, likes: 900, comments: 50, shares: 20, saves: 30, clicks: 150, salesSatang: satangOfBaht(30_000) });
  const all = addKolSums(addKolSums(tiktok, insta), sums({ costSatang: satangOfBaht(24_000), kols: 2, trackedCostSatang: satangOfBaht(12_000) }));
  const f = kolFigures(all, DEFAULT_EMV_VALUES);

  it.each([
    ["cost", f.cost, 24_000],
    ["posts", f.posts, 2],
    ["views", f.views, 120_000],
    ["reach", f.reach, 70_000],
    ["engagements = likes + comments + shares + saves", f.engagements, 7_000],
    ["engagement base = TikTok views + Instagram reach", f.engagementBase, 110_000],
    ["engagement rate = engagements ÷ base", f.engagementRate, 7_000 / 110_000],
    ["CPV = cost ÷ views", f.cpv, 24_000 / 120_000],
    ["CPE = cost ÷ engagements", f.cpe, 24_000 / 7_000],
    ["CPM = cost ÷ reach × 1000", f.cpm, (24_000 / 70_000) * 1000],
    ["clicks (only the post that gave them)", f.clicks, 150],
    ["sales", f.sales, 30_000],
    ["ROI = (sales − cost with tracked sales) ÷ that cost", f.roi, (30_000 - 12_000) / 12_000],
    // 120,000 × 0.1 + 5,900 × 1 + 250 × 5 + 320 × 8 + 530 × 5 + 150 × 3
    ["EMV = Σ actions × default values", f.emv, 12_000 + 5_900 + 1_250 + 2_560 + 2_650 + 450],
    ["EMV per baht = EMV ÷ cost", f.emvPerBaht, (12_000 + 5_900 + 1_250 + 2_560 + 2_650 + 450) / 24_000],
  ])("%s", (_name, got, want) => {
    expect(got).toBeCloseTo(want as number, 10);
  });

  it("zero views, zero reach, zero engagements and zero cost give null (—), never 0 or Infinity", () => {
    const none = kolFigures(sums({ costSatang: satangOfBaht(5_000), kols: 1 }), DEFAULT_EMV_VALUES);
    expect([none.cpv, none.cpe, none.cpm, none.engagementRate]).toEqual([null, null, null, null]);
    const free = kolFigures(sums({ views: 1000, reach: 800, likes: 10, engagementBase: 1000, posts: 1 }), DEFAULT_EMV_VALUES);
    expect(free.cpv).toBe(0);
    expect(free.emvPerBaht).toBeNull();
    expect(free.roi).toBeNull();
    expect(free.sales).toBeNull();
    expect(free.clicks).toBeNull();
  });

  it("ROI is null without tracked sales or without the cost of the bookings that tracked them", () => {
    expect(kolFigures(sums({ costSatang: 100_000, salesSatang: null }), DEFAULT_EMV_VALUES).roi).toBeNull();
    expect(kolFigures(sums({ costSatang: 0, salesSatang: 50_000, trackedCostSatang: 0 }), DEFAULT_EMV_VALUES).roi).toBeNull();
    // Sales below cost: negative ROI.
    expect(kolFigures(sums({ costSatang: 100_000, salesSatang: 50_000, trackedCostSatang: 100_000 }), DEFAULT_EMV_VALUES).roi).toBe(-0.5);
  });

  it("a sum of zero sales is 0, not null: a post said it sold nothing", () => {
    expect(addKolSums(sums({ salesSatang: 0 }), sums({})).salesSatang).toBe(0);
    expect(addKolSums(sums({}), sums({})).salesSatang).toBeNull();
  });
});

describe("EMV with edited values", () => {
  const counts = { views: 50_000, likes: 2_000, comments: 150, shares: 80, saves: 60, clicks: 400 };
  it.each([
    ["defaults", DEFAULT_EMV_VALUES, 5_000 + 2_000 + 750 + 640 + 300 + 1_200],
    ["views only at ฿0.25", { views: 0.25, likes: 0, comments: 0, shares: 0, saves: 0, clicks: 0 }, 12_500],
    ["all at ฿0", { views: 0, likes: 0, comments: 0, shares: 0, saves: 0, clicks: 0 }, 0],
    ["edited: views 0.05, likes 2.5, comments 10, shares 12.75, saves 3, clicks 1.1", { views: 0.05, likes: 2.5, comments: 10, shares: 12.75, saves: 3, clicks: 1.1 },
      2_500 + 5_000 + 1_500 + 1_020 + 180 + 440],
  ] as const)("%s", (_name, values, want) => {
    expect(emvOf(counts, values as EmvValues)).toBe(want);
  });
  it("clicks not given count 0", () => {
    expect(emvOf({ ...counts, clicks: null }, DEFAULT_EMV_VALUES)).toBe(5_000 + 2_000 + 750 + 640 + 300);
  });
  it("exact in baht: 3 views at ฿0.1 are ฿0.30", () => {
    expect(emvOf({ views: 3, likes: 0, comments: 0, shares: 0, saves: 0, clicks: null }, DEFAULT_EMV_VALUES)).toBe(0.3);
  });
  it("engagements count likes, comments, shares and saves (not views or clicks)", () => {
    expect(engagementsOf(counts)).toBe(2_290);
  });
});

describe("the dialogs' problems, field by field", () => {
  const campaign = { name: "Songkran", objective: "launch", budget: 100_000, start: "2025-04-01", end: "2025-04-30", status: "planned" } as const;
  it("a good campaign has none", () => expect(campaignProblems(campaign)).toEqual({}));
  it.each([
    [{ name: "  " }, "name"],
    [{ name: "x".repeat(121) }, "name"],
    [{ objective: "fame" }, "objective"],
    [{ budget: -1 }, "budget"],
    [{ budget: 10.005 }, "budget"],
    [{ start: "2025-02-30" }, "start"],
    [{ end: "2025-03-31" }, "end"],
    [{ status: "paused" }, "status"],
  ] as const)("campaign %j → %s", (over, field) => {
    const p = campaignProblems({ ...campaign, ...over });
    expect(Object.keys(p)).toEqual([field]);
  });
  it("end before start says so", () => {
    expect(campaignProblems({ ...campaign, end: "2025-03-31" }).end).toBe("The end date must not be before the start date.");
  });

  const kol = { name: "แพรวา รีวิวสวย", handle: "@praewa.review", platform: "tiktok", followers: 45_000, categories: ["beauty"] } as const;
  it("a good KOL has none; unknown followers are fine", () => {
    expect(kolProblems(kol)).toEqual({});
    expect(kolProblems({ ...kol, followers: null })).toEqual({});
  });
  it.each([
    [{ name: "" }, "name"],
    [{ handle: "praewa review" }, "handle"],
    [{ handle: "a@b" }, "handle"],
    [{ platform: "line" }, "platform"],
    [{ followers: -1 }, "followers"],
    [{ followers: 10.5 }, "followers"],
    [{ categories: Array.from({ length: 11 }, (_, i) => `c${i}`) }, "categories"],
    [{ categories: [""] }, "categories"],
  ] as const)("KOL %j → %s", (over, field) => {
    expect(Object.keys(kolProblems({ ...kol, ...over }))).toEqual([field]);
  });
  it("a handle is stored without its @", () => expect(cleanHandle("  @@praewa.review ")).toBe("praewa.review"));

  const booking = { kolId: 3, deliverables: "1 TikTok video", fee: 15_000, status: "confirmed" } as const;
  it("a good booking has none; a fee of ฿0 is fine", () => {
    expect(bookingProblems(booking)).toEqual({});
    expect(bookingProblems({ ...booking, fee: 0 })).toEqual({});
  });
  it.each([
    [{ kolId: 0 }, "kolId"],
    [{ fee: -5 }, "fee"],
    [{ fee: Number.NaN }, "fee"],
    [{ status: "done" }, "status"],
    [{ deliverables: "x".repeat(501) }, "deliverables"],
  ] as const)("booking %j → %s", (over, field) => {
    expect(Object.keys(bookingProblems({ ...booking, ...over }))).toEqual([field]);
  });

  it("EMV values: each ฿0 or more with at most 2 decimals", () => {
    expect(emvProblems(DEFAULT_EMV_VALUES)).toEqual({});
    expect(Object.keys(emvProblems({ ...DEFAULT_EMV_VALUES, views: -0.1, shares: 0.001 }))).toEqual(["views", "shares"]);
  });

  it("the first problem names its field under a prefix", () => {
    expect(firstProblem(bookingProblems({ ...booking, fee: -1 }), "booking")).toEqual({ field: "booking.fee", message: "The fee must be an amount of ฿0 or more, with at most 2 decimals." });
    expect(firstProblem(bookingProblems(booking), "booking")).toBeNull();
  });
});
