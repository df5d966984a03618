/**
 * A figure card of any page: the label, the value, its change against the previous period
 * and a one-line definition of what is counted. Cards sit in a {@link FigureCards} list, a
 * `<dl>`: the label is the term; the value, the change and the definition describe it, in
 * that order (the value first, so "the figure next to the label" stays the value).
 */
import type { ReactNode } from "react";
import { figureChange, type FigureChange, type Polarity, type PreviousPeriod } from "../../../domain/periodChange";
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
  /**
   * The figure is on its way (issue 19): placeholders where the value and its change will be. The
   * card's elements are the same as once it has its value, so they stay when it comes.
   */
  pending?: boolean;
}

export function FigureCard({ label, value, definition, change, pending = false }: FigureCardProps) {
  return (
    <div className={pending ? "figure-card figure-card-pending" : "figure-card"}>
      <dt>{label}</dt>
      <dd className="figure-value">{pending ? <span className="skeleton-line skeleton-value" aria-hidden="true" /> : value}</dd>
      {pending ? (
        <dd className="figure-change">
          <span className="skeleton-line skeleton-change" aria-hidden="true" />
        </dd>
      ) : (
        change != null && (
          <dd className="figure-change">
            <ChangeBadge change={change.change} period={change.period} />
          </dd>
        )
      )}
      {definition !== undefined && <dd className="figure-definition">{definition}</dd>}
    </div>
  );
}

/** The list of a section's figure cards, named for screen readers and tests; busy while its figures load. */
export function FigureCards({ label, className, busy = false, children }: { label: string; className?: string; busy?: boolean; children: ReactNode }) {
  return (
    <dl className={className === undefined ? "summary figure-cards" : `summary figure-cards ${className}`} aria-label={label} aria-busy={busy ? true : undefined}>
      {children}
    </dl>
  );
}

/** A figure with no value: a dash, with the reason as its title and for screen readers. */
export function NoValue({ why }: { why: string }) {
  return (
    <span className="no-data" title={why}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{why}</span>
    </span>
  );
}

/**
 * One key figure of a page, read from a period's figures `T` (the page's totals of the range, or of
 * the period before): its label, how it is formatted, which way is good news, its definition
 * (shown on the card) and why it can have no value.
 */
export interface KeyFigure<T> {
  readonly key?: string;
  readonly label: string;
  readonly value: (t: T) => number | null;
  readonly format: (n: number) => string;
  readonly polarity: Polarity;
  readonly definition: string;
  /** Why there is no value, when there is none. */
  readonly missing: string;
}

/**
 * A page's key figure cards: each figure over the range, with its change against the previous
 * period. Before the figures come (`current` null) the same cards show their labels and
 * definitions with placeholders (see {@link FigureCard}'s `pending`): a page that renders this in
 * both phases keeps the cards' elements, which are not painted again when the figures come.
 */
export function KeyFigureCards<T>({ label, className, figures, current, previous, period }: {
  label: string;
  className?: string;
  figures: readonly KeyFigure<T>[];
  current: T | null;
  previous: T | null;
  period: PreviousPeriod;
}) {
  return (
    <FigureCards label={label} busy={current === null} {...(className === undefined ? {} : { className })}>
      {figures.map((k) => {
        if (current === null || previous === null) return <FigureCard key={k.key ?? k.label} label={k.label} value={null} definition={k.definition} pending />;
        const value = k.value(current);
        return (
          <FigureCard
            key={k.key ?? k.label}
            label={k.label}
            value={value === null ? <NoValue why={k.missing} /> : k.format(value)}
            change={{ change: figureChange(value, k.value(previous), k.polarity), period }}
            definition={k.definition}
          />
        );
      })}
    </FigureCards>
  );
}

/**
 * A section's figure cards while its figures load (issue 19): the same list and cards, with the
 * labels and definitions the page already knows and a placeholder where the value and its change
 * will be, so the page paints its layout before the data comes and nothing moves when it does.
 * The list is busy for assistive technology; the placeholders are hidden from it.
 */
export function FigureCardsSkeleton({ label, className, cards }: {
  label: string;
  className?: string;
  cards: ReadonlyArray<{ readonly key?: string; readonly label: string; readonly definition?: string }>;
}) {
  return (
    <FigureCards label={label} busy {...(className === undefined ? {} : { className })}>
      {cards.map((card) => (
        <FigureCard key={card.key ?? card.label} label={card.label} value={null} definition={card.definition} pending />
      ))}
    </FigureCards>
  );
}
