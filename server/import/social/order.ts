/** Days of a daily file in file order, the years of dates written without one inferred (`28 May`). */
import { inferYears } from "../normalize";
import type { DayDraft, RowIssue, UndatedDay } from "./types";

/**
 * The day rows with a date each. Dates without a year get one by the rule of Meta's Viewers.csv
 * (`inferYears`): the last such date is the latest one not after today (the export day), and an
 * earlier row later in the calendar than the one after it is in the year before.
 */
export function days(dated: readonly DayDraft[], undated: readonly UndatedDay[], today: string, notes: RowIssue[]): DayDraft[] {
  if (undated.length === 0) return [...dated];
  const years = inferYears(undated.map((u) => ({ month: u.month, day: u.dom })), today);
  const resolved = undated.map(({ month: _m, dom: _d, ...rest }, i) => ({ ...rest, day: years[i]! }));
  notes.push({ line: 0, reason: `dates without a year: read as ${resolved[0]!.day} to ${resolved[resolved.length - 1]!.day} (the last one not after today)` });
  return [...dated, ...resolved].sort((a, b) => a.line - b.line);
}
