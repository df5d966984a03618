/**
 * For working on these specs while other suites run on the same machine: the project's
 * Playwright config (same server, users and settings) on another port and its own data dir.
 * `npx playwright test -c tests/e2e/models/ownPort.config.ts tests/e2e/filters.spec.ts`;
 * BD_E2E_OWN_DIST=<dir> serves a build of its own (`vite build --outDir <dir>`), safe from
 * concurrent rebuilds of dist/.
 * CI and `npm run test:e2e` use playwright.config.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import base from "../../../playwright.config";

const PORT = Number(process.env.BD_E2E_OWN_PORT ?? 8799);
const baseURL = `http://127.0.0.1:${PORT}`;
let dataDir = process.env.BD_E2E_OWN_DATA_DIR;
if (dataDir === undefined) {
  const created = mkdtempSync(join(tmpdir(), `bd-e2e-own-${process.pid}-`));
  process.env.BD_E2E_OWN_DATA_DIR = dataDir = created;
  process.on("exit", () => rmSync(created, { recursive: true, force: true }));
}
const server = Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!;

export default defineConfig({
  ...base,
  testDir: fileURLToPath(new URL("..", import.meta.url)),
  outputDir: join(tmpdir(), `bd-e2e-own-results-${PORT}`),
  reporter: "list",
  use: { ...base.use, baseURL },
  webServer: {
    ...server,
    cwd: fileURLToPath(new URL("../../..", import.meta.url)),
    url: `${baseURL}/healthz`,
    // A busy machine (other suites running) writes the demo slowly.
    timeout: Number(process.env.BD_E2E_OWN_SERVER_TIMEOUT ?? 120_000),
    env: { ...server.env, PORT: String(PORT), DATA_DIR: dataDir, STATIC_DIR: process.env.BD_E2E_OWN_DIST ?? "dist" },
  },
});
