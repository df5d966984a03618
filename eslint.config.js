// Lint runs in `npm test`. Besides typescript-eslint's recommended rules it enforces the
// one-way imports of docs/architecture.md: domain imports nothing of ours; machines and
// workers import only domain; server never imports src, machines or workers.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

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
);
