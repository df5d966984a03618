/**
 * The KOL Campaign page as plain props (issue 16). Without `?c=` the overview: the brand's KOL
 * figures over the view's range against the previous period (each with its definition), the
 * campaigns that overlap the range (status, spend against budget; a name opens the campaign),
 * cost and views over time, by platform (a bar narrows the page to it) and by tier. With
 * `?c=ID` one campaign over its whole life: its header and a way back, its figures against the
 * brand's previous campaign, plan against actual, the KOL leaderboard (`KolLeaderboard.tsx`:
 * sort by any figure, tier and platform filters), the cost-efficiency scatter (a dot picks its
 * KOL), the content table with links, the timeline of posts and the bookings. Loading, failure
 * (Try again) and empty states; CSV/PNG on every chart and table. Formats: `kolFormat.ts`.
 */
import { Suspense, lazy, memo, useId, useMemo, useRef, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { DEFAULT_EMV_VALUES, KOL_PLATFORMS, KOL_TIERS, type KolCampaignDetail, type KolCampaignSummary, type KolOverview, type KolPlatform, type KolPostRow, type KolRow, type KolTier } from "../../../domain/kolContract";
import { figureChange, previousPeriod, type FigureChange, type PreviousPeriod } from "../../../domain/periodChange";
import type { KolSort } from "../../../domain/routeSearch";
import type { KolChoices } from "../../../machines/kol/kolMachine";
import { ChartCardView, CsvButton } from "@/components/charts/ChartCard";
import { reportTarget } from "@/components/cir/reportTargets";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import type { ChartCard, ClickValue, FigureTable } from "@/components/charts/chartCard";
import "@/components/charts/chartCard.css";
import { LazyPlot, type PlotPoint } from "@/components/charts/LazyPlot";
import { downloadCsv, downloadPng, fileNameOf, toCsv, type CsvColumn } from "@/components/export/download";
import { ExportButtons } from "@/components/export/ExportButtons";
import { captionLine } from "@/components/export/imageLayout";
import { changeMark, formatChangePercent } from "@/components/figures/changeText";
import { FigureCard, FigureCards, FigureCardsSkeleton, KeyFigureCards, NoValue } from "@/components/figures/FigureCard";
import { LoadFailure } from "@/components/figures/LoadFailure";
import { formatCount } from "@/components/format/numbers";
import { Select } from "@/components/ui/Select";
import { guardedImport } from "@/app/chunkReload";
import { showToast } from "@/app/toast";
import {
  NO_VALUE, bookingStatusLabel, kolFigures, bookingsCsvColumns, campaignCsvColumns, campaignStatusLabel, count, emvValuesText, keyFiguresTable, leaderboardCsvColumns, money,
  objectiveLabel, onScatter, orDash, platformCard, platformLabel, postsCsvColumns, rangeText, rate, safeLink, scatterChart, scatterTable, seriesCard, shownFigures,
  spanText, spentShort, spentText, tierCard, tierLabel, timelineCard, type KolKeyFigure,
} from "@/features/kol/kolFormat";
import { formatDay } from "@/components/format/dates";
import { t, translateMessage } from "@/i18n/i18n";
import { LabelledSelect } from "@/features/kol/LabelledSelect";
import "./kol.css";

/**
 * The leaderboard's PrimeReact DataTable is most of the page's script (~55 KB gzip): it is
 * fetched when a campaign is opened, so the overview does not load it.
 */
const KolLeaderboard = lazy(guardedImport(() => import("@/features/kol/KolLeaderboard").then((m) => ({ default: m.KolLeaderboard }))));

export type KolViewPhase = { readonly kind: "loading" } | { readonly kind: "failed"; readonly error: string } | { readonly kind: "ready" };
type Booking = KolCampaignDetail["bookings"][number];

/** What the page's buttons ask the container to open (the dialogs of `src/features/kol/editors`). */
export interface KolActions {
  onNewCampaign: () => void;
  onEditCampaign: () => void;
  onDeleteCampaign: () => void;
  onAddBooking: () => void;
  onEditBooking: (b: Booking) => void;
  onDeleteBooking: (b: Booking) => void;
  onEmv: () => void;
  onImport: () => void;
}

export interface KolViewProps {
  brand: string;
  start: string;
  end: string;
  phase: KolViewPhase;
  /** The campaign the URL opens; null for the overview. */
  campaignId: number | null;
  /** The overview shown (the last one while the next loads); null before the first answer. */
  overview: KolOverview | null;
  /** The campaign shown; null before its answer. */
  detail: KolCampaignDetail | null;
  choices: KolChoices;
  /** The leaderboard's rows (the choices applied), the KOLs the filters keep (the scatter's), the content's posts. */
  leaderboard: readonly KolRow[];
  kolsInView: readonly KolRow[];
  content: readonly KolPostRow[];
  /** The URL's search that opens a campaign (`c`) or the overview (null), for the links. */
  linkTo: (id: number | null) => Record<string, unknown>;
  onSort: (sort: KolSort) => void;
  onOrder: (order: "asc" | "desc") => void;
  onTier: (tier: KolTier | null) => void;
  onPlatform: (platform: KolPlatform | null) => void;
  onPickKol: (kol: number | null) => void;
  /** Every KOL again: no tier, platform or picked KOL. */
  onClearFilters: () => void;
  onRetry: () => void;
  actions: KolActions;
}

const BUTTON = "p-button p-component p-button-sm";

/** The overview's empty state's title ("No KOL campaigns in this range"). */
export const noCampaigns = (): string => t("kol.overview.noCampaigns");

function ActionButton({ icon, label, onClick, outlined = true, aria }: { icon: string; label: string; onClick: () => void; outlined?: boolean; aria?: string }) {
  return (
    <button type="button" className={`${BUTTON}${outlined ? " p-button-outlined" : ""}`} onClick={onClick} aria-label={aria}>
      <i className={`pi ${icon}`} aria-hidden="true" /> {label}
    </button>
  );
}

function exportRows<T>(rows: readonly T[], columns: readonly CsvColumn<T>[], name: string) {
  downloadCsv(fileNameOf(name, "csv"), toCsv(rows, columns));
}

// ---------------------------------------------------------------------------------------------
// Figure cards

/**
 * The figure cards of the overview: the range against the previous period of equal length. Before
 * the first answer (overview null) the same section holds the heading, the comparison and the
 * cards with their labels and definitions (the figures every brand has, a placeholder for each
 * value): the same elements stay when the figures come, so nothing moves or paints again (issue 19).
 */
const OverviewFigures = memo(function OverviewFigures({ brand, overview, start, end }: { brand: string; overview: KolOverview | null; start: string; end: string }) {
  const period: PreviousPeriod = previousPeriod({ start, end });
  const range = rangeText(start, end);
  const before = rangeText(period.start, period.end);
  const figures = overview === null ? null : shownFigures(overview.emv, overview.totals, overview.previous);
  const table = useMemo(() => (figures === null || overview === null ? null : keyFiguresTable(figures, overview.totals, range, overview.previous, before)), [figures, overview, range, before]);
  return (
    <section className="kol-figures" aria-labelledby="kol-figures-title">
      <div className="chart-card-head">
        <h2 id="kol-figures-title">{t("kol.keyFigures.title")}</h2>
        <div className="chart-card-actions">
          <AddToReportButton target={reportTarget("kol.figures", { brand, start, end })} label={t("kol.keyFigures.exportTitle")} />
          {table === null ? (
            <ExportButtons title={t("kol.keyFigures.exportTitle")} onCsv={noCsv} disabled />
          ) : (
            <CsvButton table={table} name={`KOL key figures ${start} ${end}`} title={t("kol.keyFigures.exportTitle")} />
          )}
        </div>
      </div>
      <p className="muted kol-compared">
        {t("kol.keyFigures.comparedWith", { before, days: formatCount(period.days) })}
        {(figures === null || figures.every((k) => k.key !== "sales")) && t("kol.keyFigures.noSalesPeriods")}
      </p>
      {figures === null || overview === null ? (
        <FigureCardsSkeleton label={t("kol.keyFigures.title")} className="kol-summary" cards={skeletonCards()} />
      ) : (
        <KeyFigureCards label={t("kol.keyFigures.title")} className="kol-summary" figures={figures} current={overview.totals} previous={overview.previous} period={period} />
      )}
    </section>
  );
});

/** The cards before the first answer: the figures every brand has; the EMV values are the brand's, known with the figures. */
const skeletonCards = () =>
  kolFigures(DEFAULT_EMV_VALUES)
    .filter((k) => k.tracked === undefined)
    .map((k) => (k.key === "emv" ? { key: k.key, label: k.label, definition: t("kol.definition.emv", { values: "…" }) } : k));

/** A change against the previous campaign, in the card's marks; the sentence names the campaign. */
function CampaignChange({ change, name }: { change: FigureChange; name: string }) {
  const mark = changeMark(change);
  const tone = change.tone === "good" ? t("kol.change.toneGood") : change.tone === "bad" ? t("kol.change.toneBad") : "";
  const up = change.direction === "up";
  const sentence =
    change.direction === null
      ? t("kol.change.noValue", { name })
      : change.direction === "flat"
        ? t("kol.change.flat", { name })
        : change.percent !== null
          ? up
            ? t("kol.change.upBy", { percent: formatChangePercent(change.percent), name, tone })
            : t("kol.change.downBy", { percent: formatChangePercent(change.percent), name, tone })
          : change.isNew
            ? t("kol.change.new", { name, tone })
            : up
              ? t("kol.change.upFromZero", { name, tone })
              : t("kol.change.downFromZero", { name, tone });
  const kind = change.direction === null ? "none" : change.tone;
  return (
    <span className={`change-badge kol-change change-${kind}`} title={sentence}>
      <span aria-hidden="true">
        {mark.arrow !== null && <span className="change-arrow">{mark.arrow}</span>}
        {change.direction === null ? t("kol.change.noValue", { name }) : t("kol.change.versus", { mark: mark.text, name })}
      </span>
      <span className="visually-hidden">{sentence}</span>
    </span>
  );
}

const CampaignFigures = memo(function CampaignFigures({ detail }: { detail: KolCampaignDetail }) {
  const prev = detail.previousCampaign;
  const figures = shownFigures(detail.emv, detail.figures, prev?.figures ?? null);
  const name = detail.campaign.name;
  const table = useMemo(() => keyFiguresTable(figures, detail.figures, name, prev?.figures ?? null, prev?.name ?? null), [figures, detail, name, prev]);
  return (
    <section className="kol-figures" aria-labelledby="kol-figures-title">
      <div className="chart-card-head">
        <h2 id="kol-figures-title">{t("kol.keyFigures.title")}</h2>
        <CsvButton table={table} name={`KOL key figures ${name}`} title={t("kol.keyFigures.exportTitle")} />
      </div>
      <p className="muted kol-compared">
        {prev === null ? t("kol.keyFigures.firstCampaign") : t("kol.keyFigures.comparedWithCampaign", { name: prev.name, span: spanText(prev.start, prev.end) })}
        {figures.every((k) => k.key !== "sales") && t("kol.keyFigures.noSales")}
      </p>
      <FigureCards label={t("kol.keyFigures.title")} className="kol-summary">
        {figures.map((k: KolKeyFigure) => {
          const value = k.value(detail.figures);
          return (
            <div className="figure-card" key={k.key}>
              <dt>{k.label}</dt>
              <dd className="figure-value">{value === null ? <NoValue why={k.missing} /> : k.format(value)}</dd>
              {prev !== null && (
                <dd className="figure-change">
                  <CampaignChange change={figureChange(value, k.value(prev.figures), k.polarity)} name={prev.name} />
                </dd>
              )}
              <dd className="figure-definition">{k.definition}</dd>
            </div>
          );
        })}
      </FigureCards>
    </section>
  );
});

// ---------------------------------------------------------------------------------------------
// Spend against budget

/** A bar of spend against budget; over budget in the danger colour, with the words next to it. */
export function SpendBar({ share, label }: { share: number | null; label: string }) {
  const over = share !== null && share > 1;
  const width = share === null ? 0 : Math.min(1, share) * 100;
  return (
    <span className={`kol-spend${over ? " kol-spend-over" : ""}`}>
      <span className="kol-spend-track" role="img" aria-label={`${label}: ${spentText(share)}`}>
        <span className="kol-spend-fill" style={{ width: `${width}%` }} />
      </span>
      <span className="kol-spend-text" aria-hidden="true">
        {share === null ? NO_VALUE : spentShort(share)}
      </span>
    </span>
  );
}

const PlanVsActual = memo(function PlanVsActual({ detail }: { detail: KolCampaignDetail }) {
  const { plan, campaign } = detail;
  const over = plan.remaining < 0;
  const table: FigureTable = useMemo(
    () => ({
      caption: t("kol.plan.caption", { name: campaign.name }),
      rowHeader: t("kol.table.figure"),
      columns: [{ header: t("kol.plan.value"), format: money }],
      rows: [
        { label: t("kol.plan.budgetBaht"), values: [plan.budget], click: null },
        { label: t("kol.column.costBaht"), values: [plan.cost], click: null },
        { label: t("kol.plan.remainingBaht"), values: [plan.remaining], click: null },
        { label: t("kol.column.spentOfBudget"), values: [plan.spentShare], click: null },
      ],
    }),
    [plan, campaign.name],
  );
  return (
    <section className="kol-plan" aria-labelledby="kol-plan-title">
      <div className="chart-card-head">
        <h2 id="kol-plan-title">{t("kol.plan.title")}</h2>
        <CsvButton table={table} name={`KOL plan ${campaign.name}`} title={t("kol.plan.exportTitle")} />
      </div>
      <FigureCards label={t("kol.plan.title")} className="kol-plan-cards">
        <FigureCard label={t("kol.plan.budget")} value={money(plan.budget)} definition={t("kol.plan.budgetDefinition")} />
        <FigureCard label={t("kol.figure.cost")} value={money(plan.cost)} definition={t("kol.plan.costDefinition")} />
        <FigureCard
          label={t("kol.plan.remaining")}
          value={<span className={over ? "kol-over" : undefined}>{over ? t("kol.plan.over", { amount: money(-plan.remaining) }) : money(plan.remaining)}</span>}
          definition={over ? t("kol.plan.remainingOverDefinition") : t("kol.plan.remainingDefinition")}
        />
        <FigureCard
          label={t("kol.plan.spent")}
          value={plan.spentShare === null ? <NoValue why={t("kol.spent.noBudget")} /> : <span className={over ? "kol-over" : undefined}>{spentText(plan.spentShare)}</span>}
          definition={t("kol.plan.spentDefinition")}
        />
      </FigureCards>
      <SpendBar share={plan.spentShare} label={t("kol.plan.costAgainstBudget")} />
    </section>
  );
});

// ---------------------------------------------------------------------------------------------
// The overview

const CampaignList = memo(function CampaignList({ campaigns, linkTo, start, end }: { campaigns: readonly KolCampaignSummary[]; linkTo: KolViewProps["linkTo"]; start: string; end: string }) {
  return (
    <section className="kol-section skip-offscreen" aria-labelledby="kol-campaigns-title">
      <div className="chart-card-head">
        <h2 id="kol-campaigns-title">{t("kol.campaigns.title")}</h2>
        <ExportButtons title={t("kol.campaigns.exportTitle")} onCsv={() => exportRows(campaigns, campaignCsvColumns(), `KOL campaigns ${start} ${end}`)} disabled={campaigns.length === 0} />
      </div>
      <p className="muted kol-hint">{t("kol.campaigns.hint")}</p>
      {campaigns.length === 0 ? (
        <p className="muted">{t("kol.campaigns.none")}</p>
      ) : (
        <div className="table-scroll kol-table" role="region" aria-label={t("kol.campaigns.tableLabel")} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{t("kol.campaigns.caption", { range: rangeText(start, end) })}</caption>
            <thead>
              <tr>
                <th scope="col" className="kol-name-col">{t("kol.column.campaign")}</th>
                <th scope="col" className="kol-left">{t("kol.column.objective")}</th>
                <th scope="col" className="kol-left">{t("kol.column.status")}</th>
                <th scope="col" className="kol-left">{t("kol.column.dates")}</th>
                <th scope="col">{t("kol.plan.budget")}</th>
                <th scope="col">{t("kol.figure.cost")}</th>
                <th scope="col" className="kol-left">{t("kol.column.spentOfBudget")}</th>
                <th scope="col">{t("kol.figure.kols")}</th>
                <th scope="col">{t("kol.figure.posts")}</th>
                <th scope="col">{t("kol.figure.views")}</th>
                <th scope="col">{t("kol.figure.cpe")}</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className="kol-name">
                    <Link to="/campaign" search={linkTo(c.id) as never} className="kol-link">
                      {c.name}
                    </Link>
                  </th>
                  <td className="kol-left">{objectiveLabel(c)}</td>
                  <td className="kol-left">
                    <span className={`kol-status kol-status-${c.status}`}>{campaignStatusLabel(c)}</span>
                  </td>
                  <td className="kol-left">{spanText(c.start, c.end)}</td>
                  <td>{money(c.budget)}</td>
                  <td>{money(c.figures.cost)}</td>
                  <td className="kol-left">
                    <SpendBar share={c.spentShare} label={t("kol.campaigns.spendLabel", { name: c.name })} />
                  </td>
                  <td>{count(c.figures.kols)}</td>
                  <td>{count(c.figures.posts)}</td>
                  <td>{count(c.figures.views)}</td>
                  <td>{orDash(c.figures.cpe, money)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});

const platformChoices = () => [t("kol.filter.allPlatforms"), ...KOL_PLATFORMS.map(platformLabel)];
const platformOfLabel = (label: string): KolPlatform | null => KOL_PLATFORMS.find((p) => platformLabel(p) === label) ?? null;
const tierChoices = () => [t("kol.filter.allTiers"), ...KOL_TIERS.map((tier) => tierLabel(tier))];
const tierOfLabel = (label: string): KolTier | null => KOL_TIERS.find((tier) => tierLabel(tier) === label) ?? null;

export function PlatformSelect({ value, onChange, label }: { value: KolPlatform | null; onChange: (p: KolPlatform | null) => void; label: string }) {
  return (
    <LabelledSelect label={label}>
      <Select label={label} value={value === null ? t("kol.filter.allPlatforms") : platformLabel(value)} options={platformChoices()} onChange={(l) => onChange(platformOfLabel(l))} />
    </LabelledSelect>
  );
}

export function TierSelect({ value, onChange }: { value: KolTier | null; onChange: (t: KolTier | null) => void }) {
  return (
    <LabelledSelect label={t("kol.table.tier")}>
      <Select label={t("kol.table.tier")} value={value === null ? t("kol.filter.allTiers") : tierLabel(value)} options={tierChoices()} onChange={(l) => onChange(tierOfLabel(l))} />
    </LabelledSelect>
  );
}

/** The overview's chart cards in their order (`overviewCards`), each built by its own component (below). */
const OVERVIEW_CARDS: ReadonlyArray<(o: KolOverview, range: string) => ChartCard> = [seriesCard, platformCard, tierCard];

/**
 * One chart card of the overview, built from the figures in its own render: React can yield
 * between the cards of the deferred render, so their arrival is no single long task (issue 19).
 */
const OverviewChart = memo(function OverviewChart({ build, overview, start, end, caption, onFilter }: {
  build: (o: KolOverview, range: string) => ChartCard; overview: KolOverview; start: string; end: string; caption: string; onFilter: (click: ClickValue) => void;
}) {
  const card = useMemo(() => build(overview, rangeText(start, end)), [build, overview, start, end]);
  return <ChartCardView card={card} onFilter={onFilter} caption={caption} />;
});

function OverviewBody(p: KolViewProps & { overview: KolOverview }) {
  const { overview, start, end, brand } = p;
  const caption = captionLine(brand, start, end);
  const onPlatform = p.onPlatform;
  const onFilter = useMemo(() => (click: ClickValue) => onPlatform(platformOfLabel(click.label) ?? (click.value as KolPlatform)), [onPlatform]);
  return (
    <>
      <CampaignList campaigns={overview.campaigns} linkTo={p.linkTo} start={start} end={end} />
      <div className="chart-grid">
        {OVERVIEW_CARDS.map((build, i) => (
          <OverviewChart key={i} build={build} overview={overview} start={start} end={end} caption={caption} onFilter={onFilter} />
        ))}
      </div>
      <p className="muted kol-emv-note">{t("kol.emvNote", { brand, values: emvValuesText(overview.emv) })}</p>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// A campaign

/** The cost-efficiency scatter: one dot per KOL in view; a dot picks its KOL. */
const ScatterCard = memo(function ScatterCard({ kols, picked, campaign, caption, onPick }: { kols: readonly KolRow[]; picked: number | null; campaign: string; caption: string; onPick: (kol: number) => void }) {
  const headingId = useId();
  const box = useRef<HTMLElement>(null);
  const chart = useMemo(() => scatterChart(kols, picked, campaign), [kols, picked, campaign]);
  const table = useMemo(() => scatterTable(kols, campaign), [kols, campaign]);
  const title = t("kol.scatter.title");
  const plotted = kols.filter(onScatter).length;
  const savePng = () => {
    const graph = box.current?.querySelector<HTMLElement>(".js-plotly-plot");
    if (graph == null) {
      showToast({ severity: "warn", summary: t("kol.scatter.stillDrawing") });
      return;
    }
    downloadPng(graph, fileNameOf(title, "png"), { title, subtitle: caption }).catch(() => showToast({ severity: "error", summary: t("kol.scatter.imageFailed") }));
  };
  const onClick = (point: PlotPoint) => {
    if (typeof point.customdata === "number") onPick(point.customdata);
  };
  return (
    <section ref={box} className="chart-card chart-card-clickable chart-card-wide" aria-labelledby={headingId}>
      <div className="chart-card-head">
        <h2 id={headingId}>{title}</h2>
        <ExportButtons title={title} onPng={savePng} onCsv={() => exportRows(table.rows, [{ header: table.rowHeader, value: (r) => r.label }, ...table.columns.map((c, i) => ({ header: c.header, value: (r: FigureTable["rows"][number]) => r.values[i] ?? null }))], title)} disabled={plotted === 0} />
      </div>
      <p className="muted chart-card-note">{t("kol.scatter.note")}</p>
      {plotted > 0 && <p className="muted chart-card-hint">{t("kol.scatter.hint")}</p>}
      {plotted === 0 ? <p className="muted chart-card-empty">{t("kol.scatter.empty")}</p> : <LazyPlot data={chart.data} layout={chart.layout} label={chart.label} height={300} onClick={onClick} />}
      <details className="figure-table">
        <summary>{t("kol.scatter.showTable")}</summary>
        <div className="table-scroll" role="region" aria-label={table.caption} tabIndex={0}>
          <table>
            <caption>{table.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t("kol.table.kol")}</th>
                {table.columns.map((c) => (
                  <th scope="col" key={c.header}>
                    {c.header}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t("kol.scatter.showOnly")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {kols.map((k) => (
                <tr key={k.kolId}>
                  <th scope="row">
                    {k.name} <span className="muted">@{k.handle}</span>
                  </th>
                  <td>{count(k.reach)}</td>
                  <td>{orDash(k.cpe, money)}</td>
                  <td>{money(k.cost)}</td>
                  <td>{count(k.engagements)}</td>
                  <td>
                    <button type="button" className="figure-filter-by" aria-label={t("kol.scatter.showOnlyOf", { name: k.name })} onClick={() => onPick(k.kolId)}>
                      <i className="pi pi-filter" aria-hidden="true" /> {t("kol.scatter.showOnly")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
});

const ContentTable = memo(function ContentTable({ posts, campaign, narrowed }: { posts: readonly KolPostRow[]; campaign: string; narrowed: boolean }) {
  return (
    <section className="kol-section skip-offscreen" aria-labelledby="kol-content-title">
      <div className="chart-card-head">
        <h2 id="kol-content-title">{t("kol.content.title")}</h2>
        <ExportButtons title={t("kol.content.exportTitle")} onCsv={() => exportRows(posts, postsCsvColumns(), `KOL content ${campaign}`)} disabled={posts.length === 0} />
      </div>
      <p className="muted kol-hint" role="status">
        {posts.length === 0
          ? narrowed
            ? t("kol.content.noneShown")
            : t("kol.content.none")
          : narrowed
            ? t("kol.content.countShown", { count: posts.length, n: formatCount(posts.length) })
            : t("kol.content.count", { count: posts.length, n: formatCount(posts.length) })}
      </p>
      {posts.length > 0 && (
        <div className="table-scroll kol-table kol-content" role="region" aria-label={t("kol.content.tableLabel")} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{t("kol.content.caption", { campaign })}</caption>
            <thead>
              <tr>
                <th scope="col" className="kol-name-col">{t("kol.table.kol")}</th>
                <th scope="col" className="kol-left">{t("kol.content.published")}</th>
                <th scope="col" className="kol-left">{t("kol.table.post")}</th>
                <th scope="col">{t("kol.figure.views")}</th>
                <th scope="col">{t("kol.figure.reach")}</th>
                <th scope="col">{t("kol.figure.likes")}</th>
                <th scope="col">{t("kol.figure.comments")}</th>
                <th scope="col">{t("kol.figure.shares")}</th>
                <th scope="col">{t("kol.figure.saves")}</th>
                <th scope="col">{t("kol.column.engRate")}</th>
                <th scope="col">{t("kol.figure.sales")}</th>
                <th scope="col">{t("kol.figure.emv")}</th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => {
                const href = safeLink(post.permalink);
                return (
                  <tr key={post.id}>
                    <th scope="row" className="kol-name">
                      {post.kolName}
                      <span className="kol-row-detail muted">{platformLabel(post.platform)}</span>
                    </th>
                    <td className="kol-left">{formatDay(post.day)}</td>
                    <td className="kol-left">
                      {href === null ? (
                        <span className="muted" title={post.permalink}>
                          {t("kol.content.noLink")}
                        </span>
                      ) : (
                        <a href={href} target="_blank" rel="noopener noreferrer" className="kol-link" aria-label={t("kol.content.openLabel", { platform: platformLabel(post.platform), name: post.kolName, day: formatDay(post.day) })}>
                          {t("kol.content.open")} <i className="pi pi-external-link" aria-hidden="true" />
                        </a>
                      )}
                    </td>
                    <td>{count(post.views)}</td>
                    <td>{count(post.reach)}</td>
                    <td>{count(post.likes)}</td>
                    <td>{count(post.comments)}</td>
                    <td>{count(post.shares)}</td>
                    <td>{count(post.saves)}</td>
                    <td>{orDash(post.engagementRate, rate)}</td>
                    <td>{orDash(post.sales, money)}</td>
                    <td>{money(post.emv)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});

const BookingsTable = memo(function BookingsTable({ detail, actions }: { detail: KolCampaignDetail; actions: KolActions }) {
  const bookings = detail.bookings;
  const name = detail.campaign.name;
  return (
    <section className="kol-section skip-offscreen" aria-labelledby="kol-bookings-title">
      <div className="chart-card-head">
        <h2 id="kol-bookings-title">{t("kol.figure.bookings")}</h2>
        <div className="kol-head-actions">
          <ActionButton icon="pi-plus" label={t("kol.bookings.add")} onClick={actions.onAddBooking} />
          <ExportButtons title={t("kol.bookings.exportTitle")} onCsv={() => exportRows(bookings, bookingsCsvColumns(), `KOL bookings ${name}`)} disabled={bookings.length === 0} />
        </div>
      </div>
      {bookings.length === 0 ? (
        <p className="muted">{t("kol.bookings.none")}</p>
      ) : (
        <div className="table-scroll kol-table" role="region" aria-label={t("kol.bookings.tableLabel")} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{t("kol.bookings.caption", { name })}</caption>
            <thead>
              <tr>
                <th scope="col" className="kol-name-col">{t("kol.table.kol")}</th>
                <th scope="col" className="kol-left">{t("kol.column.deliverables")}</th>
                <th scope="col">{t("kol.bookings.fee")}</th>
                <th scope="col" className="kol-left">{t("kol.column.status")}</th>
                <th scope="col">{t("kol.figure.posts")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("kol.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((b) => (
                <tr key={b.id} className={b.status === "cancelled" ? "kol-cancelled" : undefined}>
                  <th scope="row" className="kol-name">
                    {b.kolName}
                    <span className="kol-row-detail muted">{platformLabel(b.platform)}</span>
                  </th>
                  <td className="kol-left kol-deliverables">{b.deliverables === "" ? <span className="muted">—</span> : b.deliverables}</td>
                  <td>{money(b.fee)}</td>
                  <td className="kol-left">
                    <span className={`kol-status kol-booking-${b.status}`}>{bookingStatusLabel(b.status)}</span>
                  </td>
                  <td>{count(b.posts)}</td>
                  <td className="kol-row-actions">
                    <button type="button" className={`${BUTTON} p-button-text`} aria-label={t("kol.bookings.editOf", { name: b.kolName })} onClick={() => actions.onEditBooking(b)}>
                      <i className="pi pi-pencil" aria-hidden="true" /> {t("kol.edit")}
                    </button>
                    <button type="button" className={`${BUTTON} p-button-text p-button-danger`} aria-label={t("kol.bookings.deleteOf", { name: b.kolName })} onClick={() => actions.onDeleteBooking(b)}>
                      <i className="pi pi-trash" aria-hidden="true" /> {t("kol.delete")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});

function CampaignHeader({ detail, linkTo, actions }: { detail: KolCampaignDetail; linkTo: KolViewProps["linkTo"]; actions: KolActions }) {
  const c = detail.campaign;
  return (
    <header className="kol-header kol-campaign-header">
      <div className="kol-title">
        <Link to="/campaign" search={linkTo(null) as never} className="kol-back">
          <i className="pi pi-arrow-left" aria-hidden="true" /> {t("kol.allCampaigns")}
        </Link>
        <h1 id="page-title">{c.name}</h1>
        <p className="muted kol-meta">
          <span className={`kol-status kol-status-${c.status}`}>{campaignStatusLabel(c)}</span> · {spanText(c.start, c.end)} · {objectiveLabel(c)} · {t("kol.campaign.budgetMeta", { budget: money(c.budget) })}
        </p>
      </div>
      <div className="kol-actions" role="group" aria-label={t("kol.campaign.actions")}>
        <ActionButton icon="pi-pencil" label={t("kol.campaign.edit")} onClick={actions.onEditCampaign} />
        <ActionButton icon="pi-upload" label={t("kol.importSheet")} onClick={actions.onImport} />
        <ActionButton icon="pi-sliders-h" label={t("kol.emvValues")} onClick={actions.onEmv} />
        <button type="button" className={`${BUTTON} p-button-outlined p-button-danger`} onClick={actions.onDeleteCampaign}>
          <i className="pi pi-trash" aria-hidden="true" /> {t("kol.campaign.delete")}
        </button>
      </div>
    </header>
  );
}

function CampaignBody(p: KolViewProps & { detail: KolCampaignDetail; empty: boolean }) {
  const { detail, choices } = p;
  const name = detail.campaign.name;
  const caption = `${p.brand} · ${name} · ${spanText(detail.campaign.start, detail.campaign.end)}`;
  const timeline = useMemo(() => timelineCard(p.content, name), [p.content, name]);
  const picked = choices.kol === null ? null : (detail.kols.find((k) => k.kolId === choices.kol) ?? null);
  const narrowed = choices.tier !== null || choices.platform !== null || choices.kol !== null;
  const onPick = p.onPickKol;
  const pick = useMemo(() => (kol: number) => onPick(kol), [onPick]);
  return (
    <>
      <CampaignFigures detail={detail} />
      <PlanVsActual detail={detail} />
      {p.empty ? (
        <div className="empty-state" role="status">
          <i className="pi pi-users" aria-hidden="true" />
          <p className="empty-title">{t("kol.campaign.emptyTitle")}</p>
          <p className="muted">{t("kol.campaign.emptyText")}</p>
          <div className="kol-empty-actions">
            <ActionButton icon="pi-plus" label={t("kol.bookings.add")} onClick={p.actions.onAddBooking} outlined={false} />
            <ActionButton icon="pi-upload" label={t("kol.importSheet")} onClick={p.actions.onImport} />
          </div>
        </div>
      ) : (
        <>
          <section className="kol-section skip-offscreen" aria-labelledby="kol-leaderboard-title">
            <div className="chart-card-head">
              <h2 id="kol-leaderboard-title">{t("kol.leaderboard.title")}</h2>
              <ExportButtons title={t("kol.leaderboard.exportTitle")} onCsv={() => exportRows(p.leaderboard, leaderboardCsvColumns(), `KOL leaderboard ${name}`)} disabled={p.leaderboard.length === 0} />
            </div>
            <div className="kol-filters" role="group" aria-label={t("kol.leaderboard.filters")}>
              <TierSelect value={choices.tier} onChange={p.onTier} />
              <PlatformSelect label={t("kol.table.platform")} value={choices.platform} onChange={p.onPlatform} />
              {picked !== null && (
                <span className="filter-chip">
                  {t("kol.leaderboard.only", { name: picked.name })}
                  <button type="button" aria-label={t("kol.leaderboard.everyNotOnly", { name: picked.name })} onClick={() => p.onPickKol(null)}>
                    <i className="pi pi-times" aria-hidden="true" />
                  </button>
                </span>
              )}
              {narrowed && (
                <button type="button" className={`${BUTTON} p-button-text`} onClick={p.onClearFilters}>
                  {t("kol.leaderboard.showEvery")}
                </button>
              )}
            </div>
            <Suspense fallback={<p className="muted">{t("kol.leaderboard.loading")}</p>}>
              <KolLeaderboard rows={p.leaderboard} choices={choices} campaign={name} onSort={p.onSort} onOrder={p.onOrder} onPick={p.onPickKol} />
            </Suspense>
          </section>
          <div className="chart-grid kol-charts">
            <ScatterCard kols={p.kolsInView} picked={choices.kol} campaign={name} caption={caption} onPick={pick} />
            <ChartCardView card={timeline} onFilter={noFilter} caption={caption} />
          </div>
          <ContentTable posts={p.content} campaign={name} narrowed={narrowed} />
        </>
      )}
      <BookingsTable detail={detail} actions={p.actions} />
      <p className="muted kol-emv-note">{t("kol.emvNote", { brand: p.brand, values: emvValuesText(detail.emv) })}</p>
    </>
  );
}

const noFilter = () => undefined;

// ---------------------------------------------------------------------------------------------
// The page

function Loading({ label, text }: { label: string; text: string }) {
  return (
    <div className="kol-loading">
      <progress aria-label={label} />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}

/**
 * The rest of the overview before its first answer (issue 19), under the key figures (which
 * `OverviewFigures` shows already): the campaigns' heading and a block for their table, then blocks
 * the height of the chart cards, so the layout is painted at once and nothing moves when the
 * figures come.
 */
function OverviewPlaces() {
  return (
    <>
      <section className="kol-section skip-offscreen" aria-labelledby="kol-campaigns-title">
        <div className="chart-card-head">
          <h2 id="kol-campaigns-title">{t("kol.campaigns.title")}</h2>
          <ExportButtons title={t("kol.campaigns.exportTitle")} onCsv={noCsv} disabled />
        </div>
        <p className="muted kol-hint">{t("kol.campaigns.hint")}</p>
        <div className="skeleton-block kol-table-skeleton" aria-hidden="true" />
      </section>
      <div className="chart-grid" aria-hidden="true">
        <div className="chart-card chart-card-wide kol-chart-skeleton kol-chart-skeleton-wide"><div className="skeleton-block" /></div>
        <div className="chart-card kol-chart-skeleton"><div className="skeleton-block" /></div>
        <div className="chart-card kol-chart-skeleton"><div className="skeleton-block" /></div>
      </div>
    </>
  );
}

const noCsv = () => undefined;

function hasNothing(o: KolOverview): boolean {
  return o.campaigns.length === 0 && o.totals.posts === 0 && o.totals.cost === 0;
}

export function KolView(p: KolViewProps) {
  const failure = p.phase.kind === "failed" ? p.phase.error : null;
  const updating = p.phase.kind === "loading" && (p.overview !== null || p.detail !== null) && (
    <p className="muted kol-updating" role="status">
      {t("kol.updating")}
    </p>
  );
  if (p.campaignId !== null) {
    const d = p.detail;
    return (
      <section className="page kol-page" aria-labelledby="page-title">
        {d === null ? (
          <>
            <header className="kol-header">
              <div className="kol-title">
                <Link to="/campaign" search={p.linkTo(null) as never} className="kol-back">
                  <i className="pi pi-arrow-left" aria-hidden="true" /> {t("kol.allCampaigns")}
                </Link>
                <h1 id="page-title">{t("kol.title")}</h1>
              </div>
            </header>
            {failure !== null ? (
              <LoadFailure title={t("kol.campaign.loadFailed")} error={translateMessage(failure)} onRetry={p.onRetry} />
            ) : (
              <Loading label={t("kol.campaign.loadingLabel")} text={t("kol.campaign.loading")} />
            )}
          </>
        ) : (
          <>
            <CampaignHeader detail={d} linkTo={p.linkTo} actions={p.actions} />
            <div aria-busy={p.phase.kind === "loading"} className="kol-body">
              {failure !== null && <LoadFailure title={t("kol.campaign.loadFailed")} error={translateMessage(failure)} onRetry={p.onRetry} />}
              {updating}
              <CampaignBody {...p} detail={d} empty={d.bookings.length === 0 && d.kols.length === 0 && d.posts.length === 0} />
            </div>
          </>
        )}
      </section>
    );
  }
  const o = p.overview;
  let body: ReactNode;
  if (o === null && failure !== null) {
    body = <LoadFailure title={t("kol.overview.loadFailed")} error={translateMessage(failure)} onRetry={p.onRetry} />;
  } else {
    // One tree from the first load to the figures: the key figures' section stays the same elements (issue 19).
    const empty = o !== null && hasNothing(o);
    body = (
      <div aria-busy={p.phase.kind === "loading"} className={o === null ? "kol-body kol-skeleton" : "kol-body"}>
        {o === null && <progress className="visually-hidden" aria-label={t("kol.overview.loadingLabel")} />}
        {failure !== null && <LoadFailure title={t("kol.overview.loadFailed")} error={translateMessage(failure)} onRetry={p.onRetry} />}
        {updating}
        {empty ? (
          <div className="empty-state" role="status">
            <i className="pi pi-users" aria-hidden="true" />
            <p className="empty-title">{noCampaigns()}</p>
            <p className="muted">
              {p.choices.platform === null
                ? t("kol.overview.emptyText", { range: rangeText(p.start, p.end) })
                : t("kol.overview.emptyTextOn", { range: rangeText(p.start, p.end), platform: platformLabel(p.choices.platform) })}
            </p>
            <div className="kol-empty-actions">
              <ActionButton icon="pi-plus" label={t("kol.newCampaign")} onClick={p.actions.onNewCampaign} outlined={false} />
            </div>
          </div>
        ) : (
          <OverviewFigures brand={p.brand} overview={o} start={p.start} end={p.end} />
        )}
        {!empty && (o === null ? <OverviewPlaces /> : <OverviewBody {...p} overview={o} />)}
      </div>
    );
  }
  return (
    <section className="page kol-page" aria-labelledby="page-title">
      <header className="kol-header">
        <div className="kol-title">
          <h1 id="page-title">{t("kol.title")}</h1>
          <p className="muted kol-meta">{t("kol.overview.meta", { brand: p.brand, range: rangeText(p.start, p.end) })}</p>
        </div>
        <div className="kol-actions" role="group" aria-label={t("kol.overview.actions")}>
          <ActionButton icon="pi-plus" label={t("kol.newCampaign")} onClick={p.actions.onNewCampaign} outlined={false} />
          <ActionButton icon="pi-sliders-h" label={t("kol.emvValues")} onClick={p.actions.onEmv} />
        </div>
      </header>
      <div className="kol-filters kol-scope" role="group" aria-label={t("kol.overview.platformFilter")}>
        <PlatformSelect label={t("kol.table.platform")} value={p.choices.platform} onChange={p.onPlatform} />
        {p.choices.platform !== null && <span className="muted">{t("kol.overview.platformOnly", { platform: platformLabel(p.choices.platform) })}</span>}
      </div>
      {body}
    </section>
  );
}

