/**
 * The language and calendar a user reads the product in (issue 18, docs/i18n.md). Both are the
 * user's own choice, remembered on the server; the URL and the API keep ISO Gregorian days
 * (YYYY-MM-DD) whatever is shown, so a link reads the same range for every user.
 */
import { Schema } from "effect";

/** English is the default and carries the spec's exact strings; Thai is the market's language. */
export const LANGUAGES = ["en", "th"] as const;
export const Language = /* @__PURE__ */ Schema.Literals(LANGUAGES);
export type Language = typeof Language.Type;

/** Gregorian (CE) or Buddhist Era (BE = CE + 543), independent of the language. */
export const CALENDARS = ["gregorian", "buddhist"] as const;
export const CalendarSystem = /* @__PURE__ */ Schema.Literals(CALENDARS);
export type CalendarSystem = typeof CalendarSystem.Type;

export const LocalePreference = /* @__PURE__ */ Schema.Struct({ language: Language, calendar: CalendarSystem });
export type LocalePreference = typeof LocalePreference.Type;

export const DEFAULT_LOCALE: LocalePreference = Object.freeze({ language: "en", calendar: "gregorian" });

/** BE year = CE year + 543 (2024 CE is 2567 BE). */
export const BE_OFFSET = 543;

/** The year as the calendar counts it: (2024, "buddhist") → 2567. */
export const yearIn = (gregorianYear: number, calendar: CalendarSystem): number =>
  calendar === "buddhist" ? gregorianYear + BE_OFFSET : gregorianYear;

/** The Gregorian year of a year counted in `calendar`: (2567, "buddhist") → 2024. */
export const gregorianYearOf = (year: number, calendar: CalendarSystem): number =>
  calendar === "buddhist" ? year - BE_OFFSET : year;

/** The BCP 47 tag for `Intl` formats: the language with the calendar as a Unicode extension. */
export function intlLocale(pref: LocalePreference): string {
  return `${pref.language === "th" ? "th-TH" : "en-US"}-u-ca-${pref.calendar === "buddhist" ? "buddhist" : "gregory"}-nu-latn`;
}
