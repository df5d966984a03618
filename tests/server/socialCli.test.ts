// `npm run social -- import FILE …` as a real process on a prepared database (both storages).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openStorage } from "../../server/storage/open";
import { FIXTURES } from "../fixtures/social/build";
import { preparedDataDir, runCli } from "../support/processServer";

let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
beforeAll(async () => {
  prepared = await preparedDataDir();
});
afterAll(() => prepared.cleanup());

const cli = (...args: string[]) => runCli("social", prepared.env, ...args);
const file = (name: string) => path.join(FIXTURES, name);

async function count(sql: string): Promise<number> {
  const { storage } = await openStorage(loadConfig(prepared.env));
  try {
    return Number((await storage.query<{ n: number }>(sql)).rows[0]!.n);
  } finally {
    await storage.close();
  }
}

describe("social CLI", () => {
  it("imports a Meta post export onto a page, then a second time changes nothing", () => {
    const first = cli("import", file("meta-posts-en.csv"), "--account", "bag-tipco-fb-1", "--page", "bag-tipco-fb-1-p1");
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/meta-post \(utf-8\), 3 posts of bag-tipco-fb-1-p1 \(bag-tipco-fb-1\) from 2025-09-01 to 2025-09-02/);
    expect(first.stdout).toMatch(/inserted 3, updated 0, unchanged 0, demo rows removed \d+/);
    const again = cli("import", file("meta-posts-en.csv"), "--account", "bag-tipco-fb-1", "--page", "bag-tipco-fb-1-p1");
    expect(again.stdout).toMatch(/inserted 0, updated 0, unchanged 3, demo rows removed 0/);
  });

  it("takes an account by its name within a brand; its only page needs no --page", () => {
    const res = cli("import", file("documented.csv"), "--brand", "Aura", "--account", "Aura Community");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/csv \(utf-8\), 3 posts of bag-aura-fb-2-p1 \(bag-aura-fb-2\)/);
  });

  it("refuses a file with bad rows: exit code 1, every row on stderr", () => {
    const res = cli("import", file("meta-posts-bad.csv"), "--account", "bag-tipco-fb-1", "--page", "bag-tipco-fb-1-p2");
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error: 4 rows cannot be imported, so nothing was imported$/m);
    expect(res.stderr).toMatch(/^ {2}line 6: Reach: "-5" is negative$/m);
  });

  it("wrote what the server reads: the imported posts are in the database, the refused file's are not", async () => {
    expect(await count("SELECT count(*)::int AS n FROM posts WHERE page_id = 'bag-tipco-fb-1-p1' AND source = 'meta-post'")).toBe(3);
    expect(await count("SELECT count(*)::int AS n FROM posts WHERE page_id = 'bag-aura-fb-2-p1' AND source = 'csv'")).toBe(3);
    expect(await count("SELECT count(*)::int AS n FROM posts WHERE post_id = '123456789012345_920000000000001'")).toBe(0);
  });

  it.each([
    ["an unknown account", ["import", "FILE:meta-posts-en.csv", "--account", "bag-nope-1"], /^error: account: no account "bag-nope-1"$/m],
    ["an account with several pages and no --page", ["import", "FILE:meta-posts-en.csv", "--account", "bag-tipco-fb-1"], /^error: page: is required: account bag-tipco-fb-1 has 3 pages/m],
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
  ])("answers %s with a usage error, exit code 2", (_label, args, message) => {
    const res = cli(...args);
    expect(res.code).toBe(2);
    expect(`${res.stdout}${res.stderr}`).toMatch(message);
  });
});
