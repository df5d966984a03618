/**
 * The Playwright web server: the real server (as `server/main.ts` starts it) on a fresh data
 * directory holding the demo workspace plus the users of `users.ts`, added through
 * `UserService` before the server listens. The demo workspace is a copy of the tests' template
 * (tests/support/template.ts: the database a new server seeds and fills, built once for the
 * sources and the day, the server suite's too) instead of a seed of its own (a minute or more).
 */
import { cpSync, existsSync } from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";
import { loadConfig } from "../../../server/config";
import { createApp } from "../../../server/http/app";
import { buildDeps } from "../../../server/runtime";
import { openStorage, pgliteDir } from "../../../server/storage/open";
import { fillDemo } from "../../../server/demo/demoFill";
import { pgliteTemplate } from "../../support/template";
import { ADDED_USERS } from "./users";

const config = loadConfig();
const startedAt = performance.now();
if (!config.databaseUrl && config.seedDemo !== "false" && !existsSync(pgliteDir(config.dataDir))) {
  cpSync(path.join(await pgliteTemplate(), "pgdata"), pgliteDir(config.dataDir), { recursive: true });
}
// initInChild: PGlite's initdb grows the heap by ~850 MB, which this process would keep.
const { storage } = await openStorage(config, { initInChild: true });
const deps = buildDeps(config, storage);

const existing = new Set((await deps.users.list()).map((u) => u.email));
for (const user of ADDED_USERS) {
  if (!existing.has(user.email)) await deps.users.create(user, "e2e");
}

// The whole demo before the first request: server/main.ts writes the older months in the
// background, which would compete with the tests for the embedded database (one statement at a
// time) and make their timings depend on how far it got.
await fillDemo(storage);

const server = serve({ fetch: createApp(deps).fetch, hostname: config.host, port: config.port }, (info) => {
  console.log(`e2e server on http://${info.address}:${info.port} (${config.dataDir}), ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
});

async function stop() {
  server.close();
  await storage.close().catch(() => undefined);
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
