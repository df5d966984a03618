// Lint runs in `npm test`. Besides typescript-eslint's recommended rules it enforces the
// one-way imports of docs/architecture.md: domain imports nothing of ours; machines and
// workers import only domain; server never imports src, machines or workers; server/services
// never import server/demo; no import cycles;
// no feature imports another feature; in src/, `src/app/`, `src/components/` and `src/api/`
// (shared layers) import no feature, layout, route or the router; PrimeReact is imported only
// in src/components/ui.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import { readdirSync } from "node:fs";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

const layer = (files, forbidden, message) => ({
  files,
  rules: {
    "no-restricted-imports": ["error", {
      patterns: forbidden.map((dir) => ({
        group: [`**/${dir}/*`, `${dir}/*`, `@/${dir}/*`].concat(dir === "src" ? ["@/*"] : []),
        message,
      })),
    }],
  },
});

// In src/ the import rules are one no-restricted-imports setting per group of files (flat config
// keeps only the last matching setting of a rule, so each group lists every pattern it needs).
const primeReact = {
  group: ["primereact", "primereact/*", "primeicons/*"],
  message: "PrimeReact only through src/components/ui (thin local modules), so a major bump touches one folder.",
};
const sharedLayer = {
  group: ["@/features/*", "@/layouts/*", "@/routes/*", "@/router"],
  message: "src/app, src/components and src/api are shared layers: they import no feature, layout, route or the router.",
};
const restricted = (files, patterns) => ({ files, rules: { "no-restricted-imports": ["error", { patterns }] } });

// One block per feature folder: it may import its own files, never another feature's.
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const featureRules = features.map((name) => restricted([`src/features/${name}/**/*.{ts,tsx}`], [
  primeReact,
  {
    group: ["@/features/*", `!@/features/${name}`, `!@/features/${name}/**`],
    message: "Features never import each other: compose them in a route or layout, or move what they share to src/app or src/components.",
  },
  { group: ["@/router", "@/routes/*", "@/layouts/*"], message: "Features never import the router, routes or layouts (the URL is read and written through @/app/view)." },
]));

export default tseslint.config(
  { ignores: ["dist/**", "server/dist/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "docs/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  layer(["domain/**/*.ts"], ["src", "machines", "workers", "server"], "domain/ is the contract: it imports nothing of ours."),
  layer(["machines/**/*.ts"], ["src", "server", "workers"], "machines/ import only domain/."),
  layer(["workers/**/*.ts"], ["src", "server", "machines"], "workers/ import only domain/."),
  layer(["server/**/*.ts"], ["src", "machines", "workers"], "server/ never imports src/, machines/ or workers/."),
  // The services know nothing of the demo: server/runtime.ts wraps the demo's top-ups around them.
  restricted(["server/services/**/*.ts"], [
    ...["src", "machines", "workers"].map((dir) => ({ group: [`**/${dir}/*`, `${dir}/*`], message: "server/ never imports src/, machines/ or workers/." })),
    { group: ["**/demo/*", "demo/*"], message: "server/services/ never imports server/demo/: the demo is wrapped around the services in server/runtime.ts." },
  ]),
  restricted(["src/**/*.{ts,tsx}"], [primeReact]),
  ...featureRules,
  restricted(["src/app/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}", "src/api/**/*.{ts,tsx}"], [primeReact, sharedLayer]),
  restricted(["src/components/ui/**/*.{ts,tsx}"], [sharedLayer]),
  {
    files: ["src/**/*.{ts,tsx}", "machines/**/*.ts", "workers/**/*.ts", "domain/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // Without it the rule cannot read the TypeScript files it follows, and finds no cycle at all.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
