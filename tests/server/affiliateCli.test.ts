// `npm run affiliate -- import FILE --brand B …` as a real process on a prepared database (both storages).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openStorage } from "../../server/storage/open";
import { preparedDataDir, runCli } from "../support/processServer";

let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
beforeAll(async () => {
  prepared = await preparedDataDir();
});
afterAll(async () => {
  await prepared.cleanup();
});

const FIXTURES = fileURLToPath(new URL("../fixtures/affiliate/", import.meta.url));
const cli = (...args: string[]) => runCli("affiliate", prepared.env, ...args);
const file = (name: string) => path.join(FIXTURES, name);

async function count(where: string): Promise<number> {
  const { storage } = await openStorage(loadConfig(prepared.env));
  try {
    const res = await storage.query<{ n: number }>(`SELECT count(*)::int AS n FROM affiliate_conversions c JOIN brands b ON b.id = c.brand_id WHERE ${where}`);
    return Number(res.rows[0]!.n);
  } finally {
    await storage.close();
  }
}

describe("affiliate CLI", () => {
  it("checks a file on a dry run and writes nothing", async () => {
    const res = cli("import", file("lazada-affiliate.csv"), "--brand", "Tipco", "--dry-run");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^checked .*lazada-affiliate\.csv into Tipco: lazada-affiliate, 3 rows, 3 orders \(0 matched to the brand's orders\), 2024-03-04 to 2024-03-09$/m);
    expect(res.stdout).toMatch(/^would insert 3, update 0, leave 0 unchanged, remove \d+ demo conversions \(dry run: nothing written\)$/m);
    expect(await count("c.order_id LIKE '70123450000000%'")).toBe(0);
    expect(await count("b.name = 'Tipco' AND c.platform = 'Lazada' AND c.demo")).toBeGreaterThan(0);
  });

  it("imports the documented CSV into a brand, then a second time changes nothing", async () => {
    const first = cli("import", file("documented.csv"), "--brand", "Tipco");
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^imported .*documented\.csv into Tipco: csv, 4 rows, 3 orders \(0 matched to the brand's orders\), 2024-03-02 to 2024-03-04$/m);
    expect(first.stdout).toMatch(/^inserted 4, updated 0, unchanged 0, demo conversions removed [1-9]\d*$/m);
    const again = cli("import", file("documented.csv"), "--brand", "Tipco");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^inserted 0, updated 0, unchanged 4, demo conversions removed 0$/m);
    expect(await count("b.name = 'Tipco' AND c.order_id LIKE 'DOC-%' AND NOT c.demo")).toBe(4);
    expect(await count("b.name = 'Tipco' AND c.demo")).toBe(0);
  });

  it("refuses a file with bad rows: exit code 1, every row on stderr, nothing written", async () => {
    const res = cli("import", file("documented-bad.csv"), "--brand", "Aura");
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error: 4 rows cannot be imported, so nothing was imported$/m);
    expect(res.stderr).toMatch(/^ {2}line 4: affiliate: is empty$/m);
    expect(res.stderr.match(/^ {2}line \d+:/gm)).toHaveLength(4);
    expect(await count("c.order_id LIKE 'BAD-%'")).toBe(0);
  });

  it.each([
    ["an unknown brand", ["import", file("documented.csv"), "--brand", "Nope"], /^error: brand: no brand named "Nope"$/m, 1],
    ["no brand", ["import", file("documented.csv")], /--brand is required/, 2],
    ["no file", ["import", "--brand", "Tipco"], /missing FILE/, 2],
  ])("refuses %s", (_name, args, message, code) => {
    const res = cli(...args);
    expect(res.code).toBe(code);
    expect(res.stderr).toMatch(message);
  });
});
