/**
 * `npx tsx scripts/bench-orders-write.ts` (part of `npm run bench:commerce`): how long each
 * statement of an orders import's write transaction holds the embedded database (issue 13). Figures
 * only, no assertion.
 *
 * Imports the documented orders CSV of BENCH_WRITE_ROWS rows (default 200,000; the file of
 * bench-import-stall.ts) into a fresh PGlite database through OrdersImportService, reading the
 * file in this thread, and prints: the import's time, how long the write transaction was open,
 * and the time of each kind of statement run inside it (summed over its runs). The statements
 * before the transaction (comparing with the stored orders, staging the rows) are other requests'
 * turns too and are not counted in the hold.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { OrdersImportService } from "../server/services/ordersImport";
import { migrate } from "../server/storage/migrate";
import { PGliteStorage } from "../server/storage/pglite";
import type { Queryable } from "../server/storage/storage";
import { documentedCsv } from "./lib/orderFiles";

const ROWS = Number(process.env.BENCH_WRITE_ROWS ?? 200_000);
const dir = mkdtempSync(path.join(os.tmpdir(), "bd-bench-orders-write-"));
const db = await PGliteStorage.open(path.join(dir, "pgdata"));
try {
  await migrate(db);
  await db.query("INSERT INTO brands (name) VALUES ('Bench Brand')");
  const csv = new TextEncoder().encode(documentedCsv(ROWS));

  // Every statement of the write transaction, timed by its first words.
  const statements = new Map<string, { ms: number; runs: number }>();
  let held = 0;
  const transaction = db.transaction.bind(db);
  db.transaction = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await transaction((tx) => fn({
        ...tx,
        query: async (sql, params) => {
          const key = sql.trim().replace(/\s+/g, " ").slice(0, 40);
          const s0 = performance.now();
          try {
            return await tx.query(sql, params);
          } finally {
            const entry = statements.get(key) ?? { ms: 0, runs: 0 };
            entry.ms += performance.now() - s0;
            entry.runs++;
            statements.set(key, entry);
          }
        },
      }));
    } finally {
      held += performance.now() - t0;
    }
  };

  const t0 = performance.now();
  const r = await new OrdersImportService(db).importFile(csv, { brand: "Bench Brand" });
  const total = performance.now() - t0;
  console.log(`bench:orders-write: documented CSV, ${ROWS.toLocaleString("en-US")} rows, ${(csv.length / 1e6).toFixed(1)} MB, PGlite, read in this thread`);
  console.log(`import ${(total / 1000).toFixed(2)} s: ${r.orders} orders (inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged})`);
  console.log(`write transaction open ${(held / 1000).toFixed(2)} s; its statements:`);
  for (const [key, { ms, runs }] of statements) console.log(`  ${(ms / 1000).toFixed(2).padStart(6)} s  ${String(runs).padStart(3)}×  ${key}…`);
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
