// The server suite, run once per storage: STORAGE=pglite (default) or STORAGE=postgres.
import { defineConfig } from "vitest/config";
import base from "./vite.config.ts";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/server/**/*.test.ts"],
    exclude: ["node_modules/**"],
    globalSetup: ["tests/support/globalSetup.ts"],
    // The server suite renders no UI: no message catalogues.
    setupFiles: [],
    // Each file opens its own database copy; two at a time fits two cores.
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
