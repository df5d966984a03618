/**
 * The locale statechart (`machines/locale`) wired to the app (issue 18, docs/i18n.md): it loads
 * a language's messages, saves a signed-in user's choice, and follows the auth machine (signing
 * in applies the user's stored choice). What it shows (`context.shown`) is activated in the
 * catalogue and the formats, and remembered on this browser for the sign-in page.
 */
import { Schema } from "effect";
import { createActor, fromPromise } from "xstate";
import { DEFAULT_LOCALE, LocalePreference, type Language } from "../../domain/locale";
import { localeMachine } from "../../machines/locale/localeMachine";
import { selectUser } from "../../machines/auth/authSelectors";
import { authedCall } from "@/app/api";
import { authActor } from "@/app/auth";
import { appInspect } from "@/app/inspect";
import { activateLocale, loadLanguage } from "@/i18n/i18n";

/** Where this browser remembers the last language and calendar applied (JSON {language, calendar}). */
export const LOCALE_STORAGE_KEY = "brand-dashboard.locale";

const decode = Schema.decodeUnknownOption(LocalePreference);

/** The choice remembered on this browser; storage is input, anything unreadable counts as none. */
export function rememberedLocale(): LocalePreference {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCALE_STORAGE_KEY) ?? "null");
    const pref = decode(parsed);
    return pref._tag === "Some" ? pref.value : DEFAULT_LOCALE;
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
