/**
 * The Playwright web server: the real server (as `server/main.ts` starts it) on a fresh data
 * directory holding the demo workspace plus the users of `users.ts`, added through
 * `UserService` before the server listens.
 */
import { serve } from "@hono/node-server";
import { loadConfig } from "../../../server/config";
import { createApp } from "../../../server/http/app";
import { buildDeps } from "../../../server/runtime";
import { openStorage } from "../../../server/storage/open";
import { fillDemo } from "../../../server/demo/demoFill";
import { ADDED_USERS } from "./users";

const config = loadConfig();
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
  console.log(`e2e server on http://${info.address}:${info.port} (${config.dataDir})`);
});

async function stop() {
  server.close();
  await storage.close().catch(() => undefined);
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
