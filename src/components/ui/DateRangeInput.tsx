/**
 * A month grid picking a range of days (spec §9: weeks start on Monday), in the active language
 * and calendar (issue 18): "February 2024" / "กุมภาพันธ์ 2567" over the days, each day a button
 * named in full ("29 February 2024" / "29 กุมภาพันธ์ 2567") showing its number. Our own grid
 * rather than PrimeReact's Calendar, which has no Buddhist Era year and weighs more.
 *
 * Keyboard: Tab reaches the month buttons and the grid (one day is tabbable); arrows move a day
 * or a week, Page Up / Page Down a month, Home / End the week's ends; Enter or Space picks.
 * Days are ISO YYYY-MM-DD throughout.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { bangkokDay } from "../../../domain/dates";
import { formatDayFull, formatMonth, weekdayNames } from "@/components/format/dates";
import { t } from "@/i18n/i18n";
import "./dateRangeInput.css";

export interface DateRangeInputProps {
  /** Accessible name of the month grid. */
  label: string;
  /** The first day of the range, YYYY-MM-DD. */
  start: string;
  /** The last day, or null while it is being picked. */
  end: string | null;
  /** A day was picked (clicked, or Enter / Space on it). */
  onPick: (day: string) => void;
}

const pad = (n: number): string => String(n).padStart(2, "0");
const isoOf = (date: Date): string => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const utcOf = (day: string): Date => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))));

/** `day` moved by `days` days. */
export function addDaysTo(day: string, days: number): string {
  const date = utcOf(day);
  date.setUTCDate(date.getUTCDate() + days);
  return isoOf(date);
}

/** `day` moved by `months` months, kept within the month (31 Jan + 1 month → 29 Feb 2024). */
export function addMonthsTo(day: string, months: number): string {
  const date = utcOf(day);
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date.getUTCDate(), last));
  return isoOf(first);
}

/** The weeks (Monday first) of the month of `day`; null where a week runs into another month. */
export function monthWeeks(day: string): (string | null)[][] {
  const first = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, 1));
  const daysInMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= daysInMonth; d += 1) cells.push(`${day.slice(0, 7)}-${pad(d)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

export function DateRangeInput({ label, start, end, onPick }: DateRangeInputProps) {
  const [focusDay, setFocusDay] = useState(start);
  const grid = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const moved = useRef(false);
  const month = focusDay.slice(0, 7);
  const today = bangkokDay(Date.now());
  const weekdays = weekdayNames();

  // After a key moved the focus day, the focus follows (also into another month's grid).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const move = (day: string) => {
    moved.current = true;
    setFocusDay(day);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const weekday = (utcOf(focusDay).getUTCDay() + 6) % 7;
    const steps: Record<string, () => string> = {
      ArrowLeft: () => addDaysTo(focusDay, -1),
      ArrowRight: () => addDaysTo(focusDay, 1),
      ArrowUp: () => addDaysTo(focusDay, -7),
      ArrowDown: () => addDaysTo(focusDay, 7),
      PageUp: () => addMonthsTo(focusDay, -1),
      PageDown: () => addMonthsTo(focusDay, 1),
      Home: () => addDaysTo(focusDay, -weekday),
      End: () => addDaysTo(focusDay, 6 - weekday),
    };
    const step = steps[e.key];
    if (step === undefined) return;
    e.preventDefault();
    move(step());
  };

  const last = end ?? start;
  return (
    <div className="day-grid" role="group" aria-label={label}>
      <div className="day-grid-header">
        <button type="button" className="day-grid-nav" aria-label={t("common.date.previousMonth")} onClick={() => setFocusDay(addMonthsTo(focusDay, -1))}>
          <i className="pi pi-chevron-left" aria-hidden="true" />
        </button>
        <span className="day-grid-title" id={titleId} aria-live="polite">
          {formatMonth(`${month}-01`)}
        </span>
        <button type="button" className="day-grid-nav" aria-label={t("common.date.nextMonth")} onClick={() => setFocusDay(addMonthsTo(focusDay, 1))}>
          <i className="pi pi-chevron-right" aria-hidden="true" />
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdays.map((w) => (
              <th key={w.long} scope="col" abbr={w.long}>
                {w.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(`${month}-01`).map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => {
                if (day === null) return <td key={`blank-${i}`} />;
                const selected = day === start || (end !== null && day === end);
                const inRange = day >= start && day <= last;
                const className = `day-grid-day${selected ? " selected" : inRange ? " in-range" : ""}${day === today ? " today" : ""}`;
                return (
                  <td key={day} aria-selected={inRange}>
                    <button
                      type="button"
                      className={className}
                      data-day={day}
                      tabIndex={day === focusDay ? 0 : -1}
                      aria-label={formatDayFull(day)}
                      aria-current={day === today ? "date" : undefined}
                      onClick={() => {
                        setFocusDay(day);
                        onPick(day);
                      }}
                    >
                      {Number(day.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
