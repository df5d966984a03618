import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PORT = 8765;
const baseURL = `http://127.0.0.1:${PORT}`;
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
  workers: 1,
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
    // The real server, plus the extra users the shell specs sign in with.
    command: "node --import tsx tests/e2e/support/server.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // A first run of the day builds the demo database (tests/support/template.ts): minutes on a busy machine.
    timeout: 600_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
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
