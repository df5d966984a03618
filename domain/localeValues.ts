/**
 * The language and calendar values without their schemas (issue 19): what the entry chunk needs
 * (the locale statechart, the message catalogue, number and date formats) without pulling Effect
 * Schema into every page, the sign-in page included. `domain/locale.ts` builds the schemas on
 * these same lists and re-exports all of it; the rest of the code imports from there.
 */

/** English is the default and carries the spec's exact strings; Thai is the market's language. */
export const LANGUAGES = ["en", "th"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Gregorian (CE) or Buddhist Era (BE = CE + 543), independent of the language. */
export const CALENDARS = ["gregorian", "buddhist"] as const;
export type CalendarSystem = (typeof CALENDARS)[number];

export interface LocalePreference {
  readonly language: Language;
  readonly calendar: CalendarSystem;
}

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
