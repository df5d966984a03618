// `npm run metrics -- import FILE …` as a real process on a prepared database (both storages).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openStorage } from "../../server/storage/open";
import { FIXTURES } from "../fixtures/metrics/build";
import { preparedDataDir, runCli } from "../support/processServer";

let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
beforeAll(async () => {
  prepared = await preparedDataDir();
});
afterAll(() => prepared.cleanup());

const cli = (...args: string[]) => runCli("metrics", prepared.env, ...args);
const file = (name: string) => path.join(FIXTURES, name);

async function sum(where: string): Promise<number> {
  const { storage } = await openStorage(loadConfig(prepared.env));
  try {
    const res = await storage.query<{ n: number | string }>(`SELECT coalesce(sum(value), 0)::float8 AS n FROM metrics WHERE ${where}`);
    return Number(res.rows[0]!.n);
  } finally {
    await storage.close();
  }
}

describe("metrics CLI", () => {
  it("imports a Meta Ads report into an account, then a second time changes nothing", async () => {
    const first = cli("import", file("meta-ads-en.csv"), "--account", "bag-tipco-fb-1");
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/meta-ads \(utf-8\), 6 rows, 50 values from 2025-09-01 to 2025-09-03/);
    expect(first.stdout).toMatch(/inserted 50, updated 0, unchanged 0, demo values removed \d+/);
    expect(first.stdout).toMatch(/line 2: totals row/);
    const again = cli("import", file("meta-ads-en.csv"), "--account", "bag-tipco-fb-1");
    expect(again.stdout).toMatch(/inserted 0, updated 0, unchanged 50, demo values removed 0/);
  });

  it("takes an account by its name within a brand, and a page, for a UTF-16 page series", async () => {
    const res = cli("import", file("meta-page-follows.csv"), "--brand", "Aura", "--account", "Aura Official", "--page", "bag-aura-fb-1-p2");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/meta-page \(utf-16le\), 7 rows, 7 values/);
  });

  it("refuses a file with bad rows: exit code 1, every row on stderr", () => {
    const res = cli("import", file("documented-bad.csv"));
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error: 7 rows cannot be imported, so nothing was imported$/m);
    expect(res.stderr).toMatch(/^ {2}line 3: date: "2025-02-30" must be an existing date written YYYY-MM-DD$/m);
    expect(res.stderr).toMatch(/^ {2}line 10: reach of bag-aura-fb-1-p1 \(ma\) on 2025-10-01 is already on line 2$/m);
  });

  it("wrote what the server reads: the imported figures are in the database", async () => {
    expect(await sum("bag_id = 'bag-tipco-fb-1' AND metric = 'spend' AND day BETWEEN '2025-09-01' AND '2025-09-03'")).toBe(4881.5);
    expect(await sum("page_id = 'bag-aura-fb-1-p2' AND metric = 'follower' AND day BETWEEN '2025-08-01' AND '2025-08-07'")).toBe(162);
    // The refused file wrote nothing: its first (valid) row is not there.
    expect(await sum("source = 'csv'")).toBe(0);
  });

  it.each([
    ["an unknown account", ["import", "FILE:meta-ads-en.csv", "--account", "bag-nope-1"], /^error: account: no account "bag-nope-1"$/m],
  ])("refuses %s with exit code 1", (_label, args, message) => {
    const res = cli(...args.map((a) => (a.startsWith("FILE:") ? file(a.slice(5)) : a)));
    expect(res.code, res.stdout).toBe(1);
    expect(res.stderr).toMatch(message);
  });

  it.each([
    ["an unknown option", ["import", "x.csv", "--acount", "b"], /Unknown option '--acount'/],
  ])("answers %s with a usage error, exit code 2", (_label, args, message) => {
    const res = cli(...args);
    expect(res.code).toBe(2);
    expect(`${res.stdout}${res.stderr}`).toMatch(message);
  });
});
