/**
 * The start page's lines from the other modules (issue 14): one line each for Ads & Automation,
 * E-Commerce and o2o, only those the user may open (the loader leaves the others out:
 * `moduleLinesFor`), each figure with its change against the previous period of equal length and
 * its definition (docs/figures.md), and a link to the module that keeps the shared view. A line
 * that failed says so on that line. Plain props; the data comes from `brandExData.ts`.
 */
import { Link } from "@tanstack/react-router";
import type { LineFigure, LineFigureKey, ModuleLine, ModuleLineId } from "../../../domain/brandEx";
import { figureChange, type Polarity, type PreviousPeriod } from "../../../domain/periodChange";
import { MENU_ITEMS, O2O_MENU_ITEM } from "../../../domain/permissions";
import { FigureCard } from "@/components/figures/FigureCard";
import { formatCount, formatFixed2, formatMoney } from "@/components/format/numbers";
import "./moduleLines.css";

interface LineFigureSpec {
  readonly label: string;
  readonly format: (n: number) => string;
  readonly polarity: Polarity;
  readonly definition: string;
}

/** Every figure of the lines: its label, format, which way is good, and its definition. */
export const LINE_FIGURES: Readonly<Record<LineFigureKey, LineFigureSpec>> = {
  spend: { label: "Ad spend", format: formatMoney, polarity: "neutral",
    definition: "What the ad accounts in view spent in the range (THB), as the Ads plan of KPI progress counts it." },
  roas: { label: "ROAS", format: (n) => `${formatFixed2(n)}×`, polarity: "higher-is-better",
    definition: "Return on ad spend: purchase value from the ads ÷ ad spend." },
  gmv: { label: "GMV", format: formatMoney, polarity: "higher-is-better",
    definition: "Value of every Shopee and Lazada order placed in the range, whatever its status (with the active filter)." },
  nmv: { label: "NMV", format: formatMoney, polarity: "higher-is-better",
    definition: "GMV less cancelled and returned orders." },
  shows: { label: "o2o shows", format: formatCount, polarity: "higher-is-better",
    definition: "People passing an in-store screen with a chance to see it." },
  views: { label: "o2o views", format: formatCount, polarity: "higher-is-better",
    definition: "Shows who looked at the screen." },
};

const menuLabel = (path: string) => MENU_ITEMS.find((m) => m.path === path)?.label ?? path;

/** Each module's name, as the side menu calls it. */
export const MODULE_NAMES: Readonly<Record<ModuleLineId, string>> = {
  ads: menuLabel("/ads"),
  ecommerce: menuLabel("/e-commerce"),
  o2o: O2O_MENU_ITEM.label,
};

/** Where a line's link goes: the module's path and the search params it carries. */
export interface ModuleLink {
  readonly to: string;
  readonly search: Readonly<Record<string, unknown>>;
}

export interface ModuleLinesViewProps {
  /**
   * The lines as loaded; null while the page loads the first time, when nothing shows: they come
   * with the rest of the page's data, and placeholders above the fold would only be pushed down
   * by the overview when it arrives (a layout shift).
   */
  lines: readonly ModuleLine[] | null;
  /** The period the changes compare with. */
  period: PreviousPeriod;
  links: Readonly<Record<ModuleLineId, ModuleLink>>;
}

function NoValue({ why }: { why: string }) {
  return (
    <span className="no-data">
      <span aria-hidden="true">— </span>
      <span className="module-line-missing">{why}</span>
    </span>
  );
}

function Figure({ figure, period }: { figure: LineFigure; period: PreviousPeriod }) {
  const spec = LINE_FIGURES[figure.key];
  return (
    <FigureCard
      label={spec.label}
      value={figure.value === null ? <NoValue why={figure.missing ?? "no value"} /> : spec.format(figure.value)}
      // A figure nobody can know yet (ROAS without a purchase value) has nothing to compare.
      change={figure.value === null && figure.previous === null ? null : { change: figureChange(figure.value, figure.previous, spec.polarity), period }}
      definition={spec.definition}
    />
  );
}

function Line({ line, period, link }: { line: ModuleLine; period: PreviousPeriod; link: ModuleLink }) {
  const name = MODULE_NAMES[line.module];
  const titleId = `module-line-${line.module}`;
  return (
    <li className="module-line" aria-labelledby={titleId}>
      <div className="module-line-head">
        <h3 id={titleId}>{name}</h3>
        {line.kind === "ready" && line.note !== null && <p className="muted module-line-note">{line.note}</p>}
        <Link to={link.to} search={() => link.search} className="module-line-link">
          Open {name}
          <span aria-hidden="true"> →</span>
        </Link>
      </div>
      {line.kind === "ready" && (
        <dl className="summary figure-cards module-line-figures" aria-label={`${name} figures`}>
          {line.figures.map((f) => (
            <Figure key={f.key} figure={f} period={period} />
          ))}
        </dl>
      )}
      {line.kind === "unavailable" && <p className="muted module-line-message">{line.reason}</p>}
      {line.kind === "failed" && (
        <p role="alert" className="error module-line-message">
          The {name} figures could not be loaded: {line.message}
        </p>
      )}
    </li>
  );
}

export function ModuleLinesView({ lines, period, links }: ModuleLinesViewProps) {
  // Nothing to show while loading, nor to a user who may open none of the modules (not even a heading).
  if (lines === null || lines.length === 0) return null;
  return (
    <section className="module-lines" aria-labelledby="module-lines-title">
      <h2 id="module-lines-title">From the other modules</h2>
      <ul className="module-line-list">
        {lines.map((line) => (
          <Line key={line.module} line={line} period={period} link={links[line.module]} />
        ))}
      </ul>
    </section>
  );
}
