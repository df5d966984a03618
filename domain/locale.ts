/**
 * The language and calendar a user reads the product in (issue 18, docs/i18n.md). Both are the
 * user's own choice, remembered on the server; the URL and the API keep ISO Gregorian days
 * (YYYY-MM-DD) whatever is shown, so a link reads the same range for every user.
 *
 * The values and helpers live in `localeValues.ts` (no Effect: the entry chunk imports them,
 * issue 19); the schemas here are built on the same lists.
 */
import { Schema } from "effect";
import { CALENDARS, LANGUAGES, type CalendarSystem as CalendarValue, type Language as LanguageValue, type LocalePreference as PreferenceValue } from "./localeValues";

export { BE_OFFSET, CALENDARS, DEFAULT_LOCALE, LANGUAGES, gregorianYearOf, intlLocale, yearIn } from "./localeValues";

export const Language = /* @__PURE__ */ Schema.Literals(LANGUAGES);
export type Language = LanguageValue;

export const CalendarSystem = /* @__PURE__ */ Schema.Literals(CALENDARS);
export type CalendarSystem = CalendarValue;

export const LocalePreference = /* @__PURE__ */ Schema.Struct({ language: Language, calendar: CalendarSystem });
export type LocalePreference = PreferenceValue;
