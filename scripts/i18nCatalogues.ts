/**
 * The message catalogues as the app loads them (docs/i18n.md). Sources are one JSON file per
 * namespace and language, `src/i18n/locales/<language>/<namespace>.json`, with ICU messages.
 * Messages are compiled at build time with Lingui's compiler, so the browser gets Lingui's 2 KB
 * runtime without the ICU parser.
 *
 * What the Vite plugin below gives the app (issue 19):
 *
 * - `virtual:i18n/<language>/common`: sign-in, shell, shared components. English is in the entry.
 * - The English messages of the module namespaces come with the code that uses them: the
 *   plugin's transform prepends to every app source module (`src/`, `machines/`, `domain/`) that
 *   holds a literal of a module key one line that registers those keys' messages with Lingui when
 *   the module is evaluated (`registerMessages` of src/i18n/i18n.ts). A literal is a string or
 *   template literal that starts a key (`"ads.title"`; `` `ads.metric.${m}` `` or `"ads.metric." + m`
 *   registers every key starting `ads.metric.`); property names (`{ "o2o.views": … }`, a CIR
 *   section's id) are not shown, and strings that start no key (`"crm.retry"`, an event) are left
 *   out. A module can only show a key whose literal it holds or gets from a module that holds it,
 *   and either one's evaluation has registered it: the bundler puts each message in the chunk of
 *   the code that shows it, so /ads loads the Ads page's messages and no KOL ones, and a lazy
 *   dialog's messages come with the dialog.
 * - `virtual:i18n/<language>/app`: every module namespace. Thai loads it whole when it is the
 *   active language; the English one is for tests (`tests/support/i18nSetup.ts`).
 * - `virtual:i18n/en/msg`: the English `<namespace>.msg.*` keys of every module namespace, which
 *   `translateMessage` matches texts against; loaded with any language but English.
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

/** The module namespaces' keys (English), by namespace. */
export type ModuleKeys = ReadonlyMap<string, readonly string[]>;

export const moduleKeysOf = (dir = LOCALES_DIR): ModuleKeys =>
  new Map(namespacesOfBundle("en", "app", dir).map((ns) => [ns, Object.keys(readNamespace("en", ns, dir))] as const));

/**
 * The module keys `code` can show: those it holds a literal of, as a value. A whole key
 * (`"ads.title"`), or every key a literal starts when the key is built from it (`` `ads.metric.${m}` ``,
 * `"ads.metric." + m`, a head handed to a helper). Left out: property names (`{ "o2o.views": … }`,
 * a CIR section's id, a statechart's event) and strings that start no key (`"crm.retry"`).
 */
export function keysUsedBy(code: string, keys: ModuleKeys): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(["'`])([A-Za-z][\w-]*)\.([^"'`\\\n$]*)(["'`]|\$\{)?(\s*[:+])?/g)) {
    const [, quote, ns = "", rest = "", end, next] = match;
    const nsKeys = keys.get(ns);
    if (nsKeys === undefined) continue;
    const whole = end === quote;
    const propertyName = whole && quote !== "`" && next?.trim() === ":" && /[{,]\s*$/.test(code.slice(Math.max(0, match.index - 100), match.index));
    if (propertyName) continue;
    const head = `${ns}.${rest}`;
    if (whole && next?.trim() !== "+" && nsKeys.includes(head)) found.add(head);
    else for (const key of nsKeys) if (key.startsWith(head)) found.add(key);
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

/**
 * `code` with the registration of the English messages of the module keys it uses prepended, or
 * null when it uses none. `messages`: every module key's compiled English message.
 */
export function withMessageRegistration(code: string, keys: ModuleKeys, messages: Readonly<Record<string, unknown>>): { code: MagicString; keys: string[] } | null {
  const used = keysUsedBy(code, keys);
  if (used.length === 0) return null;
  const registered = JSON.stringify(Object.fromEntries(used.map((key) => [key, messages[key]])));
  // One line: the rest of the module keeps its line numbers. Imports are hoisted: the messages
  // are registered once the module's imports are evaluated, before its own code runs.
  const line = `import { registerMessages as __registerMessages } from ${JSON.stringify(I18N_MODULE)};__registerMessages("en", ${registered});`;
  return { code: new MagicString(code).prepend(line), keys: used };
}

const PREFIX = "virtual:i18n/";
const RESOLVED = "\0" + PREFIX;

export function i18nCatalogues(): Plugin {
  let english: { keys: ModuleKeys; messages: Record<string, unknown> } | null = null;
  const moduleEnglish = () => (english ??= { keys: moduleKeysOf(), messages: compileBundle("en", "app") });
  return {
    name: "brand-dashboard:i18n-catalogues",
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [path = ""] = id.slice(RESOLVED.length).split("?");
      const [language = "", bundle = ""] = path.split("/");
      if (!(CATALOGUE_LANGUAGES as readonly string[]).includes(language)) throw new Error(`Unknown message catalogue ${id.slice(1)}`);
      if (bundle !== "common" && bundle !== "app" && !(bundle === "msg" && language === "en")) throw new Error(`Unknown message catalogue ${id.slice(1)}`);
      for (const ns of namespacesOf(language)) this.addWatchFile(join(LOCALES_DIR, language, `${ns}.json`));
      return `export default ${JSON.stringify(compileBundle(language, bundle))};`;
    },
    watchChange(id) {
      if (id.startsWith(LOCALES_DIR)) english = null;
    },
    transform(code, id) {
      if (!isAppSource(id)) return null;
      const { keys, messages } = moduleEnglish();
      const out = withMessageRegistration(code, keys, messages);
      if (out === null) return null;
      // The module is transformed again when a message it registers changes (npm run dev).
      for (const ns of new Set(out.keys.map((key) => key.slice(0, key.indexOf("."))))) this.addWatchFile(join(LOCALES_DIR, "en", `${ns}.json`));
      return { code: out.code.toString(), map: out.code.generateMap({ hires: true }) };
    },
  };
}
