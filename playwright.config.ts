import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PORT = 8765;
/**
 * Spec files run in two workers at once, each against its own server and database (PORT + the
 * worker's parallel index; tests/e2e/support/servers.ts), so no spec sees another's changes
 * while it runs. E2E_WORKERS=1 runs them one after the other on one server.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/**
 * This process's server: the config is evaluated again in each worker, where Playwright sets
 * TEST_PARALLEL_INDEX (0 … workers - 1, kept by a worker that replaces a failed one).
 */
export const workerBaseURL = (port: number) => `http://127.0.0.1:${port + Number(process.env.TEST_PARALLEL_INDEX ?? 0)}`;
/** What Playwright waits for: the last server, which servers.ts starts after the others are up. */
export const lastServerURL = (port: number) => `http://127.0.0.1:${port + E2E_WORKERS - 1}`;
const baseURL = workerBaseURL(PORT);
// A fresh database per run, so the runs do not depend on each other. The config is evaluated in
// the runner and again in each worker: create the directory once and hand it down via env.
let dataDir = process.env.BD_E2E_DATA_DIR;
if (dataDir === undefined) {
  const created = mkdtempSync(join(tmpdir(), `bd-e2e-${process.pid}-`));
  process.env.BD_E2E_DATA_DIR = dataDir = created;
  // The runner exits after it has stopped the web server, so nothing uses the database by then.
  process.on("exit", () => rmSync(created, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: "tests/e2e",
  workers: E2E_WORKERS,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? "list" : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: "/usr/bin/chromium" } },
    },
  ],
  webServer: {
    // The real servers, one per worker, plus the extra users the shell specs sign in with.
    command: "node --import tsx tests/e2e/support/servers.ts",
    url: `${lastServerURL(PORT)}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      E2E_SERVERS: String(E2E_WORKERS),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ACCESS_TOKEN_TTL: "6",
      // The suite signs in hundreds of times from 127.0.0.1; the throttle has its own server tests.
      LOGIN_CLIENT_BURST: "100000",
      LOGIN_CLIENT_PER_MINUTE: "1000000",
      LOGIN_MAX_CONCURRENT: "256",
      STATIC_DIR: "dist",
    },
  },
});
