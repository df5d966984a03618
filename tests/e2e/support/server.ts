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
import { fillDemoO2OInBackground } from "../../../server/services/o2oDemo";
import { fillDemoOrdersInBackground } from "../../../server/services/commerceDemo";
import { ADDED_USERS } from "./users";

const config = loadConfig();
// initInChild: PGlite's initdb grows the heap by ~850 MB, which this process would keep.
const { storage } = await openStorage(config, { initInChild: true });
const deps = buildDeps(config, storage);

const existing = new Set((await deps.users.list()).map((u) => u.email));
for (const user of ADDED_USERS) {
  if (!existing.has(user.email)) await deps.users.create(user, "e2e");
}

const server = serve({ fetch: createApp(deps).fetch, hostname: config.host, port: config.port }, (info) => {
  console.log(`e2e server on http://${info.address}:${info.port} (${config.dataDir})`);
});

// As server/main.ts does: the older o2o demo months are written in the background.
const o2oFill = fillDemoO2OInBackground(storage);
const ordersFill = fillDemoOrdersInBackground(storage);

async function stop() {
  server.close();
  o2oFill.stop();
  ordersFill.stop();
  await o2oFill.done;
  await ordersFill.done;
  await storage.close().catch(() => undefined);
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
