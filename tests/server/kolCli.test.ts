// `npm run kol -- import FILE --campaign ID` as a real process on a prepared database (both storages).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openStorage } from "../../server/storage/open";
import { preparedDataDir, runCli } from "../support/processServer";

const FIXTURES = path.join(import.meta.dirname, "../fixtures/kol");
let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
/** A demo campaign of Tipco and one of Aura. */
let tipco = 0;
let aura = 0;

async function query<T extends object>(sql: string, params: unknown[] = []): Promise<T[]> {
  const { storage } = await openStorage(loadConfig(prepared.env));
  try {
    return (await storage.query<T>(sql, params)).rows;
  } finally {
    await storage.close();
  }
}

beforeAll(async () => {
  prepared = await preparedDataDir();
  const ids = await query<{ id: number; brand: string }>(
    "SELECT DISTINCT ON (b.name) c.id, b.name AS brand FROM kol_campaigns c JOIN brands b ON b.id = c.brand_id ORDER BY b.name, c.start_day",
  );
  tipco = ids.find((r) => r.brand === "Tipco")!.id;
  aura = ids.find((r) => r.brand === "Aura")!.id;
});
afterAll(() => prepared.cleanup());

const cli = (...args: string[]) => runCli("kol", prepared.env, ...args);
const file = (name: string) => path.join(FIXTURES, name);

describe("kol CLI", () => {
  it("imports a tracking sheet into a campaign, then a second time changes nothing", () => {
    const first = cli("import", file("tracking-sheet.csv"), "--campaign", String(tipco));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^imported .*tracking-sheet\\.csv \\(utf-8\\) into KOL campaign ${tipco}: 4 posts; KOLs added 3, bookings added 3, booking fees updated 0$`, "m"));
    expect(first.stdout).toMatch(/^inserted 4, updated 0, unchanged 0$/m);
    expect(first.stdout).toMatch(/^ {2}line 2: 4 posts published outside the campaign's 2024-03-25 – 2024-04-20: counted in the campaign all the same$/m);
    const again = cli("import", file("tracking-sheet.csv"), "--campaign", String(tipco), "--brand", "Tipco");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/KOLs added 0, bookings added 0, booking fees updated 0\ninserted 0, updated 0, unchanged 4/);
  });

  it("refuses a sheet with bad rows: exit code 1, every row on stderr, nothing written", async () => {
    const res = cli("import", file("tracking-sheet-bad.csv"), "--campaign", String(aura));
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error: 6 rows cannot be imported, so nothing was imported$/m);
    expect(res.stderr).toMatch(/^ {2}line 4: platform: "LINE" is not TikTok, Instagram, Facebook or YouTube$/m);
    expect(res.stderr).toMatch(/^ {2}line 8: fee: "abc" is not a number$/m);
    expect((await query<{ n: number }>("SELECT count(*)::int AS n FROM kol_posts WHERE permalink LIKE '%good.one%'"))[0]!.n).toBe(0);
  });

  it("wrote what the server reads: the sheet's posts, KOLs and bookings with the sheet's fees", async () => {
    const rows = await query<{ handle: string; fee: string; posts: number }>(
      `SELECT k.handle, b.fee_satang::text AS fee, (SELECT count(*)::int FROM kol_posts p WHERE p.booking_id = b.id) AS posts
         FROM kol_bookings b JOIN kols k ON k.id = b.kol_id WHERE b.campaign_id = $1 AND k.handle IN ('ploy.chanisa', 'mildnatcha', 'fahsirin.review') ORDER BY k.handle`, [tipco],
    );
    expect(rows).toEqual([{ handle: "fahsirin.review", fee: "1200000", posts: 1 }, { handle: "mildnatcha", fee: "800000", posts: 1 }, { handle: "ploy.chanisa", fee: "3000000", posts: 2 }]);
  });

  it.each([
    ["a campaign of another brand", ["import", "FILE:tracking-sheet.csv", "--campaign", "AURA", "--brand", "Tipco"], /^error: campaign: no KOL campaign \d+ in brand Tipco$/m],
    ["no such campaign", ["import", "FILE:tracking-sheet.csv", "--campaign", "999999"], /^error: campaign: no KOL campaign 999999$/m],
    ["a missing file", ["import", "nope.csv", "--campaign", "1"], /^error: cannot read nope\.csv: ENOENT$/m],
  ])("refuses %s with exit code 1", (_label, args, message) => {
    const res = cli(...args.map((a) => (a.startsWith("FILE:") ? file(a.slice(5)) : a === "AURA" ? String(aura) : a)));
    expect(res.code, res.stdout).toBe(1);
    expect(res.stderr).toMatch(message);
  });

  it.each([
    ["an unknown option", ["import", "x.csv", "--campain", "1"], /Unknown option '--campain'/],
    ["no --campaign", ["import", "x.csv"], /missing --campaign/],
    ["a campaign that is not an id", ["import", "x.csv", "--campaign", "Songkran"], /--campaign must be a campaign id/],
    ["no FILE", ["import", "--campaign", "1"], /missing FILE/],
    ["an unknown command", ["export", "x.csv"], /unknown command "export"/],
  ])("answers %s with a usage error, exit code 2", (_label, args, message) => {
    const res = cli(...args);
    expect(res.code).toBe(2);
    expect(`${res.stdout}${res.stderr}`).toMatch(message);
  });
});
