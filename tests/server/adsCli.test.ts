// `npm run ads -- import FILE …` as a real process on a prepared database (both storages).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openStorage } from "../../server/storage/open";
import { FIXTURES } from "../fixtures/ads/build";
import { preparedDataDir, runCli } from "../support/processServer";

let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
beforeAll(async () => {
  prepared = await preparedDataDir();
});
afterAll(() => prepared.cleanup());

const cli = (...args: string[]) => runCli("ads", prepared.env, ...args);
const file = (name: string) => path.join(FIXTURES, name);

async function count(sql: string): Promise<number> {
  const { storage } = await openStorage(loadConfig(prepared.env));
  try {
    return Number((await storage.query<{ n: number }>(sql)).rows[0]!.n);
  } finally {
    await storage.close();
  }
}

describe("ads CLI", () => {
  it("imports a Meta Ads Manager report into an account, then a second time changes nothing", () => {
    const first = cli("import", file("meta-ads-en.csv"), "--account", "bag-tipco-fb-1");
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^imported .*meta-ads-en\.csv: meta-ads \(utf-8\), 9 ad days of bag-tipco-fb-1 from 2025-09-01 to 2025-09-03: 2 campaigns, 2 ad sets, 3 ads$/m);
    expect(first.stdout).toMatch(/^inserted 9, updated 0, unchanged 0, demo rows removed \d+, alerts raised \d+$/m);
    expect(first.stdout).toMatch(/^ {2}line 2: totals row \(the first row, without a campaign or ad\) left out$/m);
    const again = cli("import", file("meta-ads-en.csv"), "--account", "bag-tipco-fb-1");
    expect(again.stdout).toMatch(/inserted 0, updated 0, unchanged 9, demo rows removed 0/);
  });

  it("takes an account by its name within a brand", () => {
    const res = cli("import", file("tiktok-ads.csv"), "--brand", "Tipco", "--account", "Tipco TikTok");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/tiktok-ads \(utf-8\), 6 ad days of bag-tipco-tt-3/);
  });

  it("refuses a file with bad rows: exit code 1, every row on stderr", () => {
    const res = cli("import", file("meta-ads-bad.csv"), "--account", "bag-tipco-fb-2");
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error: 5 rows cannot be imported, so nothing was imported$/m);
    expect(res.stderr).toMatch(/^ {2}line 3: Amount spent \(THB\): "-5" is negative$/m);
    expect(res.stderr).toMatch(/^ {2}line 6: Ad ID: 1\.2022E\+17 was rounded by a spreadsheet/m);
  });

  it("wrote what the server reads: the imported days and their metrics are in the database, the refused file's are not", async () => {
    expect(await count("SELECT count(*)::int AS n FROM ad_days WHERE bag_id = 'bag-tipco-fb-1' AND source = 'meta-ads'")).toBe(9);
    expect(await count("SELECT count(*)::int AS n FROM ad_days WHERE bag_id = 'bag-tipco-fb-1' AND source = 'demo'")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM metrics WHERE bag_id = 'bag-tipco-fb-1' AND plan = 'ads' AND source = 'meta-ads' AND metric = 'spend'")).toBe(3);
    expect(await count("SELECT count(*)::int AS n FROM ad_days WHERE bag_id = 'bag-tipco-tt-3' AND source = 'tiktok-ads'")).toBe(6);
    expect(await count("SELECT count(*)::int AS n FROM ads WHERE id LIKE '12022000000000000%'")).toBe(0);
  });

  it.each([
    ["an unknown account", ["import", "FILE:meta-ads-en.csv", "--account", "bag-nope-1"], /^error: account: no account "bag-nope-1"$/m],
    ["a report in another currency", ["import", "FILE:meta-ads-usd.csv", "--account", "bag-tipco-fb-2"], /^error: line 1: Amount spent is in USD: only accounts that spend in THB can be imported$/m],
    ["a Meta report for a TikTok account", ["import", "FILE:meta-ads-en.csv", "--account", "bag-aura-tt-3"], /^error: account: bag-aura-tt-3 is a TikTok account; a Meta Ads Manager report belongs to a Facebook account$/m],
    ["a missing file", ["import", "nope.csv", "--account", "bag-tipco-fb-1"], /^error: cannot read nope\.csv: ENOENT$/m],
  ])("refuses %s with exit code 1", (_label, args, message) => {
    const res = cli(...args.map((a) => (a.startsWith("FILE:") ? file(a.slice(5)) : a)));
    expect(res.code, res.stdout).toBe(1);
    expect(res.stderr).toMatch(message);
  });

  it.each([
    ["an unknown option", ["import", "x.csv", "--acount", "b"], /Unknown option '--acount'/],
    ["no --account", ["import", "x.csv"], /missing --account/],
    ["no FILE", ["import", "--account", "b"], /missing FILE/],
    ["an unknown command", ["export", "x.csv"], /unknown command "export"/],
  ])("answers %s with a usage error, exit code 2", (_label, args, message) => {
    const res = cli(...args);
    expect(res.code).toBe(2);
    expect(`${res.stdout}${res.stderr}`).toMatch(message);
  });
});
