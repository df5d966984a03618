/**
 * The words of a figure's change against the previous period (docs/figures.md): the short
 * mark the card shows (▲ 12.3 %) and the sentence a screen reader hears instead, which never
 * leaves the meaning to the colour: "up 12.3 % on the previous 31 days (2024-01-30 – 2024-02-29), good".
 */
import type { FigureChange, PreviousPeriod } from "../../../domain/periodChange";

const PERCENT = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The size of a change in percent, one decimal, without its sign (the arrow says it): 12.345 → "12.3 %". */
export const formatChangePercent = (percent: number): string => `${PERCENT.format(Math.abs(percent))} %`;

/** "the previous 31 days (2024-01-30 – 2024-02-29)", "the previous day (2024-02-29)". */
export function previousPeriodText(period: PreviousPeriod): string {
  return period.days === 1 ? `the previous day (${period.start})` : `the previous ${period.days} days (${period.start} – ${period.end})`;
}

/** What the card shows: an arrow and the percent, or a word where a percent cannot be given. */
export function changeMark(change: FigureChange): { arrow: "▲" | "▼" | "=" | null; text: string } {
  switch (change.direction) {
    case null:
      return { arrow: null, text: "no comparison" };
    case "flat":
      return { arrow: "=", text: "no change" };
    case "up":
    case "down": {
      const arrow = change.direction === "up" ? "▲" : "▼";
      if (change.percent !== null) return { arrow, text: formatChangePercent(change.percent) };
      return { arrow, text: change.isNew ? "new" : "from 0" };
    }
  }
}

/** The whole change in words, for screen readers and the tooltip. */
export function changeSentence(change: FigureChange, period: PreviousPeriod): string {
  const previous = previousPeriodText(period);
  const tone = change.tone === "neutral" ? "" : `, ${change.tone}`;
  switch (change.direction) {
    case null:
      return `no data to compare with ${previous}`;
    case "flat":
      return `no change on ${previous}`;
    case "up":
    case "down":
      if (change.percent !== null) return `${change.direction} ${formatChangePercent(change.percent)} on ${previous}${tone}`;
      if (change.isNew) return `new: none in ${previous}${tone}`;
      return `${change.direction} from 0 in ${previous}${tone}`;
  }
}
