/**
 * The message catalogues as the app loads them (docs/i18n.md). Sources are one JSON file per
 * namespace and language, `src/i18n/locales/<language>/<namespace>.json`, with ICU messages.
 * Messages are compiled at build time with Lingui's compiler, so the browser gets Lingui's 2 KB
 * runtime without the ICU parser.
 *
 * Modules of the Vite plugin below:
 *
 * - `virtual:i18n/<language>/common`: sign-in, shell, shared components. English is in the entry.
 * - `virtual:i18n-ns/<namespace>`: a module namespace's English messages, which register with
 *   Lingui when the module is evaluated (issue 19). The plugin's transform prepends
 *   `import "virtual:i18n-ns/<ns>";` to every app source module (`src/`, `machines/`, `domain/`)
 *   whose code holds a string or template literal that starts a key of `ns` (`"ads.title"`,
 *   `` `ads.metric.${m}` ``, `"ads.metric." + m`): a module can only show a key whose literal it
 *   holds or gets from a module that holds it, and either one's evaluation has registered the
 *   namespace. The bundler puts each namespace's messages in the chunks of the pages that use it,
 *   so /ads loads the ads messages and no kol ones.
 * - `virtual:i18n/<language>/app`: every module namespace. Thai loads it whole when it is
 *   the active language; the English one is for tests (`tests/support/i18nSetup.ts`).
 * - `virtual:i18n/en/msg`: the English `<namespace>.msg.*` keys of every module namespace, which
 *   `translateMessage` matches texts against; loaded with any language but English.
 * - `virtual:i18n/<language>/<namespace>`: one namespace.
 *
 * Used by `vite.config.ts` and by the catalogue tests.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import MagicString from "magic-string";
import type { Plugin } from "vite";

export const LOCALES_DIR = fileURLToPath(new URL("../src/i18n/locales", import.meta.url));
export const CATALOGUE_LANGUAGES = ["en", "th"] as const;
export type CatalogueBundle = "common" | "app" | "msg";
const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Where the namespace modules register their messages. */
const I18N_MODULE = join(ROOT, "src", "i18n", "i18n.ts");

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

/** The namespaces of a bundle: `common` alone, or every other one (`app`, and `msg` for their `.msg.` keys). */
export const namespacesOfBundle = (language: string, bundle: CatalogueBundle, dir = LOCALES_DIR): string[] =>
  namespacesOf(language, dir).filter((ns) => (bundle === "common") === (ns === "common"));

/** Messages compiled for Lingui's runtime. */
function compileAll(messages: Record<string, string>, keep: (key: string) => boolean = () => true): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) if (keep(key)) out[key] = compileMessage(message);
  return out;
}

/** A bundle's messages, compiled for Lingui's runtime. */
export function compileBundle(language: string, bundle: CatalogueBundle, dir = LOCALES_DIR): Record<string, unknown> {
  const keep = bundle === "msg" ? (key: string) => key.includes(".msg.") : undefined;
  return Object.assign({}, ...namespacesOfBundle(language, bundle, dir).map((ns) => compileAll(readNamespace(language, ns, dir), keep)));
}

/** One namespace's messages, compiled for Lingui's runtime. */
export const compileNamespace = (language: string, namespace: string, dir = LOCALES_DIR): Record<string, unknown> =>
  compileAll(readNamespace(language, namespace, dir));

/**
 * The module namespaces whose keys `code` holds a literal of: a string or template literal that
 * starts with `<ns>.` and with which a key of `ns` starts (a whole key, or the head of one built
 * by concatenation or a template). Other strings with a namespace's name (`"crm.retry"`, an
 * event) are left out, and so are property names (`{ "o2o.views": … }`: a CIR section's id, a
 * statechart's event): code shows a key it holds as a value. `keys`: every module namespace's
 * keys (English).
 */
export function namespacesUsedBy(code: string, keys: ReadonlyMap<string, readonly string[]>): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(["'`])([A-Za-z][\w-]*)\.([^"'`\\\n$]*)(["'`]\s*:)?/g)) {
    const [, quote, ns = "", rest = "", colon] = match;
    const nsKeys = keys.get(ns);
    if (nsKeys === undefined || found.has(ns)) continue;
    if (colon !== undefined && quote !== "`" && colon.startsWith(quote!) && /[{,]\s*$/.test(code.slice(Math.max(0, match.index - 100), match.index))) continue;
    const head = `${ns}.${rest}`;
    if (nsKeys.some((key) => key.startsWith(head))) found.add(ns);
  }
  return [...found].sort();
}

/** Whether the message-key scan applies to module `id`: app sources, not the catalogue's own code. */
export function isAppSource(id: string, root = ROOT): boolean {
  if (id.includes("?") || id.startsWith("\0") || !/\.[cm]?[jt]sx?$/.test(id)) return false;
  const file = id.split("/").join(sep);
  if (file.startsWith(join(root, "src", "i18n") + sep)) return false;
  return ["src", "machines", "domain"].some((dir) => file.startsWith(join(root, dir) + sep));
}

/** The namespace imports prepended to `code`, or null when it holds no module key. */
export function withNamespaceImports(code: string, keys: ReadonlyMap<string, readonly string[]>): MagicString | null {
  const used = namespacesUsedBy(code, keys);
  if (used.length === 0) return null;
  // One line: the rest of the module keeps its line numbers.
  return new MagicString(code).prepend(used.map((ns) => `import "${NS_PREFIX}${ns}";`).join(""));
}

const PREFIX = "virtual:i18n/";
const RESOLVED = "\0" + PREFIX;
export const NS_PREFIX = "virtual:i18n-ns/";
const NS_RESOLVED = "\0" + NS_PREFIX;

export function i18nCatalogues(): Plugin {
  let keys: Map<string, readonly string[]> | null = null;
  const moduleKeys = () =>
    (keys ??= new Map(namespacesOfBundle("en", "app").map((ns) => [ns, Object.keys(readNamespace("en", ns))] as const)));
  const watchLocales = (ctx: { addWatchFile(file: string): void }, language: string) => {
    for (const ns of namespacesOf(language)) ctx.addWatchFile(join(LOCALES_DIR, language, `${ns}.json`));
  };
  return {
    name: "brand-dashboard:i18n-catalogues",
    resolveId(id) {
      if (id.startsWith(PREFIX)) return RESOLVED + id.slice(PREFIX.length);
      if (id.startsWith(NS_PREFIX)) return NS_RESOLVED + id.slice(NS_PREFIX.length);
      return null;
    },
    load(id) {
      if (id.startsWith(NS_RESOLVED)) {
        const ns = id.slice(NS_RESOLVED.length);
        if (!moduleKeys().has(ns)) throw new Error(`Unknown message namespace ${ns}`);
        this.addWatchFile(join(LOCALES_DIR, "en", `${ns}.json`));
        return `import { registerMessages } from ${JSON.stringify(I18N_MODULE)};\nregisterMessages("en", ${JSON.stringify(compileNamespace("en", ns))});\n`;
      }
      if (!id.startsWith(RESOLVED)) return null;
      const [path = "", query] = id.slice(RESOLVED.length).split("?");
      const [language = "", bundle = ""] = path.split("/");
      if (!(CATALOGUE_LANGUAGES as readonly string[]).includes(language)) throw new Error(`Unknown message catalogue ${id.slice(1)}`);
      // Named by scripts/chunkPreloads.ts (SHELL_MODULES) among what every module page loads; the
      // English module messages now come with the pages (virtual:i18n-ns/…): see src/i18n/i18n.ts.
      if (language === "en" && bundle === "app" && query === "anchor") return "export default {};";
      watchLocales(this, language);
      if (bundle === "common" || bundle === "app" || (bundle === "msg" && language === "en")) return `export default ${JSON.stringify(compileBundle(language, bundle))};`;
      if (namespacesOf(language).includes(bundle)) return `export default ${JSON.stringify(compileNamespace(language, bundle))};`;
      throw new Error(`Unknown message catalogue ${id.slice(1)}`);
    },
    watchChange(id) {
      if (id.startsWith(LOCALES_DIR)) keys = null;
    },
    transform(code, id) {
      if (!isAppSource(id)) return null;
      const out = withNamespaceImports(code, moduleKeys());
      return out === null ? null : { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}
