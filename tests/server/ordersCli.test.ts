// `npm run orders -- import FILE --brand B …` as a real process on a prepared database (both storages).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openStorage } from "../../server/storage/open";
import { FIXTURES, lazadaWorkbook } from "../fixtures/orders/build";
import { preparedDataDir, runCli } from "../support/processServer";

let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
let tmp: string;
beforeAll(async () => {
  prepared = await preparedDataDir();
  tmp = mkdtempSync(path.join(os.tmpdir(), "bd-orders-cli-"));
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await prepared.cleanup();
});

const cli = (...args: string[]) => runCli("orders", prepared.env, ...args);
const file = (name: string) => path.join(FIXTURES, name);

async function count(where: string): Promise<number> {
  const { storage } = await openStorage(loadConfig(prepared.env));
  try {
    const res = await storage.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o JOIN brands b ON b.id = o.brand_id WHERE ${where}`);
    return Number(res.rows[0]!.n);
  } finally {
    await storage.close();
  }
}

describe("orders CLI", () => {
  it("imports the documented CSV into a brand, then a second time changes nothing", () => {
    const first = cli("import", file("documented.csv"), "--brand", "Tipco");
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^imported .*documented\.csv into Tipco: documented, 6 rows, 5 orders$/m);
    expect(first.stdout).toMatch(/^inserted 5, updated 0, unchanged 0$/m);
    const again = cli("import", file("documented.csv"), "--brand", "Tipco");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^inserted 0, updated 0, unchanged 5$/m);
  });

  it("imports a Lazada workbook", () => {
    const xlsx = path.join(tmp, "Lazada orders.xlsx");
    writeFileSync(xlsx, lazadaWorkbook());
    const res = cli("import", xlsx, "--brand", "Aura");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/into Aura: lazada, 10 rows, 5 orders\ninserted 5, updated 0, unchanged 0/);
  });

  it("checks a file on a dry run and writes nothing", () => {
    const res = cli("import", file("shopee-en.csv"), "--brand", "Tipco", "--dry-run");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^checked .*shopee-en\.csv into Tipco: shopee, 7 rows, 5 orders$/m);
    expect(res.stdout).toMatch(/^would insert 5, update 0, leave 0 unchanged \(dry run: nothing written\)$/m);
  });

  it("refuses a file with bad rows: exit code 1, every row on stderr", () => {
    const res = cli("import", file("documented-bad.csv"), "--brand", "Tipco");
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error: 10 rows cannot be imported, so nothing was imported$/m);
    expect(res.stderr).toMatch(/^ {2}line 3: order_id: is empty$/m);
    expect(res.stderr).toMatch(/^ {2}line 9: order B-1: order date 2025-09-08 10:15 differs from 2025-09-08 10:12 on line 2; customer "c9" differs from "c1" on line 2$/m);
    expect(res.stderr).toMatch(/^ {2}line 12: ordered_at: "2099-01-01 10:00" is in the future$/m);
    expect(res.stderr.match(/^ {2}line \d+:/gm)).toHaveLength(10);
  });

  it("wrote what the server reads: the imported orders are in the database, the refused and dry-run ones are not", async () => {
    expect(await count("b.name = 'Tipco' AND NOT o.demo AND o.order_id LIKE 'TP-100%'")).toBe(5);
    expect(await count("b.name = 'Aura' AND o.platform = 'Lazada' AND o.order_id LIKE '40512345678901%'")).toBe(5);
    expect(await count("o.order_id LIKE 'B-%'")).toBe(0);
    expect(await count("o.order_id LIKE '2509%' AND o.platform = 'Shopee' AND NOT o.demo")).toBe(0);
  });

  it.each([
    ["an unknown brand", ["import", "FILE:documented.csv", "--brand", "Nope"], /^error: brand: no brand named "Nope"$/m],
    ["a missing file", ["import", "/nonexistent/orders.csv", "--brand", "Tipco"], /^error: cannot read \/nonexistent\/orders\.csv: ENOENT$/m],
    ["a file of no known layout", ["import", "FILE:build.ts", "--brand", "Tipco"], /^error: is not a recognised orders file/m],
  ])("refuses %s with exit code 1", (_label, args, message) => {
    const res = cli(...args.map((a) => (a.startsWith("FILE:") ? file(a.slice(5)) : a)));
    expect(res.code, res.stdout).toBe(1);
    expect(res.stderr).toMatch(message);
  });

  it.each([
    ["no --brand", ["import", "x.csv"], /--brand is required/],
    ["no file", ["import", "--brand", "Tipco"], /missing FILE/],
    ["two files", ["import", "a.csv", "b.csv", "--brand", "Tipco"], /give exactly one FILE/],
    ["an unknown option", ["import", "x.csv", "--brnd", "Tipco"], /Unknown option '--brnd'/],
    ["an unknown command", ["export", "x.csv"], /unknown command "export"/],
  ])("answers %s with a usage error, exit code 2", (_label, args, message) => {
    const res = cli(...args);
    expect(res.code).toBe(2);
    expect(`${res.stdout}${res.stderr}`).toMatch(message);
    expect(res.stderr).toMatch(/Usage: npm run orders -- <command>/);
  });
});
