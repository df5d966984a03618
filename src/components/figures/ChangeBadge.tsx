/**
 * A figure's change against the previous period: ▲/▼ with the percent, coloured by whether
 * the change is good news for the figure. The colour and arrow are for the eye only; the
 * sentence (direction, size, the period compared with, good or bad) is what is read out.
 */
import type { FigureChange, PreviousPeriod } from "../../../domain/periodChange";
import { changeMark, changeSentence } from "@/components/figures/changeText";
import "./figures.css";

export interface ChangeBadgeProps {
  change: FigureChange;
  /** The period compared with (`previousPeriod` of the shown range). */
  period: PreviousPeriod;
}

export function ChangeBadge({ change, period }: ChangeBadgeProps) {
  const mark = changeMark(change);
  const sentence = changeSentence(change, period);
  const kind = change.direction === null ? "none" : change.tone;
  return (
    <span className={`change-badge change-${kind}`} title={sentence}>
      <span aria-hidden="true">
        {mark.arrow !== null && <span className="change-arrow">{mark.arrow}</span>}
        {mark.text}
      </span>
      <span className="visually-hidden">{sentence}</span>
    </span>
  );
}
