/**
 * The days of a report's PDF in its reader's calendar (issue 18): the server keeps ISO Gregorian
 * days; a PDF shows them as its reader reads dates (Buddhist Era years are CE + 543) and says which
 * calendar in its header.
 */
import { yearIn, type CalendarSystem } from "../../domain/locale";

/** "2024-02-29" → "2024-02-29" (Gregorian) or "2567-02-29" (BE); a month "2024-02" → "2567-02"; anything else as it came. */
export function formatDayIn(day: string, calendar: CalendarSystem): string {
  const match = /^(\d{4})(-\d{2}(?:-\d{2})?)(.*)$/s.exec(day);
  if (match === null) return day;
  return `${String(yearIn(Number(match[1]), calendar)).padStart(4, "0")}${match[2]}${match[3]}`;
}

/** The header line that names the calendar of the PDF's dates. */
export const calendarLine = (calendar: CalendarSystem): string =>
  calendar === "buddhist" ? "Dates: Buddhist Era (BE)" : "Dates: Gregorian calendar (CE)";
