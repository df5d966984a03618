import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { i18nCatalogues } from "./scripts/i18nCatalogues";
import { chunkPreloads } from "./scripts/chunkPreloads";
import { plotlySteps } from "./scripts/plotlySteps";
import { chunkGroupName } from "./scripts/chunkGroups";
import { themeTrim } from "./scripts/themeTrim";
import { fontSubsets } from "./scripts/fontSubsets";
import { precompress } from "./scripts/precompress";
import { styleFirst } from "./scripts/styleFirst";

const apiPrefixes = ["/auth", "/user", "/api", "/healthz", "/uploads"];

export default defineConfig({
  plugins: [react(), i18nCatalogues(), chunkPreloads(), plotlySteps(), themeTrim(), fontSubsets(), styleFirst(), precompress()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 600,
    // Fewer, larger chunks for the module pages (scripts/chunkGroups.ts).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: chunkGroupName(), includeDependenciesRecursively: false }] } } },
  },
  server: {
    // `npm run dev`: Vite serves the UI, the API server (npm run serve) answers the calls.
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: "http://127.0.0.1:8080" }])),
  },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    exclude: ["tests/e2e/**", "tests/server/**", "node_modules/**"],
    environment: "node",
    // The message catalogues (issue 18): every unit test file starts with them loaded.
    setupFiles: ["tests/support/i18nSetup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
