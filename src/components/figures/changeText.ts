/**
 * The words of a figure's change against the previous period (docs/figures.md): the short
 * mark the card shows (▲ 12.3 %) and the sentence a screen reader hears instead, which never
 * leaves the meaning to the colour: "up 12.3 % on the previous 31 days (2024-01-30 – 2024-02-29), good".
 */
import type { FigureChange, PreviousPeriod } from "../../../domain/periodChange";
import { formatDay } from "@/components/format/dates";
import { formatPercent } from "@/components/format/numbers";
import { t } from "@/i18n/i18n";

/** The size of a change in percent, one decimal, without its sign (the arrow says it): 12.345 → "12.3 %". */
export const formatChangePercent = (percent: number): string => t("common.change.percent", { n: formatPercent(Math.abs(percent), 1, 1).replace(/%$/, "") });

/** "the previous 31 days (2024-01-30 – 2024-02-29)", "the previous day (2024-02-29)"; days in the user's calendar. */
export function previousPeriodText(period: PreviousPeriod): string {
  return period.days === 1
    ? t("common.change.previousDay", { day: formatDay(period.start) })
    : t("common.change.previousDays", { days: period.days, start: formatDay(period.start), end: formatDay(period.end) });
}

/** What the card shows: an arrow and the percent, or a word where a percent cannot be given. */
export function changeMark(change: FigureChange): { arrow: "▲" | "▼" | "=" | null; text: string } {
  switch (change.direction) {
    case null:
      return { arrow: null, text: t("common.change.noComparison") };
    case "flat":
      return { arrow: "=", text: t("common.change.noChange") };
    case "up":
    case "down": {
      const arrow = change.direction === "up" ? "▲" : "▼";
      if (change.percent !== null) return { arrow, text: formatChangePercent(change.percent) };
      return { arrow, text: change.isNew ? t("common.change.new") : t("common.change.from0") };
    }
  }
}

/** The sentence with whether the change is good or bad news, when the figure has a good direction. */
function withTone(sentence: string, tone: FigureChange["tone"]): string {
  if (tone === "good") return t("common.change.good", { sentence });
  if (tone === "bad") return t("common.change.bad", { sentence });
  return sentence;
}

/** The whole change in words, for screen readers and the tooltip. */
export function changeSentence(change: FigureChange, period: PreviousPeriod): string {
  const previous = previousPeriodText(period);
  switch (change.direction) {
    case null:
      return t("common.change.noData", { previous });
    case "flat":
      return t("common.change.flat", { previous });
    case "up":
    case "down": {
      const up = change.direction === "up";
      if (change.percent !== null) {
        const percent = formatChangePercent(change.percent);
        return withTone(up ? t("common.change.upBy", { percent, previous }) : t("common.change.downBy", { percent, previous }), change.tone);
      }
      if (change.isNew) return withTone(t("common.change.newIn", { previous }), change.tone);
      return withTone(up ? t("common.change.upFrom0", { previous }) : t("common.change.downFrom0", { previous }), change.tone);
    }
  }
}
