/**
 * The message catalogues as the app loads them (docs/i18n.md). Sources are one JSON file per
 * namespace and language, `src/i18n/locales/<language>/<namespace>.json`, with ICU messages.
 * Two bundles per language: `common` (sign-in, shell, shared components: loaded first) and `app`
 * (every module namespace, loaded with the default layout). Messages are compiled at build time
 * with Lingui's compiler, so the browser gets Lingui's 2 KB runtime without the ICU parser.
 *
 * Used by `vite.config.ts` (the `virtual:i18n/<language>/<bundle>` modules) and by the catalogue
 * tests.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

export const LOCALES_DIR = fileURLToPath(new URL("../src/i18n/locales", import.meta.url));
export const CATALOGUE_LANGUAGES = ["en", "th"] as const;
export type CatalogueBundle = "common" | "app";

/** The namespaces of a language, by file name without `.json`. */
export function namespacesOf(language: string, dir = LOCALES_DIR): string[] {
  return readdirSync(join(dir, language))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}

/** One namespace's messages as written (key → ICU message). Throws naming the file on bad JSON. */
export function readNamespace(language: string, namespace: string, dir = LOCALES_DIR): Record<string, string> {
  const file = join(dir, language, `${namespace}.json`);
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error(`${file}: not a JSON object`);
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== "string") throw new Error(`${file}: "${key}" is not a string`);
  }
  return parsed as Record<string, string>;
}

/** The namespaces of a bundle: `common` alone, or every other one. */
export const namespacesOfBundle = (language: string, bundle: CatalogueBundle, dir = LOCALES_DIR): string[] =>
  namespacesOf(language, dir).filter((ns) => (bundle === "common") === (ns === "common"));

/** A bundle's messages, compiled for Lingui's runtime. */
export function compileBundle(language: string, bundle: CatalogueBundle, dir = LOCALES_DIR): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const ns of namespacesOfBundle(language, bundle, dir)) {
    for (const [key, message] of Object.entries(readNamespace(language, ns, dir))) out[key] = compileMessage(message);
  }
  return out;
}

const PREFIX = "virtual:i18n/";
const RESOLVED = "\0" + PREFIX;

export function i18nCatalogues(): Plugin {
  return {
    name: "brand-dashboard:i18n-catalogues",
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [language = "", bundle = ""] = id.slice(RESOLVED.length).split("/");
      if (!(CATALOGUE_LANGUAGES as readonly string[]).includes(language) || (bundle !== "common" && bundle !== "app")) {
        throw new Error(`Unknown message catalogue ${id.slice(1)}`);
      }
      for (const ns of namespacesOf(language)) this.addWatchFile(join(LOCALES_DIR, language, `${ns}.json`));
      return `export default ${JSON.stringify(compileBundle(language, bundle))};`;
    },
  };
}
