/**
 * `node --import tsx tests/support/buildTemplate.ts DIR`: writes the tests' demo database into
 * DIR/pgdata (run by template.ts in a child process). As a new server's data directory holds it:
 * migrated and seeded (initEmbedded), then every older demo month written (fillDemo, as the e2e
 * server and the global setup always did). Then its write-ahead log is trimmed: the seed leaves
 * ~36 recycled 16 MB segments ahead of the one in use (half the folder's bytes, copied by every
 * test file for nothing); they are used up and removed by PostgreSQL itself, through WAL
 * switches and checkpoints under a small max_wal_size. The data is not touched.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { loadConfig } from "../../server/config";
import { fillDemo } from "../../server/demo/demoFill";
import { PGliteStorage } from "../../server/storage/pglite";
import { initEmbedded, pgliteDir } from "../../server/storage/open";

const dir = process.argv[2];
if (!dir) throw new Error("usage: buildTemplate.ts DIR");
const started = performance.now();
await initEmbedded({ ...loadConfig({ DATA_DIR: dir }), seedDemo: "true" });
const seeded = performance.now();
const db = await PGliteStorage.open(pgliteDir(dir));
await fillDemo(db);
await db.close();
const filled = performance.now();

const walDir = path.join(pgliteDir(dir), "pg_wal");
const segments = () => readdirSync(walDir).filter((f) => /^[0-9A-F]{24}$/.test(f)).length;
const before = segments();
const pg = await PGlite.create({ dataDir: pgliteDir(dir), postgresqlconf: ["max_wal_size=32MB", "min_wal_size=32MB"] });
await pg.exec("CHECKPOINT");
// Each switch starts the next segment, once a record has been written since the last one; a
// logical message is such a record and changes nothing else.
for (let i = 0; i <= before; i++) {
  await pg.query("SELECT pg_logical_emit_message(false, 'bd-template', 'trim')");
  await pg.query("SELECT pg_switch_wal()");
}
await pg.exec("CHECKPOINT");
await pg.exec("CHECKPOINT");
await pg.close();
const secs = (a: number, b: number) => ((b - a) / 1000).toFixed(1);
console.log(
  `test database template: seeded in ${secs(started, seeded)} s, filled in ${secs(seeded, filled)} s, ` +
    `WAL trimmed from ${before} to ${segments()} segments in ${secs(filled, performance.now())} s (${dir})`,
);
