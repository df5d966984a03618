/**
 * The one message catalogue of the UI (issue 18, docs/i18n.md): Lingui's runtime over the
 * compiled catalogues of `src/i18n/locales`. Every visible string is `t(key, values)`; a message
 * that reaches the UI as English text (a field check in `domain/`, a machine's message, a
 * server's 400) is shown through `translateMessage`, which finds its key by the English text.
 *
 * The active language and calendar live here as a small external store; the locale statechart
 * (`machines/locale`) decides them, this module only applies them once their messages are in.
 *
 * What is loaded (issue 19, docs/i18n.md): English `common` is in the entry; a module key's
 * English message comes with the code that uses it (the catalogue plugin `scripts/i18nCatalogues.ts`
 * prepends its registration, `registerMessages`, to each module holding a literal of it). Another
 * language loads its `common`, then its whole `app` bundle and the English `.msg.` keys of every
 * namespace (for `translateMessage`) once a module page is wanted (`loadAppMessages`).
 */
import { setupI18n, type Messages } from "@lingui/core";
import enCommon from "virtual:i18n/en/common";
import { DEFAULT_LOCALE, type Language, type LocalePreference } from "../../domain/localeValues";
import type { MessageKey } from "@/i18n/keys";

export type { MessageKey };
/** Values of a message's ICU arguments. */
export type MessageValues = Readonly<Record<string, string | number | Date | null | undefined>>;

/** `app`: in English the `.msg.` keys of the module namespaces, in another language all their messages. */
type Bundle = "common" | "app";

const i18n = setupI18n();
i18n.load("en", { ...enCommon });
i18n.activate("en");

const LOADERS: Readonly<Record<Language, Readonly<Record<Bundle, () => Promise<{ default: Messages }>>>>> = {
  en: { common: () => Promise.resolve({ default: enCommon }), app: () => import("virtual:i18n/en/msg") },
  th: { common: () => import("virtual:i18n/th/common"), app: () => import("virtual:i18n/th/app") },
};

const loads = new Map<string, Promise<void>>([["en/common", Promise.resolve()]]);
/** The bundles the app has needed so far: a language switch loads these. */
const wanted = new Set<Bundle>(["common"]);

function loadBundle(language: Language, bundle: Bundle): Promise<void> {
  const key = `${language}/${bundle}`;
  let load = loads.get(key);
  if (load === undefined) {
    load = LOADERS[language][bundle]().then((module) => {
      i18n.load(language, { ...module.default });
      reverse = null;
    });
    // A failed fetch (offline, a new deploy) may be retried by the next call.
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

/**
 * English messages of module keys, registered by each module that holds literals of them when it
 * is evaluated (the line the catalogue plugin prepends). Lingui merges them into what is loaded.
 */
export function registerMessages(language: Language, messages: Messages): void {
  i18n.load(language, messages);
  reverse = null;
}

/**
 * Loads what `language` needs for every bundle wanted so far. English needs nothing more: its
 * `common` is in the entry and each module key comes with the modules that use it. Another
 * language also loads English `.msg.` keys: `translateMessage` reads their texts.
 */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === "en") return;
  const bundles = [...wanted];
  await Promise.all(bundles.flatMap((b) => [loadBundle("en", b), loadBundle(language, b)]));
}

/**
 * The module pages' messages in the active language when it is not English (the whole `app`
 * bundle and the English `.msg.` keys): awaited by the default layout's route, so a page's first
 * render speaks the user's language. English module messages come with the code that shows them.
 */
export function loadAppMessages(): Promise<void> {
  wanted.add("app");
  return loadLanguage(active.language);
}

let active: LocalePreference = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

/** The language and calendar shown now. */
export const activeLocale = (): LocalePreference => active;

/** For `useSyncExternalStore`. */
export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows `pref` from now on. Its language's messages must be loaded (`loadLanguage`); the root
 * of the app re-renders every page in it (`LocaleRoot`).
 */
export function activateLocale(pref: LocalePreference): void {
  if (pref.language === active.language && pref.calendar === active.calendar) return;
  active = { language: pref.language, calendar: pref.calendar };
  i18n.activate(pref.language);
  if (typeof document !== "undefined") document.documentElement.lang = pref.language;
  for (const listener of listeners) listener();
}

/** The message `key` in the active language, its ICU arguments filled from `values`. */
export function t(key: MessageKey, values?: MessageValues): string {
  return i18n._(key, values as Record<string, unknown> | undefined);
}

interface Pattern {
  readonly key: MessageKey;
  readonly regex: RegExp;
  readonly names: readonly string[];
}

let reverse: { exact: Map<string, MessageKey>; patterns: Pattern[] } | null = null;

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * English text → key, for the keys under `<namespace>.msg.`: the messages that reach the UI as
 * English text. A message with simple `{name}` arguments matches any text of its shape.
 */
function reverseIndex(): NonNullable<typeof reverse> {
  if (reverse !== null) return reverse;
  const exact = new Map<string, MessageKey>();
  const patterns: Pattern[] = [];
  const english = (i18n as unknown as { _messages: Record<string, Messages> })._messages.en ?? {};
  for (const [key, compiled] of Object.entries(english)) {
    if (!key.includes(".msg.") || !Array.isArray(compiled)) continue;
    const parts = compiled as readonly unknown[];
    if (parts.every((p) => typeof p === "string")) {
      exact.set(parts.join(""), key as MessageKey);
      continue;
    }
    // Only plain strings and bare arguments ({name}) make a pattern; plurals and selects do not.
    if (!parts.every((p) => typeof p === "string" || (Array.isArray(p) && p.length === 1 && typeof p[0] === "string"))) continue;
    const names: string[] = [];
    const source = parts.map((p) => (typeof p === "string" ? escapeRegex(p) : (names.push(String((p as [string])[0])), "(.+?)"))).join("");
    patterns.push({ key: key as MessageKey, regex: new RegExp(`^${source}$`, "s"), names });
  }
  reverse = { exact, patterns };
  return reverse;
}

/**
 * A message that reached the UI as English text (a `domain/` field check, a machine, a server's
 * 400), in the active language. Text with no catalogue entry is shown as it came.
 */
export function translateMessage(english: string): string {
  if (active.language === "en") return english;
  const index = reverseIndex();
  const key = index.exact.get(english);
  if (key !== undefined) return t(key);
  for (const pattern of index.patterns) {
    const match = pattern.regex.exec(english);
    if (match === null) continue;
    const values: Record<string, string> = {};
    pattern.names.forEach((name, i) => (values[name] = match[i + 1] ?? ""));
    return t(pattern.key, values);
  }
  return english;
}
