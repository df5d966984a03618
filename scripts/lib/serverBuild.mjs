// The server as it runs outside the tests: its entry points bundled by esbuild into
// server/dist/*.mjs (our TypeScript in one file each; packages stay in node_modules), run by
// plain Node. Under the tsx loader the same process takes ~80 MB more (Node's off-thread loader
// keeps its own copy of every module it hands over), which was a fifth of the server's and the
// orders import's memory budgets. Tests and scripts keep running the sources through tsx.
//
// `ensureServerBuild()` rebuilds when a source (server/, domain/, package.json, this file) is
// newer than the oldest bundle, so `npm start` and the CLIs never run stale code; a build takes
// well under a second. The files are written to a temporary name and renamed, so a process
// starting while another builds never reads half a file.
import { existsSync, readdirSync, renameSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Bundle name → entry point. server/dist/ sits beside server/storage/ and server/cli/, so paths the sources resolve from import.meta.url (../migrations/) resolve alike. */
export const SERVER_ENTRIES = {
  main: "server/main.ts",
  initEmbeddedMain: "server/storage/initEmbeddedMain.ts",
  users: "server/cli/users.ts",
  metrics: "server/cli/metrics.ts",
  orders: "server/cli/orders.ts",
  social: "server/cli/social.ts",
  ads: "server/cli/ads.ts",
  affiliate: "server/cli/affiliate.ts",
  kol: "server/cli/kol.ts",
  // The orders and social imports read workbooks in a worker thread (server/import/offThread.ts).
  importParseWorker: "server/import/parseWorker.ts",
};

const DIST = path.join(root, "server", "dist");

/** Absolute path of a bundle, e.g. serverBundle("main"). */
export const serverBundle = (name) => path.join(DIST, `${name}.mjs`);

function newest(target) {
  const s = statSync(target);
  if (!s.isDirectory()) return s.mtimeMs;
  let t = s.mtimeMs;
  for (const e of readdirSync(target, { withFileTypes: true })) {
    const p = path.join(target, e.name);
    if (p === DIST) continue;
    t = Math.max(t, newest(p));
  }
  return t;
}

/** True when a bundle is missing or older than a source it is built from. */
export function serverBuildIsStale() {
  const built = Math.min(...Object.keys(SERVER_ENTRIES).map((n) => (existsSync(serverBundle(n)) ? statSync(serverBundle(n)).mtimeMs : 0)));
  const sources = Math.max(...["server", "domain", "package.json", fileURLToPath(import.meta.url)].map((p) => newest(path.resolve(root, p))));
  return built < sources;
}

/**
 * Builds the bundles when they are stale.
 *
 * @returns true when it built
 */
export async function ensureServerBuild() {
  if (!serverBuildIsStale()) return false;
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: "server/dist",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
    write: false,
  });
  mkdirSync(DIST, { recursive: true });
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
  return true;
}
