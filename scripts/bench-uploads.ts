/**
 * `npx tsx scripts/bench-uploads.ts [--pg]` (`npm run bench:uploads`): reading uploaded images
 * from each upload store (issue 13). Figures only, no assertion.
 *
 * Stores a 100 KB and a 5 MB image (the largest UPLOAD_MAX_BYTES allows by default) in
 * DATA_DIR/uploads (FileUploadStore) and in upload_files (DatabaseUploadStore), then times `get`:
 * p50 and p95 of BENCH_UPLOADS_RUNS runs (default 20) after 3 warm-up runs. Then 20 reads of the
 * 5 MB image at once from the database store, with the process's peak RSS while they run (each
 * read's bytes are dropped as soon as it is done, as the server does once it has answered).
 *
 * Default: an embedded PGlite database in a temporary directory. --pg: a scratch database on
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "../server/storage/migrate";
import { DATABASE_READS_AT_ONCE, DatabaseUploadStore, FileUploadStore } from "../server/storage/uploadStore";
import { msSince, openBenchDb, percentiles } from "./lib/benchDb";

const RUNS = Number(process.env.BENCH_UPLOADS_RUNS ?? 20);
const AT_ONCE = 20;

/** A PNG signature and header followed by `size` bytes in all: the stores never look inside. */
function image(size: number): { name: string; bytes: Uint8Array } {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 2654435761) >>> 24;
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { name: `${createHash("sha256").update(bytes).digest("hex")}.png`, bytes };
}

const mb = (n: number) => `${Math.round(n / 2 ** 20)} MB`;

const bench = await openBenchDb("uploads");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bd-bench-uploads-"));
try {
  await migrate(bench.db);
  const stores = [new FileUploadStore(dataDir), new DatabaseUploadStore(bench.db)];
  const images = [image(100 * 1024), image(5 * 1024 * 1024)];
  console.log(`upload stores on ${bench.label}, ${RUNS} runs`);
  for (const store of stores) {
    for (const img of images) {
      await store.put(img.name, img.bytes, "image/png");
      const { p50, p95 } = await percentiles(() => store.get(img.name), RUNS, 3);
      console.log(`  ${store.kind.padEnd(8)} get ${String(img.bytes.length).padStart(8)} B: p50 ${p50} ms, p95 ${p95} ms`);
    }
  }
  const db = stores[1]!;
  const big = images[1]!;
  let peak = process.memoryUsage().rss;
  const before = peak;
  const sample = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 2);
  const t0 = performance.now();
  await Promise.all(Array.from({ length: AT_ONCE }, async () => { await db.get(big.name); }));
  const took = msSince(t0);
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`  database ${AT_ONCE} gets of 5 MB at once (${DATABASE_READS_AT_ONCE} run at a time): ${took} ms, RSS ${mb(before)} → peak ${mb(peak)}`);
} finally {
  await bench.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
