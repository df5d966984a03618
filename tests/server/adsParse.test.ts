// The ads parsers (server/import/ads/): each layout read from real-shaped files, the rows, the
// entities, the objective and result mapping, and every refusal with its line, table-driven.
import { describe, expect, it } from "vitest";
import { parseAdsFile, type ParsedAds } from "../../server/import/ads";
import { objectiveOf, resultKindOf, resultTypeOf, statusOf } from "../../server/import/ads/cells";
import { FileRefusedError } from "../../server/import/types";
import { fixture, metaThaiWorkbook, tiktokWorkbook, utf16le, utf8 } from "../fixtures/ads/build";

const ctx = { today: "2026-01-31", account: "bag-test-fb-1" };
const parse = (bytes: Uint8Array, today = ctx.today): ParsedAds => parseAdsFile(bytes, { ...ctx, today });

function refusal(bytes: Uint8Array): FileRefusedError {
  try {
    parse(bytes);
  } catch (err) {
    if (err instanceof FileRefusedError) return err;
    throw err;
  }
  throw new Error("the file was read");
}

const DOC_HEADER = "day,campaign_id,campaign_name,objective,ad_set_id,ad_set_name,ad_id,ad_name,spend,impressions,reach,clicks,video_views,results,result_type,purchase_value";
const doc = (...rows: string[]) => utf8([DOC_HEADER, ...rows].join("\n"));
const DOC_ROW = "2025-12-01,c1,Campaign one,sales,s1,Set one,a1,Ad one,100.50,1000,800,20,0,3,Purchases,900";

describe("layouts are told by their header", () => {
  it.each([
    ["Meta English CSV", fixture("meta-ads-en.csv"), "meta-ads", "utf-8", 9],
    ["Meta English CSV as UTF-16", utf16le("meta-ads-en.csv"), "meta-ads", "utf-16le", 9],
    ["Meta Thai XLSX", metaThaiWorkbook(), "meta-ads", "xlsx", 4],
    ["TikTok CSV", fixture("tiktok-ads.csv"), "tiktok-ads", "utf-8", 6],
    ["TikTok XLSX", tiktokWorkbook(), "tiktok-ads", "xlsx", 3],
    ["documented CSV", fixture("documented.csv"), "csv", "utf-8", 4],
  ])("%s", (_label, bytes, format, encoding, rows) => {
    const parsed = parse(bytes);
    expect(parsed.errors).toEqual([]);
    expect(parsed).toMatchObject({ format, encoding });
    expect(parsed.rows).toHaveLength(rows);
  });

  it("refuses what is no ads file, naming the layouts it knows", () => {
    expect(refusal(utf8("a,b,c\n1,2,3")).message).toMatch(/^is not a recognised ads file: expected a Meta Ads Manager report/);
    expect(refusal(new Uint8Array()).message).toBe("is empty");
  });
});

describe("Meta Ads Manager report", () => {
  const parsed = parse(fixture("meta-ads-en.csv"));

  it("leaves out the totals row with a note, and reads each ad's day with money in satang", () => {
    expect(parsed.notes).toContainEqual({ line: 2, reason: "totals row (the first row, without a campaign or ad) left out" });
    expect(parsed.rows[0]).toEqual({
      line: 3, day: "2025-09-01", campaignId: "120210000000000100", campaignName: "Tipco September Sale", objective: "sales", status: "paused",
      adSetId: "120210000000000010", adSetName: "BKK 18-34", budgetSatang: 150_000, budgetKind: "daily", optimisationGoal: null,
      adId: "120210000000000001", adName: "Juice promo - video", format: null, spendSatang: 125_050, impressions: 15_320, reach: 11_204, clicks: 188,
      videoViews: 4120, results: 12, resultType: "Purchases", purchaseValueSatang: 780_000,
    });
    // 980.255 baht: half a satang, rounded away from zero.
    expect(parsed.rows.find((r) => r.line === 5)!.spendSatang).toBe(98_026);
    // `-` is no value (0 video plays); an empty Results cell of a day without spend is 0 without a type.
    expect(parsed.rows.find((r) => r.line === 8)).toMatchObject({ spendSatang: 0, videoViews: 0, results: 0, resultType: null, purchaseValueSatang: null });
  });

  it("gives each campaign its objective and status, an engagement campaign of conversations being a messages one", () => {
    expect(parsed.campaigns).toEqual([
      { id: "120210000000000100", name: "Tipco September Sale", objective: "sales", status: "paused" },
      { id: "120210000000000200", name: "Tipco Chat Sept", objective: "messages", status: "ended" },
    ]);
    expect(parsed.adSets).toEqual([
      { id: "120210000000000010", campaignId: "120210000000000100", name: "BKK 18-34", budgetSatang: 150_000, budgetKind: "daily", optimisationGoal: null },
      // "Using campaign budget": no ad set budget.
      { id: "120210000000000020", campaignId: "120210000000000200", name: "Chat Thai 25-44", budgetSatang: null, budgetKind: null, optimisationGoal: null },
    ]);
    expect(parsed.ads.map((a) => a.id)).toEqual(["120210000000000001", "120210000000000002", "120210000000000003"]);
    expect(parsed.rows.find((r) => r.adId === "120210000000000003")!.resultType).toBe("Messaging conversations started");
  });

  it("reads Thai headers from a workbook: date cells, the totals row รวมทั้งหมด left out, the objective told by the results", () => {
    const th = parse(metaThaiWorkbook());
    expect(th.errors).toEqual([]);
    expect(th.notes).toContainEqual({ line: 6, reason: "totals row left out" });
    expect(th.rows.map((r) => [r.day, r.adId, r.spendSatang, r.clicks])).toEqual([
      ["2025-09-09", "120330000000000001", 250_000, 820], ["2025-09-10", "120330000000000001", 180_040, 640],
      ["2025-09-09", "120330000000000002", 90_000, 300], ["2025-09-10", "120330000000000002", 95_060, 310],
    ]);
    expect(th.campaigns).toEqual([{ id: "120330000000000100", name: "แคมเปญ ลดราคา 9.9", objective: "messages", status: null }]);
    expect(th.ads.map((a) => a.name)).toEqual(["วิดีโอ 9.9", "ภาพนิ่ง 9.9"]);
  });

  it("lists every bad row with its line and reason", () => {
    const bad = parse(fixture("meta-ads-bad.csv"));
    expect(bad.errors).toEqual([
      { line: 3, reason: 'Amount spent (THB): "-5" is negative' },
      { line: 4, reason: 'Day: "2025-02-30" is not a date that exists' },
      { line: 5, reason: "ad 120220000000000001 on 2025-10-01 is already on line 2: export with the breakdown by day only (no age, gender, placement or other breakdown)" },
      { line: 6, reason: "Ad ID: 1.2022E+17 was rounded by a spreadsheet; export again, or format the column as text" },
      { line: 7, reason: 'Impressions: "12.5" is not a whole number' },
    ]);
  });

  it("refuses a report in another currency as a whole", () => {
    const err = refusal(fixture("meta-ads-usd.csv"));
    expect(err.message).toBe("Amount spent is in USD: only accounts that spend in THB can be imported");
    expect(err.line).toBe(1);
  });

  it.each([
    ["a report range of more than one day", "Reporting starts,Reporting ends,Campaign name,Ad set name,Ad name,Ad ID,Amount spent (THB),Impressions\n2025-09-01,2025-09-03,C,S,A,1,10,100",
      "Reporting starts: the row covers 2025-09-01 to 2025-09-03, not one day: export with the breakdown By time → Day"],
    ["a Currency cell that is not THB", "Day,Campaign name,Ad set name,Ad name,Ad ID,Currency,Amount spent (THB),Impressions\n2025-09-01,C,S,A,1,USD,10,100",
      "Currency: USD is not THB: only accounts that spend in THB can be imported"],
    ["a day after today", "Day,Campaign name,Ad set name,Ad name,Ad ID,Amount spent (THB),Impressions\n2026-02-01,C,S,A,1,10,100",
      "Day: 2026-02-01 is after today (2026-01-31, Bangkok)"],
    ["an ad in two ad sets", "Day,Campaign name,Ad set name,Ad set ID,Ad name,Ad ID,Amount spent (THB),Impressions\n2025-09-01,C,S,11,A,1,10,100\n2025-09-02,C,T,12,A,1,10,100",
      "ad 1 is in ad set 12 here but in 11 on line 2"],
  ])("refuses %s", (_label, text, reason) => {
    const errors = parse(utf8(text)).errors;
    expect(errors.map((e) => e.reason)).toContain(reason);
  });

  it("without id columns, tells campaigns and ad sets apart by name within the account, the same on every import", () => {
    const text = "Day,Campaign name,Ad set name,Ad name,Ad ID,Amount spent (THB),Impressions\n2025-09-01,Camp,Set,Ad,1,10,100\n2025-09-02,Camp,Set,Ad,1,10,100";
    const a = parse(utf8(text));
    expect(a.campaigns).toHaveLength(1);
    expect(a.campaigns[0]!.id).toMatch(/^c-[0-9a-f]{24}$/);
    expect(a.adSets[0]!.id).toMatch(/^s-[0-9a-f]{24}$/);
    expect(parse(utf8(text)).campaigns[0]!.id).toBe(a.campaigns[0]!.id);
    expect(parseAdsFile(utf8(text), { ...ctx, account: "bag-other" }).campaigns[0]!.id).not.toBe(a.campaigns[0]!.id);
    expect(a.notes.map((n) => n.reason)).toContain("the report has no Campaign ID column: campaigns are told apart by their names");
    expect(a.notes.map((n) => n.reason)).toContain("1 campaign has neither an objective nor results that tell one: stored as awareness");
  });
});

describe("TikTok Ads Manager report", () => {
  it("reads the default export: destination clicks, `--` and `<5` as 0, conversions as results, the Total row left out", () => {
    const t = parse(fixture("tiktok-ads.csv"));
    expect(t.errors).toEqual([]);
    expect(t.notes).toContainEqual({ line: 8, reason: "totals row left out" });
    expect(t.rows[0]).toMatchObject({
      day: "2025-11-10", adId: "1848000000000000001", adName: "Juice dance challenge", spendSatang: 241_050, impressions: 88_200, reach: 61_050, clicks: 1120,
      videoViews: 52_300, results: 46, resultType: "Conversions", purchaseValueSatang: 1_842_000,
    });
    expect(t.rows[3]).toMatchObject({ results: 0, resultType: null, purchaseValueSatang: null });
    expect(t.campaigns.map((c) => [c.name, c.objective])).toEqual([["Tipco 11.11 Shop", "sales"], ["Tipco Reach Nov", "awareness"]]);
    expect(t.campaigns[0]!.id).toMatch(/^c-/);
  });

  it("reads a workbook with ids and the Objective column (names and API names)", () => {
    const t = parse(tiktokWorkbook());
    expect(t.errors).toEqual([]);
    expect(t.campaigns).toEqual([
      { id: "1849000000000000100", name: "Aura 12.12 leads", objective: "leads", status: null },
      { id: "1849000000000000200", name: "Aura always-on views", objective: "video_views", status: null },
    ]);
    expect(t.rows[0]).toMatchObject({ day: "2025-12-12", spendSatang: 120_050, results: 48, resultType: "Leads", purchaseValueSatang: null });
  });
});

describe("the documented CSV", () => {
  it("reads every column", () => {
    const d = parse(fixture("documented.csv"));
    expect(d.errors).toEqual([]);
    expect(d.rows[2]).toMatchObject({ campaignId: "am-sale-dec", objective: "sales", status: "paused", format: "video", spendSatang: 150_000, results: 9, purchaseValueSatang: 2_025_000 });
    expect(d.rows[3]!.spendSatang).toBe(142_001);
    expect(d.adSets[0]).toMatchObject({ id: "am-lead-dec-s1", budgetSatang: 80_000, budgetKind: "daily" });
  });

  it.each([
    ["an empty spend", DOC_ROW.replace("100.50", ""), "spend: is empty"],
    ["an unknown objective", DOC_ROW.replace("sales", "fame"), 'objective: "fame" is not an objective (sales, leads, messages, traffic, engagement, video_views, awareness, app_promotion)'],
    ["a bad id", DOC_ROW.replace(",a1,", ",a 1,"), 'ad_id: "a 1" is not an id (1–64 letters, digits, _ . : -)'],
    ["results without a type or objective", DOC_ROW.replace(",sales,", ",,").replace("Purchases", ""), "result_type: is empty: say what the results count (Purchases, Leads, …), or give the objective"],
    ["a negative purchase value", DOC_ROW.replace(",900", ",-900"), 'purchase_value: "-900" is negative'],
    ["a row with a cell too many", `${DOC_ROW},x`, "has 17 cells but the header (line 1) has 16: a value holding the delimiter must be in quotes, e.g. \"31,970\""],
  ])("refuses %s", (_label, row, reason) => {
    expect(parse(doc(row)).errors).toEqual([{ line: 2, reason }]);
  });
});

describe("the words of the exports", () => {
  it.each([
    ["OUTCOME_SALES", "sales"], ["Sales", "sales"], ["Conversions", "sales"], ["WEB_CONVERSIONS", "sales"], ["Product sales", "sales"],
    ["OUTCOME_LEADS", "leads"], ["Lead generation", "leads"], ["MESSAGES", "messages"], ["LINK_CLICKS", "traffic"], ["Traffic", "traffic"],
    ["POST_ENGAGEMENT", "engagement"], ["Community interaction", "engagement"], ["VIDEO_VIEWS", "video_views"], ["BRAND_AWARENESS", "awareness"],
    ["REACH", "awareness"], ["APP_INSTALLS", "app_promotion"], ["OUTCOME_APP_PROMOTION", "app_promotion"], ["Fame", null],
  ])("objective %s → %s", (text, objective) => expect(objectiveOf(text)).toBe(objective));

  it.each([
    ["active", "active"], ["ACTIVE", "active"], ["inactive", "paused"], ["not_delivering", "paused"], ["Not delivering", "paused"],
    ["campaign_paused", "paused"], ["completed", "ended"], ["recently_completed", "ended"], ["archived", "ended"], ["", null], ["mystery", null],
  ])("delivery %s → %s", (text, status) => expect(statusOf(text)).toBe(status));

  it.each([
    ["actions:offsite_conversion.fb_pixel_purchase", "Purchases", "conversion"],
    ["actions:onsite_conversion.messaging_conversation_started_7d", "Messaging conversations started", "inbox"],
    ["actions:offsite_conversion.fb_pixel_lead", "Leads", "leadgen"],
    ["actions:link_click", "Link clicks", null],
    ["reach", "reach", null],
    ["Purchases", "Purchases", "conversion"],
  ])("result indicator %s is stored as %s and counts for %s", (text, stored, metric) => {
    expect(resultTypeOf(text)).toBe(stored);
    expect(resultKindOf(resultTypeOf(text))?.metric ?? null).toBe(metric);
  });
});
