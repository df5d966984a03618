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
import { FigureCard } from "@/components/figures/FigureCard";
import { formatCount, formatFixed2, formatMoney } from "@/components/format/numbers";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";
import "./moduleLines.css";

interface LineFigureSpec {
  readonly labelKey: MessageKey;
  readonly format: (n: number) => string;
  readonly polarity: Polarity;
  readonly definitionKey: MessageKey;
}

/**
 * Every figure of the lines: its label, format, which way is good, and its definition (catalogue
 * keys). Money keeps its satang here (formatMoney): brandEx.spec reads GMV to the satang.
 */
export const LINE_FIGURES: Readonly<Record<LineFigureKey, LineFigureSpec>> = {
  spend: { labelKey: "brandEx.line.spend.label", format: formatMoney, polarity: "neutral", definitionKey: "brandEx.line.spend.definition" },
  roas: { labelKey: "brandEx.line.roas.label", format: (n) => t("brandEx.line.roas.value", { value: formatFixed2(n) }), polarity: "higher-is-better",
    definitionKey: "brandEx.line.roas.definition" },
  gmv: { labelKey: "brandEx.line.gmv.label", format: formatMoney, polarity: "higher-is-better", definitionKey: "brandEx.line.gmv.definition" },
  nmv: { labelKey: "brandEx.line.nmv.label", format: formatMoney, polarity: "higher-is-better", definitionKey: "brandEx.line.nmv.definition" },
  shows: { labelKey: "brandEx.line.shows.label", format: formatCount, polarity: "higher-is-better", definitionKey: "brandEx.line.shows.definition" },
  views: { labelKey: "brandEx.line.views.label", format: formatCount, polarity: "higher-is-better", definitionKey: "brandEx.line.views.definition" },
};

const MODULE_NAME_KEYS = {
  ads: "common.menu.ads",
  ecommerce: "common.menu.eCommerce",
  o2o: "common.menu.o2o",
} as const satisfies Record<ModuleLineId, MessageKey>;

/** Each module's name, as the side menu calls it, in the active language. */
export const moduleName = (id: ModuleLineId): string => t(MODULE_NAME_KEYS[id]);

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

/*
 * English messages of domain/brandEx.ts and brandExData.ts shown through translateMessage:
 * brandEx.msg.noSpend, brandEx.msg.noPurchaseValue, brandEx.msg.noOrders, brandEx.msg.notMeasured,
 * brandEx.msg.oneCampaign, brandEx.msg.campaigns, brandEx.msg.tooManyCampaigns, brandEx.msg.rangeTooLong,
 * brandEx.msg.kpiFailed, brandEx.msg.socialFailed, brandEx.msg.figuresFailed.
 */

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
      label={t(spec.labelKey)}
      value={figure.value === null ? <NoValue why={figure.missing === null ? t("brandEx.line.noValue") : translateMessage(figure.missing)} /> : spec.format(figure.value)}
      // A figure nobody can know yet (ROAS without a purchase value) has nothing to compare.
      change={figure.value === null && figure.previous === null ? null : { change: figureChange(figure.value, figure.previous, spec.polarity), period }}
      definition={t(spec.definitionKey)}
    />
  );
}

function Line({ line, period, link }: { line: ModuleLine; period: PreviousPeriod; link: ModuleLink }) {
  const name = moduleName(line.module);
  const titleId = `module-line-${line.module}`;
  return (
    <li className="module-line" aria-labelledby={titleId}>
      <div className="module-line-head">
        <h3 id={titleId}>{name}</h3>
        {line.kind === "ready" && line.note !== null && <p className="muted module-line-note">{translateMessage(line.note)}</p>}
        <Link to={link.to} search={() => link.search} className="module-line-link">
          {t("brandEx.line.open", { name })}
          <span aria-hidden="true"> →</span>
        </Link>
      </div>
      {line.kind === "ready" && (
        <dl className="summary figure-cards module-line-figures" aria-label={t("brandEx.line.figures", { name })}>
          {line.figures.map((f) => (
            <Figure key={f.key} figure={f} period={period} />
          ))}
        </dl>
      )}
      {line.kind === "unavailable" && <p className="muted module-line-message">{translateMessage(line.reason)}</p>}
      {line.kind === "failed" && (
        <p role="alert" className="error module-line-message">
          {t("brandEx.line.failed", { name, message: translateMessage(line.message) })}
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
      <h2 id="module-lines-title">{t("brandEx.lines.title")}</h2>
      <ul className="module-line-list">
        {lines.map((line) => (
          <Line key={line.module} line={line} period={period} link={links[line.module]} />
        ))}
      </ul>
    </section>
  );
}
