/**
 * A figure card of any page: the label, the value, its change against the previous period
 * and a one-line definition of what is counted. Cards sit in a {@link FigureCards} list, a
 * `<dl>`: the label is the term; the value, the change and the definition describe it, in
 * that order (the value first, so "the figure next to the label" stays the value).
 */
import type { ReactNode } from "react";
import type { FigureChange, PreviousPeriod } from "../../../domain/periodChange";
import { ChangeBadge } from "@/components/figures/ChangeBadge";
import "./figures.css";

export interface FigureCardProps {
  label: string;
  /** The formatted value, or what stands for "not measured". */
  value: ReactNode;
  /** What the figure counts, in one short line. */
  definition?: string | undefined;
  /** The change against the previous period; left out where a page has no previous figure. */
  change?: { change: FigureChange; period: PreviousPeriod } | null | undefined;
}

export function FigureCard({ label, value, definition, change }: FigureCardProps) {
  return (
    <div className="figure-card">
      <dt>{label}</dt>
      <dd className="figure-value">{value}</dd>
      {change != null && (
        <dd className="figure-change">
          <ChangeBadge change={change.change} period={change.period} />
        </dd>
      )}
      {definition !== undefined && <dd className="figure-definition">{definition}</dd>}
    </div>
  );
}

/** The list of a section's figure cards, named for screen readers and tests. */
export function FigureCards({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <dl className={className === undefined ? "summary figure-cards" : `summary figure-cards ${className}`} aria-label={label}>
      {children}
    </dl>
  );
}
