import { serve } from "@hono/node-server";
import { ConfigError, loadConfig } from "./config";
import { buildServer } from "./runtime";
import { dropUnattachedImportTables } from "./services/importTables";
import { fillDemoInBackground } from "./demo/demoFill";
import { dataDirProblem, ensureDataDir } from "./storage/dataDir";
import { DataDirLockedError } from "./storage/lock";
import { openStorage, type Opened } from "./storage/open";
import { DatabaseUploadStore, FileUploadStore } from "./storage/uploadStore";
import { copyUploadFiles } from "./services/uploads";

const started = performance.now();
/** Quiet time before each step of the demo's background fill. */
const DEMO_FILL_QUIET_MS = 500;
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
    process.exit(2);
  }
  throw err;
}

/** A start-up that cannot go on for a reason the user can fix: one line, exit code 1, no stack trace. */
function cannotStart(err: unknown, dataDir: string): never {
  const problem = err instanceof DataDirLockedError ? err : dataDirProblem(err, dataDir);
  if (problem === null) throw err;
  console.error(`Cannot start: ${problem.message}`);
  process.exit(1);
}

let opened: Opened;
let built: ReturnType<typeof buildServer>;
try {
  // Also with DATABASE_URL: the uploads and the generated signing secret live in DATA_DIR.
  ensureDataDir(config.dataDir);
  opened = await openStorage(config, { initInChild: true });
  built = buildServer(config, opened.storage);
} catch (err) {
  cannotStart(err, config.dataDir);
}
const { storage, created } = opened;

// With the uploads in the database, the images an earlier server kept in DATA_DIR/uploads are
// copied there first, so that every server serves the URLs already handed out.
if (config.uploadStore === "database") {
  const { copied, skipped } = await copyUploadFiles(new FileUploadStore(config.dataDir), new DatabaseUploadStore(storage));
  if (copied > 0) console.log(`uploads: copied ${copied} image(s) from ${config.dataDir}/uploads into the database`);
  for (const name of skipped) console.error(`uploads: not copied into the database: ${name} is not the image its name says`);
}
const { app, activity, ordersImport, reportScheduler } = built;

// An orders import cut off before its commit leaves tables that never joined the real ones; one
// cut off after it leaves rows still to merge (server/services/importTables.ts).
if (storage.kind === "pglite") {
  const dropped = await dropUnattachedImportTables(storage);
  if (dropped > 0) console.log(`orders import: dropped ${dropped} table(s) of an import that did not finish`);
  void ordersImport.mergeInBackground();
}

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  console.log(
    `brand-dashboard listening on http://${info.address}:${info.port} — ${where}` +
      `${created ? " (new database)" : ""} — ready in ${Math.round(performance.now() - started)} ms`,
  );
});

// Scheduled report PDFs (docs/reports.md): due runs are made inside the server, unless REPORT_SCHEDULER=off.
if (config.reportScheduler) reportScheduler.start();

// A new demo database holds the recent o2o months; the older ones are written now, in the
// background, a step whenever no request has been under way for DEMO_FILL_QUIET_MS: a step holds
// the database for up to a second.
const demoFill = fillDemoInBackground(storage, (line) => console.log(line), (stopped) => activity.quiet(DEMO_FILL_QUIET_MS, stopped));

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  server.close();
  demoFill.stop();
  await Promise.all([demoFill.done, reportScheduler.stop()]);
  await storage.close().catch(() => undefined);
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
