/**
 * A single day typed as YYYY-MM-DD (spec §9). Chromium's native `<input type="date">` shows the
 * browser locale's format (MM/DD/YYYY in en-US), unlike the top bar, so this is a text field
 * that shows and accepts YYYY-MM-DD only and says what is wrong with anything else.
 *
 * The year is the user's calendar's (issue 18): with the Buddhist Era the field shows
 * "2567-02-29" for the day 2024-02-29 and reads "2567-02-29" typed as that day; `value` and
 * `onChange` always carry ISO Gregorian days.
 *
 * The caller sees only complete, valid days (or "" when the field is cleared): while the text is
 * half typed or invalid the last valid value stands and a message under the field says why.
 */
import { useId, useState } from "react";
import { dayInCalendar, parseDayText } from "../../../domain/dates";
import { activeLocale, t, translateMessage } from "@/i18n/i18n";

/** A year this far ahead, typed in Gregorian mode, is most likely a Buddhist Era year. */
const BE_LOOKING_YEAR = 2400;

export interface DateInputProps {
  /** The field's visible label, also its accessible name. */
  label: string;
  /** The day shown, YYYY-MM-DD, or "" for none. */
  value: string;
  /** Called with a valid day, or "" when the field is emptied. */
  onChange: (day: string) => void;
  /** Earliest and latest allowed day, YYYY-MM-DD ("" or left out: no bound). */
  min?: string;
  max?: string;
  /**
   * Who checks min and max: the field itself as the user types ("field", the default), or the
   * caller's form on submit ("form"), which then names the problem; either way the bounds are
   * set on the input for assistive technology.
   */
  boundsCheckedBy?: "field" | "form";
  id?: string;
  disabled?: boolean;
  /** A problem the caller found with the field (e.g. a range whose end is before its start). */
  invalid?: boolean;
  /** The id of the caller's message about that problem, read out with the field. */
  describedBy?: string;
}

export function DateInput({ label, value, onChange, min, max, id, disabled, invalid = false, describedBy, boundsCheckedBy = "field" }: DateInputProps) {
  const bounds = boundsCheckedBy === "field" ? { min, max } : {};
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const { calendar } = activeLocale();
  const [text, setText] = useState(() => dayInCalendar(value, calendar));
  const [shown, setShown] = useState(value);
  const [touched, setTouched] = useState(false);
  // A new value from outside (another field, a reset) replaces whatever is typed here.
  if (value !== shown) {
    setShown(value);
    setText(dayInCalendar(value, calendar));
  }
  const result = parseDayText(text, bounds, calendar);
  // Complain once the user leaves the field or has typed a whole date's worth of characters.
  const message = result.kind === "invalid" && (touched || text.trim().length >= 10) ? translateMessage(result.message) : null;
  // A BE year typed while dates are Gregorian is a valid (far-future) day: said, not refused.
  const typedYear = result.kind === "day" && calendar === "gregorian" ? Number(result.day.slice(0, 4)) : 0;
  const hint = typedYear >= BE_LOOKING_YEAR ? t("common.date.buddhistYearHint", { year: typedYear }) : null;
  const hintId = `${inputId}-hint`;
  const describedByIds = message !== null ? `${inputId}-error` : [describedBy, hint !== null ? hintId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field date-input">
      <label htmlFor={inputId}>{label}</label>
      {/* A plain input in PrimeReact's input classes (the theme styles it the same): PrimeReact's
          InputText would bring its tooltip and portal code, 28 KB gzip, into the /o2o page's JS. */}
      <input
        type="text"
        className={`p-inputtext p-component${text !== "" ? " p-filled" : ""}${disabled ? " p-disabled" : ""}`}
        id={inputId}
        value={text}
        placeholder={calendar === "buddhist" ? t("common.date.placeholderBuddhist") : t("common.date.placeholder")}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        min={min !== undefined && min !== "" ? dayInCalendar(min, calendar) : undefined}
        max={max !== undefined && max !== "" ? dayInCalendar(max, calendar) : undefined}
        disabled={disabled}
        aria-invalid={message !== null || invalid}
        aria-describedby={describedByIds}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const parsed = parseDayText(next, bounds, calendar);
          if (parsed.kind === "day" && parsed.day !== value) onChange(parsed.day);
          else if (parsed.kind === "empty" && value !== "") onChange("");
        }}
        onBlur={() => setTouched(true)}
      />
      {message !== null && (
        <small id={`${inputId}-error`} className="form-error" role="alert">
          {message}
        </small>
      )}
      {message === null && hint !== null && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}
