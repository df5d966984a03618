/**
 * Re-mounts the app below it when the language or the calendar changes (issue 18): every `t()`
 * call, number and date format, memoised label and chart layout is then made again in the new
 * locale, without each component having to subscribe. The pages' state lives in their actors
 * and the URL, so a re-mount keeps what the user was looking at.
 */
import { Fragment, useSyncExternalStore, type ReactNode } from "react";
import type { LocalePreference } from "../../domain/localeValues";
import { activeLocale, subscribeLocale } from "@/i18n/i18n";

/** The language and calendar shown now, for components that show or choose them. */
export const useLocale = (): LocalePreference => useSyncExternalStore(subscribeLocale, activeLocale);

export function LocaleRoot({ children }: { children: ReactNode }) {
  const { language, calendar } = useLocale();
  return <Fragment key={`${language}-${calendar}`}>{children}</Fragment>;
}
