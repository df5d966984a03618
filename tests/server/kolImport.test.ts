// POST /user/import-kol over the real app and storage (docs/kol-import.md): a KOL post-tracking
// sheet into a campaign — KOLs found by handle or added to the roster, bookings created or their
// fees set from the sheet, posts keyed by link (the same sheet twice changes nothing), English and
// Thai headers, CSV and XLSX, Buddhist-era dates, and refusals that name every bad row's line and
// write nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import * as XLSX from "@e965/xlsx";
import { Api } from "../../domain/api";
import { ImportKolRefusal } from "../../domain/kolContract";
import { startTestServer, type TestServer } from "../support/testServer";

const FIXTURES = path.join(import.meta.dirname, "../fixtures/kol");
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

let s: TestServer;
let token: string;
let otherToken: string;
type Res = Awaited<ReturnType<TestServer["call"]>>;

function importSheet(bytes: Uint8Array, campaign: number | string, tok = token, name = "sheet.csv") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  form.append("campaign", String(campaign));
  return s.call("POST", Api.importKol.path, { token: tok, rawBody: form });
}
function imported(res: Res) {
  expect(res.status, res.text).toBe(200);
  const body = Schema.decodeUnknownSync(Api.importKol.response)(res.json);
  expect(body.msg).toBe("Import Success");
  return body.data;
}
function refused(res: Res, status: number, message: RegExp) {
  expect(res.status, res.text).toBe(status);
  const body = Schema.decodeUnknownSync(ImportKolRefusal)(res.json);
  expect(body.message).toMatch(message);
  expect(res.text).not.toMatch(/^\s*at\s|node_modules|\/work\/|\/tmp\//m);
  return body;
}
const post = (p: string, body: unknown) => s.call("POST", p, { token, body });
async function campaign(name: string): Promise<number> {
  const res = await post(Api.upsertKolCampaign.path, { brand: "Tipco", campaign: { name, objective: "sales", budget: 100_000, start: "2025-03-01", end: "2025-04-30", status: "active" } });
  expect(res.status, res.text).toBe(200);
  return res.json.data.id;
}
const detail = async (id: number) => (await post(Api.kolCampaign.path, { brand: "Tipco", id })).json.data;
const fingerprint = async () =>
  (await s.storage.query(`SELECT (SELECT count(*)::int FROM kols) AS kols, (SELECT count(*)::int FROM kol_bookings) AS bookings,
     (SELECT count(*)::int FROM kol_posts) AS posts, (SELECT coalesce(sum(fee_satang), 0)::text FROM kol_bookings) AS fees,
     (SELECT coalesce(max(updated_at)::text, '') FROM kol_posts) AS last`)).rows[0];

/** The Thai fixture as an XLSX workbook: a title row, dates as date cells, numbers as numbers. */
function thaiWorkbook(): Uint8Array {
  const lines = readFileSync(path.join(FIXTURES, "tracking-sheet-th.csv"), "utf8").trim().split("\n");
  const split = (line: string) => (line.match(/("([^"]*)"|[^,]*)(,|$)/g) ?? []).map((c) => c.replace(/,$/, "").replace(/^"|"$/g, "")).slice(0, 15);
  const aoa: unknown[][] = [[lines[0]], split(lines[1]!)];
  for (const line of lines.slice(2)) {
    const cells = split(line);
    aoa.push(cells.map((c, i) => {
      if (i === 5) {
        const m = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/.exec(c)!;
        const ms = Date.UTC(Number(m[3]) - 543, Number(m[2]) - 1, Number(m[1]), Number(m[4] ?? 0), Number(m[5] ?? 0));
        return { t: "n", v: (ms - Date.UTC(1899, 11, 30)) / 86_400_000, z: "yyyy-mm-dd hh:mm" };
      }
      const n = c.replace(/[฿,]/g, "");
      return i >= 6 && /^\d+$/.test(n) ? Number(n) : c;
    }));
  }
  const sheet = XLSX.utils.aoa_to_sheet(aoa.map((r) => r.map((v) => (typeof v === "object" && v !== null ? null : v))));
  aoa.forEach((r, ri) => r.forEach((v, ci) => {
    if (typeof v === "object" && v !== null) sheet[XLSX.utils.encode_cell({ r: ri, c: ci })] = v as XLSX.CellObject;
  }));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, sheet, "KOL");
  return new Uint8Array(XLSX.write(wb, { type: "buffer", bookType: "xlsx" }) as Buffer);
}

let main = 0;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
  otherToken = await s.addUser("aura.kol@example.com", ["1", "6"], ["Aura"]);
  // As the e2e test does: a campaign with two bookings, then the agency's sheet.
  main = await campaign("Import probe");
  for (const [name, handle, platform, fee] of [["Ploy Chanisa", "ploy.chanisa", "tiktok", 25_000], ["Mild Natcha", "mildnatcha", "instagram", 8_000]] as const) {
    const kol = await post(Api.upsertKol.path, { brand: "Tipco", kol: { name, handle, platform, followers: 40_000, categories: [] } });
    expect(kol.status, kol.text).toBe(200);
    const b = await post(Api.upsertKolBooking.path, { brand: "Tipco", campaignId: main, booking: { kolId: kol.json.data.id, deliverables: "2 posts", fee, status: "confirmed" } });
    expect(b.status, b.text).toBe(200);
  }
});
afterAll(() => s.close());

describe("the tracking sheet (tests/fixtures/kol/tracking-sheet.csv)", () => {
  it("adds its posts to the bookings, the unknown KOL to the roster with a booking, and sets fees from the sheet", async () => {
    const r = imported(await importSheet(fixture("tracking-sheet.csv"), main));
    expect(r).toMatchObject({ campaignId: main, encoding: "utf-8", rows: 4, kolsCreated: 1, bookingsCreated: 1, bookingsUpdated: 1, inserted: 4, updated: 0, unchanged: 0 });
    expect(r.notes.map((n) => n.reason).join("\n")).toMatch(/no column followers, reach, saves, clicks, sales/);
    const d = await detail(main);
    // Ploy's fee: 15,000 + 15,000 from the sheet (was 25,000); Mild's already 8,000; Fah new at 12,000.
    expect(d.bookings.map((b: { kolName: string; fee: number; posts: number; status: string }) => [b.kolName, b.fee, b.posts, b.status])).toEqual(
      expect.arrayContaining([["Ploy Chanisa", 30_000, 2, "confirmed"], ["Mild Natcha", 8_000, 1, "confirmed"], ["Fah Sirin", 12_000, 1, "delivered"]]),
    );
    const fah = (await s.call("GET", `${Api.kols.path}?brand=Tipco`, { token })).json.data.find((k: { handle: string }) => k.handle === "fahsirin.review");
    expect(fah).toMatchObject({ name: "Fah Sirin", platform: "facebook", followers: null, tier: null });
    // The leaderboard's order by views differs from its order by CPE (what the e2e test sorts).
    const byViews = [...d.kols].sort((a, b) => b.views - a.views).map((k: { name: string }) => k.name);
    const byCpe = [...d.kols].sort((a, b) => a.cpe - b.cpe).map((k: { name: string }) => k.name);
    expect(byViews).toEqual(["Ploy Chanisa", "Mild Natcha", "Fah Sirin"]);
    expect(byCpe).toEqual(["Mild Natcha", "Ploy Chanisa", "Fah Sirin"]);
    expect(d.figures).toMatchObject({ cost: 50_000, posts: 4, views: 260_000, engagements: 14_740 + 7_050 + 1_000 });
    const ev = await s.count("SELECT count(*)::int AS n FROM events WHERE entity = 'kol_campaign' AND type = 'kolCampaign.imported' AND entity_key = $1", [String(main)]);
    expect(ev).toBe(1);
  });

  it("the same sheet twice changes nothing", async () => {
    const before = await fingerprint();
    const r = imported(await importSheet(fixture("tracking-sheet.csv"), main));
    expect(r).toMatchObject({ rows: 4, kolsCreated: 0, bookingsCreated: 0, bookingsUpdated: 0, inserted: 0, updated: 0, unchanged: 4 });
    expect(await fingerprint()).toEqual(before);
  });

  it("replaces a post whose figures changed, keyed by its link", async () => {
    const text = readFileSync(path.join(FIXTURES, "tracking-sheet.csv"), "utf8").replace(",40000,6200,", ",52000,6900,");
    const r = imported(await importSheet(new Uint8Array(Buffer.from(text)), main));
    expect(r).toMatchObject({ inserted: 0, updated: 1, unchanged: 3 });
    expect((await detail(main)).posts.find((p: { permalink: string }) => p.permalink.includes("C4mildN001"))).toMatchObject({ views: 52_000, likes: 6_900 });
  });
});

describe("Thai headers", () => {
  const expectThai = async (id: number, r: ReturnType<typeof imported>) => {
    expect(r).toMatchObject({ rows: 4, kolsCreated: 3, bookingsCreated: 3, inserted: 4 });
    const d = await detail(id);
    const praewa = d.kols.find((k: { handle: string }) => k.handle === "praewa.review");
    expect(praewa).toMatchObject({ name: "แพรวา รีวิวสวย", platform: "tiktok", followers: 45_200, tier: "micro", cost: 30_000, views: 278_400, clicks: 1_800, sales: 18_600 });
    expect(praewa.roi).toBeCloseTo((18_600 - 30_000) / 30_000, 12);
    expect(d.kols.find((k: { handle: string }) => k.handle === "namwan.beauty")).toMatchObject({ platform: "instagram", tier: "nano", reach: 9_800, saves: 260, cost: 3_500 });
    expect(d.kols.find((k: { handle: string }) => k.handle === "pton.kintiew")).toMatchObject({ platform: "facebook", tier: "mega", cost: 250_000, engagementBase: 410_000 });
    // Buddhist-era dates, Bangkok wall time.
    const first = d.posts.find((p: { permalink: string }) => p.permalink.endsWith("7350000000000000001"));
    expect(first).toMatchObject({ day: "2025-04-05", publishedAt: "2025-04-05T19:30:00+07:00" });
    expect(d.posts.find((p: { permalink: string }) => p.permalink.includes("C5namwan01")).day).toBe("2025-04-06");
  };

  it("reads a CSV with a title row above Thai headers, ฿ and thousands separators", async () => {
    const id = await campaign("Thai CSV");
    const r = imported(await importSheet(fixture("tracking-sheet-th.csv"), id));
    expect(r.encoding).toBe("utf-8");
    await expectThai(id, r);
  });

  it("reads the same sheet as an XLSX workbook with date cells (the KOLs now known: none added)", async () => {
    const id = await campaign("Thai XLSX");
    const r = imported(await importSheet(thaiWorkbook(), id, token, "sheet.xlsx"));
    expect(r).toMatchObject({ encoding: "xlsx", kolsCreated: 0, bookingsCreated: 3, inserted: 4 });
    await expectThai(id, { ...r, kolsCreated: 3 });
  });
});

describe("refusals write nothing", () => {
  it("names every bad row with its line", async () => {
    const before = await fingerprint();
    const body = refused(await importSheet(fixture("tracking-sheet-bad.csv"), main), 400, /^file: 6 rows cannot be imported, so nothing was imported$/);
    const lines = body.rows.map((r) => `${r.line}: ${r.reason}`);
    expect(lines).toEqual([
      "3: KOL: is empty",
      "4: platform: \"LINE\" is not TikTok, Instagram, Facebook or YouTube",
      "5: date: \"2025-02-30\" is not a date (YYYY-MM-DD or DD/MM/YYYY, optionally with HH:MM)",
      "6: views: \"-20\" must be a whole number of 0 or more",
      "7: link: the same post is on line 2",
      "8: link: \"not a link\" is not an http(s) link",
      "8: fee: \"abc\" is not a number",
    ]);
    expect(await fingerprint()).toEqual(before);
  });

  it.each([
    ["a sheet without the columns", new Uint8Array(Buffer.from("Name,Views\nA,1\n")), /is not a recognised KOL tracking sheet/],
    ["a sheet lacking Fee", new Uint8Array(Buffer.from("KOL,Platform,Link,Date,Views,Likes,Comments,Shares\nA,TikTok,https://t.co/x,2025-03-01,1,1,1,1\n")), /has no column fee/],
    ["a PNG", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), /binary|not a recognised/],
    ["a header without rows", new Uint8Array(Buffer.from("KOL,Platform,Link,Date,Views,Likes,Comments,Shares,Fee\n")), /no post rows/],
  ])("refuses %s with 400", async (_label, bytes, message) => {
    const before = await fingerprint();
    refused(await importSheet(bytes, main), 400, message);
    expect(await fingerprint()).toEqual(before);
  });

  it("answers 404 naming campaign for a campaign of another user's brand", async () => {
    refused(await importSheet(fixture("tracking-sheet.csv"), main, otherToken), 404, /^campaign: campaign \d+ is not a KOL campaign of your brands$/);
    refused(await importSheet(fixture("tracking-sheet.csv"), 999_999), 404, /campaign/);
    refused(await importSheet(fixture("tracking-sheet.csv"), "abc"), 400, /campaign/);
  });
});
