/**
 * `npx tsx scripts/bench-orders-write.ts` (part of `npm run bench:commerce`): how long each
 * statement of an orders import's write transaction holds the embedded database (issue 13). Figures
 * only, no assertion.
 *
 * Imports the documented orders CSV of BENCH_WRITE_ROWS rows (default 200,000; the file of
 * bench-import-stall.ts) into a fresh PGlite database through OrdersImportService, reading the
 * file in this thread, and prints: the import's time, how long the write transaction was open,
 * and the time of each kind of statement run inside it (summed over its runs); the longest
 * statement outside it (comparing with the stored orders, staging the rows, filling and indexing
 * the import's own tables: other requests are answered between them); and the merge of the
 * import's tables into the real ones that follows in the background (its transactions and the
 * longest of them).
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

  // Every transaction (the first is the import's write, the others the merge's batches), and
  // every statement outside them, timed; the write's statements by their first words.
  const key = (sql: string) => sql.trim().replace(/\s+/g, " ").slice(0, 40);
  const statements = new Map<string, { ms: number; runs: number }>();
  const transactions: number[] = [];
  let longestOutside = { ms: 0, sql: "" };
  // The import runs its statements on the background lane (Storage.background): both are timed.
  const bg = db.background();
  for (const target of [db, bg]) {
    const query = target.query.bind(target);
    target.query = (async (sql: string, params?: readonly unknown[]) => {
      const s0 = performance.now();
      try {
        return await query(sql, params);
      } finally {
        const ms = performance.now() - s0;
        if (ms > longestOutside.ms) longestOutside = { ms, sql: key(sql) };
      }
    }) as typeof target.query;
    const transaction = target.transaction.bind(target);
    target.transaction = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      const first = transactions.length === 0;
      const t0 = performance.now();
      try {
        return await transaction((tx) => fn({
          ...tx,
          query: async (sql, params) => {
            const s0 = performance.now();
            try {
              return await tx.query(sql, params);
            } finally {
              if (first) {
                const entry = statements.get(key(sql)) ?? { ms: 0, runs: 0 };
                entry.ms += performance.now() - s0;
                entry.runs++;
                statements.set(key(sql), entry);
              }
            }
          },
        }));
      } finally {
        transactions.push(performance.now() - t0);
      }
    };
  }
  db.background = () => bg;

  const service = new OrdersImportService(db);
  const t0 = performance.now();
  const r = await service.importFile(csv, { brand: "Bench Brand" });
  const total = performance.now() - t0;
  const write = transactions[0] ?? 0;
  const m0 = performance.now();
  await service.merged();
  const merge = transactions.slice(1);
  console.log(`bench:orders-write: documented CSV, ${ROWS.toLocaleString("en-US")} rows, ${(csv.length / 1e6).toFixed(1)} MB, PGlite, read in this thread`);
  console.log(`import ${(total / 1000).toFixed(2)} s: ${r.orders} orders (inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged})`);
  console.log(`write transaction open ${(write / 1000).toFixed(2)} s (target ~2 s); its statements:`);
  for (const [sql, { ms, runs }] of statements) console.log(`  ${(ms / 1000).toFixed(2).padStart(6)} s  ${String(runs).padStart(3)}×  ${sql}…`);
  console.log(`longest statement outside a transaction (staging, the import's own tables): ${(longestOutside.ms / 1000).toFixed(2)} s  ${longestOutside.sql}…`);
  console.log(`merge into the real tables afterwards: ${merge.length} transactions, longest ${((merge.length > 0 ? Math.max(...merge) : 0) / 1000).toFixed(2)} s, `
    + `${((performance.now() - m0) / 1000).toFixed(2)} s after the import answered`);
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
