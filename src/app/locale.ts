/**
 * The locale statechart (`machines/locale`) wired to the app (issue 18, docs/i18n.md): it loads
 * a language's messages, saves a signed-in user's choice, and follows the auth machine (signing
 * in applies the user's stored choice). What it shows (`context.shown`) is activated in the
 * catalogue and the formats, and remembered on this browser for the sign-in page.
 */
import { createActor, fromPromise } from "xstate";
import { CALENDARS, DEFAULT_LOCALE, LANGUAGES, type Language, type LocalePreference } from "../../domain/localeValues";
import { localeMachine } from "../../machines/locale/localeMachine";
import { selectUser } from "../../machines/auth/authSelectors";
import { guardedImport } from "@/app/chunkReload";
import { authActor } from "@/app/auth";
import { appInspect } from "@/app/inspect";
import { activateLocale, loadLanguage } from "@/i18n/i18n";

/** Where this browser remembers the last language and calendar applied (JSON {language, calendar}). */
export const LOCALE_STORAGE_KEY = "brand-dashboard.locale";

/** Checked by hand, not with the schema: the sign-in page loads without effect's Schema (its JS budget). */
function asLocale(value: unknown): LocalePreference | null {
  if (typeof value !== "object" || value === null) return null;
  const { language, calendar } = value as Record<string, unknown>;
  return (LANGUAGES as readonly unknown[]).includes(language) && (CALENDARS as readonly unknown[]).includes(calendar)
    ? { language: language as LocalePreference["language"], calendar: calendar as LocalePreference["calendar"] }
    : null;
}
/** The API helpers (and the call table behind them): loaded with the first save, not with the sign-in page. */
const loadApi = guardedImport(() => import("@/app/api"));

/** The choice remembered on this browser; storage is input, anything unreadable counts as none. */
export function rememberedLocale(): LocalePreference {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCALE_STORAGE_KEY) ?? "null");
    return asLocale(parsed) ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

function remember(pref: LocalePreference): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify({ language: pref.language, calendar: pref.calendar }));
  } catch {
    // Private mode or a full quota: the choice then lasts for this page only (and on the server).
  }
}

export const localeActors = {
  loadMessages: fromPromise<void, { language: Language }>(({ input }) => loadLanguage(input.language)),
  saveChoice: fromPromise<void, LocalePreference>(async ({ input, signal }) => {
    const { authedCall } = await loadApi();
    await authedCall("updateLocale", { language: input.language, calendar: input.calendar }, { signal });
  }),
};

export const localeActor = createActor(localeMachine.provide({ actors: localeActors }), {
  input: { remembered: rememberedLocale() },
  inspect: appInspect,
});

/**
 * Starts the locale machine once the remembered language's messages are in (awaited before the
 * first render, so the first paint is already in the user's language).
 */
export async function startLocale(): Promise<void> {
  const remembered = rememberedLocale();
  await loadLanguage(remembered.language).catch(() => undefined);
  let shown = localeActor.getSnapshot().context.shown;
  activateLocale(shown);
  localeActor.subscribe((snap) => {
    if (snap.context.shown === shown) return;
    shown = snap.context.shown;
    activateLocale(shown);
    remember(shown);
  });
  localeActor.start();
  let signedIn: string | null = null;
  const follow = () => {
    const user = selectUser(authActor.getSnapshot());
    const who = user === null ? null : `${user.email}|${user.language}|${user.calendar}`;
    if (who === signedIn) return;
    signedIn = who;
    localeActor.send(user === null ? { type: "user.signedOut" } : { type: "user.loaded", preference: { language: user.language, calendar: user.calendar } });
  };
  authActor.subscribe(follow);
  follow();
}
