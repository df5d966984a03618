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
import { KOL_PLATFORMS, KOL_TIERS, type KolCampaignDetail, type KolCampaignSummary, type KolOverview, type KolPlatform, type KolPostRow, type KolRow, type KolTier } from "../../../domain/kolContract";
import { figureChange, previousPeriod, type FigureChange, type PreviousPeriod } from "../../../domain/periodChange";
import type { KolSort } from "../../../domain/routeSearch";
import type { KolChoices } from "../../../machines/kol/kolMachine";
import { ChartCardView, CsvButton } from "@/components/charts/ChartCard";
import { reportTarget } from "@/components/cir/reportTargets";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import type { ClickValue, FigureTable } from "@/components/charts/chartCard";
import "@/components/charts/chartCard.css";
import { LazyPlot, type PlotPoint } from "@/components/charts/LazyPlot";
import { downloadCsv, downloadPng, fileNameOf, toCsv, type CsvColumn } from "@/components/export/download";
import { ExportButtons } from "@/components/export/ExportButtons";
import { captionLine } from "@/components/export/imageLayout";
import { changeMark, formatChangePercent } from "@/components/figures/changeText";
import { FigureCard, FigureCards, KeyFigureCards, NoValue } from "@/components/figures/FigureCard";
import { LoadFailure } from "@/components/figures/LoadFailure";
import { formatCount } from "@/components/format/numbers";
import { Select } from "@/components/ui/Select";
import { guardedImport } from "@/app/chunkReload";
import { showToast } from "@/app/toast";
import {
  BOOKINGS_CSV_COLUMNS, CAMPAIGN_CSV_COLUMNS, LEADERBOARD_CSV_COLUMNS, NO_VALUE, POSTS_CSV_COLUMNS, bookingStatusLabel, campaignStatusLabel, count,
  emvValuesText, keyFiguresTable, money, objectiveLabel, onScatter, orDash, overviewCards, platformLabel, rate, safeLink, scatterChart, scatterTable, shownFigures,
  spanText, spentText, tierLabel, timelineCard, type KolKeyFigure,
} from "@/features/kol/kolFormat";
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

export const NO_CAMPAIGNS = "No KOL campaigns in this range";

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

/** The figure cards of the overview: the range against the previous period of equal length. */
function OverviewFigures({ brand, overview, start, end }: { brand: string; overview: KolOverview; start: string; end: string }) {
  const period: PreviousPeriod = previousPeriod({ start, end });
  const range = `${start} to ${end}`;
  const before = `${period.start} to ${period.end}`;
  const figures = shownFigures(overview.emv, overview.totals, overview.previous);
  const table = useMemo(() => keyFiguresTable(figures, overview.totals, range, overview.previous, before), [figures, overview, range, before]);
  return (
    <section className="kol-figures" aria-labelledby="kol-figures-title">
      <div className="chart-card-head">
        <h2 id="kol-figures-title">Key figures</h2>
        <div className="chart-card-actions">
          <AddToReportButton target={reportTarget("kol.figures", { brand, start, end })} label="the key figures" />
          <CsvButton table={table} name={`KOL key figures ${start} ${end}`} title="the key figures" />
        </div>
      </div>
      <p className="muted kol-compared">
        Compared with {before}, the {formatCount(period.days)} days before. Ratios are ratios of the sums over the range.
        {figures.every((k) => k.key !== "sales") && " No post in these periods carries tracked sales (promo code or tracked link), so there is no sales or ROI."}
      </p>
      <KeyFigureCards label="Key figures" className="kol-summary" figures={figures} current={overview.totals} previous={overview.previous} period={period} />
    </section>
  );
}

/** A change against the previous campaign, in the card's marks; the sentence names the campaign. */
function CampaignChange({ change, name }: { change: FigureChange; name: string }) {
  const mark = changeMark(change);
  const tone = change.tone === "neutral" ? "" : `, ${change.tone}`;
  const sentence =
    change.direction === null
      ? `no value to compare in ${name}`
      : change.direction === "flat"
        ? `no change on ${name}`
        : change.percent !== null
          ? `${change.direction} ${formatChangePercent(change.percent)} on ${name}${tone}`
          : change.isNew
            ? `new: none in ${name}${tone}`
            : `${change.direction} from 0 in ${name}${tone}`;
  const kind = change.direction === null ? "none" : change.tone;
  return (
    <span className={`change-badge kol-change change-${kind}`} title={sentence}>
      <span aria-hidden="true">
        {mark.arrow !== null && <span className="change-arrow">{mark.arrow}</span>}
        {change.direction === null ? `no value to compare in ${name}` : `${mark.text} vs ${name}`}
      </span>
      <span className="visually-hidden">{sentence}</span>
    </span>
  );
}

function CampaignFigures({ detail }: { detail: KolCampaignDetail }) {
  const prev = detail.previousCampaign;
  const figures = shownFigures(detail.emv, detail.figures, prev?.figures ?? null);
  const name = detail.campaign.name;
  const table = useMemo(() => keyFiguresTable(figures, detail.figures, name, prev?.figures ?? null, prev?.name ?? null), [figures, detail, name, prev]);
  return (
    <section className="kol-figures" aria-labelledby="kol-figures-title">
      <div className="chart-card-head">
        <h2 id="kol-figures-title">Key figures</h2>
        <CsvButton table={table} name={`KOL key figures ${name}`} title="the key figures" />
      </div>
      <p className="muted kol-compared">
        {prev === null
          ? "The whole campaign. This is the brand's first campaign, so there is no previous campaign to compare with."
          : `The whole campaign, compared with the brand's previous campaign, ${prev.name} (${spanText(prev.start, prev.end)}). Ratios are ratios of the sums.`}
        {figures.every((k) => k.key !== "sales") && " No post carries tracked sales (promo code or tracked link), so there is no sales or ROI."}
      </p>
      <FigureCards label="Key figures" className="kol-summary">
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
}

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
        {share === null ? NO_VALUE : spentText(share).replace(" of the budget", "")}
      </span>
    </span>
  );
}

function PlanVsActual({ detail }: { detail: KolCampaignDetail }) {
  const { plan, campaign } = detail;
  const over = plan.remaining < 0;
  const table: FigureTable = useMemo(
    () => ({
      caption: `Plan against actual, ${campaign.name}`,
      rowHeader: "Figure",
      columns: [{ header: "Value", format: money }],
      rows: [
        { label: "Budget (฿)", values: [plan.budget], click: null },
        { label: "Cost (฿)", values: [plan.cost], click: null },
        { label: "Remaining (฿)", values: [plan.remaining], click: null },
        { label: "Spent of budget", values: [plan.spentShare], click: null },
      ],
    }),
    [plan, campaign.name],
  );
  return (
    <section className="kol-plan" aria-labelledby="kol-plan-title">
      <div className="chart-card-head">
        <h2 id="kol-plan-title">Plan against actual</h2>
        <CsvButton table={table} name={`KOL plan ${campaign.name}`} title="the plan against actual" />
      </div>
      <FigureCards label="Plan against actual" className="kol-plan-cards">
        <FigureCard label="Budget" value={money(plan.budget)} definition="The campaign's budget as planned." />
        <FigureCard label="Cost" value={money(plan.cost)} definition="The agreed fees of the bookings not cancelled." />
        <FigureCard
          label="Remaining"
          value={<span className={over ? "kol-over" : undefined}>{over ? `${money(-plan.remaining)} over` : money(plan.remaining)}</span>}
          definition={over ? "Budget − cost: the bookings cost more than the budget (bad)." : "Budget − cost."}
        />
        <FigureCard
          label="Spent"
          value={plan.spentShare === null ? <NoValue why="no budget set" /> : <span className={over ? "kol-over" : undefined}>{spentText(plan.spentShare)}</span>}
          definition="Cost ÷ budget."
        />
      </FigureCards>
      <SpendBar share={plan.spentShare} label="Cost against budget" />
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// The overview

function CampaignList({ campaigns, linkTo, start, end }: { campaigns: readonly KolCampaignSummary[]; linkTo: KolViewProps["linkTo"]; start: string; end: string }) {
  return (
    <section className="kol-section" aria-labelledby="kol-campaigns-title">
      <div className="chart-card-head">
        <h2 id="kol-campaigns-title">Campaigns</h2>
        <ExportButtons title="the campaign list" onCsv={() => exportRows(campaigns, CAMPAIGN_CSV_COLUMNS, `KOL campaigns ${start} ${end}`)} disabled={campaigns.length === 0} />
      </div>
      <p className="muted kol-hint">The campaigns whose dates overlap the range, with their figures over the range. Click a campaign's name to open it.</p>
      {campaigns.length === 0 ? (
        <p className="muted">No campaign overlaps this range.</p>
      ) : (
        <div className="table-scroll kol-table" role="region" aria-label="Campaigns table" tabIndex={0}>
          <table>
            <caption className="visually-hidden">KOL campaigns overlapping {start} to {end}</caption>
            <thead>
              <tr>
                <th scope="col" className="kol-name-col">Campaign</th>
                <th scope="col" className="kol-left">Objective</th>
                <th scope="col" className="kol-left">Status</th>
                <th scope="col" className="kol-left">Dates</th>
                <th scope="col">Budget</th>
                <th scope="col">Cost</th>
                <th scope="col" className="kol-left">Spent of budget</th>
                <th scope="col">KOLs</th>
                <th scope="col">Posts</th>
                <th scope="col">Views</th>
                <th scope="col">CPE</th>
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
                    <SpendBar share={c.spentShare} label={`${c.name}: cost against budget`} />
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
}

const PLATFORM_CHOICES = ["All platforms", ...KOL_PLATFORMS.map(platformLabel)];
const platformOfLabel = (label: string): KolPlatform | null => KOL_PLATFORMS.find((p) => platformLabel(p) === label) ?? null;
const TIER_CHOICES = ["All tiers", ...KOL_TIERS.map((t) => tierLabel(t))];
const tierOfLabel = (label: string): KolTier | null => KOL_TIERS.find((t) => tierLabel(t) === label) ?? null;

export function PlatformSelect({ value, onChange, label }: { value: KolPlatform | null; onChange: (p: KolPlatform | null) => void; label: string }) {
  return (
    <LabelledSelect label={label}>
      <Select label={label} value={value === null ? "All platforms" : platformLabel(value)} options={PLATFORM_CHOICES} onChange={(l) => onChange(platformOfLabel(l))} />
    </LabelledSelect>
  );
}

export function TierSelect({ value, onChange }: { value: KolTier | null; onChange: (t: KolTier | null) => void }) {
  return (
    <LabelledSelect label="Tier">
      <Select label="Tier" value={value === null ? "All tiers" : tierLabel(value)} options={TIER_CHOICES} onChange={(l) => onChange(tierOfLabel(l))} />
    </LabelledSelect>
  );
}

function OverviewBody(p: KolViewProps & { overview: KolOverview }) {
  const { overview, start, end, brand } = p;
  const cards = useMemo(() => overviewCards(overview, `${start} to ${end}`), [overview, start, end]);
  const caption = captionLine(brand, start, end);
  const onPlatform = p.onPlatform;
  const onFilter = useMemo(() => (click: ClickValue) => onPlatform(platformOfLabel(click.label) ?? (click.value as KolPlatform)), [onPlatform]);
  return (
    <>
      <OverviewFigures brand={brand} overview={overview} start={start} end={end} />
      <CampaignList campaigns={overview.campaigns} linkTo={p.linkTo} start={start} end={end} />
      <div className="chart-grid">
        {cards.map((card) => (
          <ChartCardView key={card.id} card={card} onFilter={onFilter} caption={caption} />
        ))}
      </div>
      <p className="muted kol-emv-note">
        EMV values of {brand}: {emvValuesText(overview.emv)}.
      </p>
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
  const title = "Cost efficiency: CPE against reach";
  const plotted = kols.filter(onScatter).length;
  const savePng = () => {
    const graph = box.current?.querySelector<HTMLElement>(".js-plotly-plot");
    if (graph == null) {
      showToast({ severity: "warn", summary: "The chart is still being drawn. Try again in a moment." });
      return;
    }
    downloadPng(graph, fileNameOf(title, "png"), { title, subtitle: caption }).catch(() => showToast({ severity: "error", summary: "The image could not be made." }));
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
      <p className="muted chart-card-note">One dot per KOL, on log scales: low and to the right is efficient (a low cost per engagement for a wide reach). KOLs without engagements, reach or a fee have no dot.</p>
      {plotted > 0 && <p className="muted chart-card-hint">Click a dot to see only that KOL on the leaderboard and in the content.</p>}
      {plotted === 0 ? <p className="muted chart-card-empty">No KOL in view has engagements, reach and a fee yet.</p> : <LazyPlot data={chart.data} layout={chart.layout} label={chart.label} height={300} onClick={onClick} />}
      <details className="figure-table">
        <summary>Show the figures as a table</summary>
        <div className="table-scroll" role="region" aria-label={table.caption} tabIndex={0}>
          <table>
            <caption>{table.caption}</caption>
            <thead>
              <tr>
                <th scope="col">KOL</th>
                {table.columns.map((c) => (
                  <th scope="col" key={c.header}>
                    {c.header}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Show only</span>
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
                    <button type="button" className="figure-filter-by" aria-label={`Show only ${k.name}`} onClick={() => onPick(k.kolId)}>
                      <i className="pi pi-filter" aria-hidden="true" /> Show only
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

function ContentTable({ posts, campaign, narrowed }: { posts: readonly KolPostRow[]; campaign: string; narrowed: boolean }) {
  return (
    <section className="kol-section" aria-labelledby="kol-content-title">
      <div className="chart-card-head">
        <h2 id="kol-content-title">Content</h2>
        <ExportButtons title="the content table" onCsv={() => exportRows(posts, POSTS_CSV_COLUMNS, `KOL content ${campaign}`)} disabled={posts.length === 0} />
      </div>
      <p className="muted kol-hint" role="status">
        {posts.length === 0
          ? narrowed
            ? "No post by the KOLs shown."
            : "No post yet: import the tracking sheet the agency sends."
          : `${formatCount(posts.length)} ${posts.length === 1 ? "post" : "posts"}${narrowed ? " by the KOLs shown" : ""}, newest first. A link opens the post in a new tab.`}
      </p>
      {posts.length > 0 && (
        <div className="table-scroll kol-table kol-content" role="region" aria-label="Content table" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Posts of {campaign}</caption>
            <thead>
              <tr>
                <th scope="col" className="kol-name-col">KOL</th>
                <th scope="col" className="kol-left">Published</th>
                <th scope="col" className="kol-left">Post</th>
                <th scope="col">Views</th>
                <th scope="col">Reach</th>
                <th scope="col">Likes</th>
                <th scope="col">Comments</th>
                <th scope="col">Shares</th>
                <th scope="col">Saves</th>
                <th scope="col">Eng. rate</th>
                <th scope="col">Sales</th>
                <th scope="col">EMV</th>
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
                    <td className="kol-left">{post.day}</td>
                    <td className="kol-left">
                      {href === null ? (
                        <span className="muted" title={post.permalink}>
                          no https link
                        </span>
                      ) : (
                        <a href={href} target="_blank" rel="noopener noreferrer" className="kol-link" aria-label={`Open the ${platformLabel(post.platform)} post of ${post.kolName} of ${post.day} (new tab)`}>
                          Open <i className="pi pi-external-link" aria-hidden="true" />
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
}

function BookingsTable({ detail, actions }: { detail: KolCampaignDetail; actions: KolActions }) {
  const bookings = detail.bookings;
  const name = detail.campaign.name;
  return (
    <section className="kol-section" aria-labelledby="kol-bookings-title">
      <div className="chart-card-head">
        <h2 id="kol-bookings-title">Bookings</h2>
        <div className="kol-head-actions">
          <ActionButton icon="pi-plus" label="Add booking" onClick={actions.onAddBooking} />
          <ExportButtons title="the bookings table" onCsv={() => exportRows(bookings, BOOKINGS_CSV_COLUMNS, `KOL bookings ${name}`)} disabled={bookings.length === 0} />
        </div>
      </div>
      {bookings.length === 0 ? (
        <p className="muted">No booking yet: add one, or import the tracking sheet (it books the KOLs it names).</p>
      ) : (
        <div className="table-scroll kol-table" role="region" aria-label="Bookings table" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Bookings of {name}</caption>
            <thead>
              <tr>
                <th scope="col" className="kol-name-col">KOL</th>
                <th scope="col" className="kol-left">Deliverables</th>
                <th scope="col">Fee</th>
                <th scope="col" className="kol-left">Status</th>
                <th scope="col">Posts</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
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
                    <button type="button" className={`${BUTTON} p-button-text`} aria-label={`Edit the booking of ${b.kolName}`} onClick={() => actions.onEditBooking(b)}>
                      <i className="pi pi-pencil" aria-hidden="true" /> Edit
                    </button>
                    <button type="button" className={`${BUTTON} p-button-text p-button-danger`} aria-label={`Delete the booking of ${b.kolName}`} onClick={() => actions.onDeleteBooking(b)}>
                      <i className="pi pi-trash" aria-hidden="true" /> Delete
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
}

function CampaignHeader({ detail, linkTo, actions }: { detail: KolCampaignDetail; linkTo: KolViewProps["linkTo"]; actions: KolActions }) {
  const c = detail.campaign;
  return (
    <header className="kol-header kol-campaign-header">
      <div className="kol-title">
        <Link to="/campaign" search={linkTo(null) as never} className="kol-back">
          <i className="pi pi-arrow-left" aria-hidden="true" /> All campaigns
        </Link>
        <h1 id="page-title">{c.name}</h1>
        <p className="muted kol-meta">
          <span className={`kol-status kol-status-${c.status}`}>{campaignStatusLabel(c)}</span> · {spanText(c.start, c.end)} · {objectiveLabel(c)} · budget {money(c.budget)}
        </p>
      </div>
      <div className="kol-actions" role="group" aria-label="Campaign actions">
        <ActionButton icon="pi-pencil" label="Edit campaign" onClick={actions.onEditCampaign} />
        <ActionButton icon="pi-upload" label="Import tracking sheet" onClick={actions.onImport} />
        <ActionButton icon="pi-sliders-h" label="EMV values" onClick={actions.onEmv} />
        <button type="button" className={`${BUTTON} p-button-outlined p-button-danger`} onClick={actions.onDeleteCampaign}>
          <i className="pi pi-trash" aria-hidden="true" /> Delete campaign
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
          <p className="empty-title">No bookings in this campaign yet</p>
          <p className="muted">Add a booking for each KOL, or import the tracking sheet the agency sends.</p>
          <div className="kol-empty-actions">
            <ActionButton icon="pi-plus" label="Add booking" onClick={p.actions.onAddBooking} outlined={false} />
            <ActionButton icon="pi-upload" label="Import tracking sheet" onClick={p.actions.onImport} />
          </div>
        </div>
      ) : (
        <>
          <section className="kol-section" aria-labelledby="kol-leaderboard-title">
            <div className="chart-card-head">
              <h2 id="kol-leaderboard-title">KOL leaderboard</h2>
              <ExportButtons title="the KOL leaderboard" onCsv={() => exportRows(p.leaderboard, LEADERBOARD_CSV_COLUMNS, `KOL leaderboard ${name}`)} disabled={p.leaderboard.length === 0} />
            </div>
            <div className="kol-filters" role="group" aria-label="Leaderboard filters">
              <TierSelect value={choices.tier} onChange={p.onTier} />
              <PlatformSelect label="Platform" value={choices.platform} onChange={p.onPlatform} />
              {picked !== null && (
                <span className="filter-chip">
                  Only {picked.name}
                  <button type="button" aria-label={`Show every KOL, not only ${picked.name}`} onClick={() => p.onPickKol(null)}>
                    <i className="pi pi-times" aria-hidden="true" />
                  </button>
                </span>
              )}
              {narrowed && (
                <button type="button" className={`${BUTTON} p-button-text`} onClick={p.onClearFilters}>
                  Show every KOL
                </button>
              )}
            </div>
            <Suspense fallback={<p className="muted">Loading the leaderboard…</p>}>
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
      <p className="muted kol-emv-note">EMV values of {p.brand}: {emvValuesText(detail.emv)}.</p>
    </>
  );
}

const noFilter = () => undefined;

// ---------------------------------------------------------------------------------------------
// The page

function Loading({ what }: { what: string }) {
  return (
    <div className="kol-loading">
      <progress aria-label={`Loading ${what}`} />
      <span aria-hidden="true">Loading {what}…</span>
    </div>
  );
}

function hasNothing(o: KolOverview): boolean {
  return o.campaigns.length === 0 && o.totals.posts === 0 && o.totals.cost === 0;
}

export function KolView(p: KolViewProps) {
  const failure = p.phase.kind === "failed" ? p.phase.error : null;
  const updating = p.phase.kind === "loading" && (p.overview !== null || p.detail !== null) && (
    <p className="muted kol-updating" role="status">
      Updating the figures…
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
                  <i className="pi pi-arrow-left" aria-hidden="true" /> All campaigns
                </Link>
                <h1 id="page-title">KOL Campaign</h1>
              </div>
            </header>
            {failure !== null ? <LoadFailure title="The campaign could not be loaded." error={failure} onRetry={p.onRetry} /> : <Loading what="the campaign" />}
          </>
        ) : (
          <>
            <CampaignHeader detail={d} linkTo={p.linkTo} actions={p.actions} />
            <div aria-busy={p.phase.kind === "loading"} className="kol-body">
              {failure !== null && <LoadFailure title="The campaign could not be loaded." error={failure} onRetry={p.onRetry} />}
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
  if (o === null) {
    body = failure !== null ? <LoadFailure title="The KOL figures could not be loaded." error={failure} onRetry={p.onRetry} /> : <Loading what="the KOL figures" />;
  } else {
    body = (
      <div aria-busy={p.phase.kind === "loading"} className="kol-body">
        {failure !== null && <LoadFailure title="The KOL figures could not be loaded." error={failure} onRetry={p.onRetry} />}
        {updating}
        {hasNothing(o) ? (
          <div className="empty-state" role="status">
            <i className="pi pi-users" aria-hidden="true" />
            <p className="empty-title">{NO_CAMPAIGNS}</p>
            <p className="muted">No campaign overlaps {p.start} to {p.end}{p.choices.platform === null ? "" : ` on ${platformLabel(p.choices.platform)}`}. Try another date range, or create a campaign.</p>
            <div className="kol-empty-actions">
              <ActionButton icon="pi-plus" label="New campaign" onClick={p.actions.onNewCampaign} outlined={false} />
            </div>
          </div>
        ) : (
          <OverviewBody {...p} overview={o} />
        )}
      </div>
    );
  }
  return (
    <section className="page kol-page" aria-labelledby="page-title">
      <header className="kol-header">
        <div className="kol-title">
          <h1 id="page-title">KOL Campaign</h1>
          <p className="muted kol-meta">
            {p.brand} · {p.start} to {p.end} · Bangkok days · money in THB
          </p>
        </div>
        <div className="kol-actions" role="group" aria-label="KOL actions">
          <ActionButton icon="pi-plus" label="New campaign" onClick={p.actions.onNewCampaign} outlined={false} />
          <ActionButton icon="pi-sliders-h" label="EMV values" onClick={p.actions.onEmv} />
        </div>
      </header>
      <div className="kol-filters kol-scope" role="group" aria-label="Platform filter">
        <PlatformSelect label="Platform" value={p.choices.platform} onChange={p.onPlatform} />
        {p.choices.platform !== null && <span className="muted">Every figure counts only the KOLs on {platformLabel(p.choices.platform)}.</span>}
      </div>
      {body}
    </section>
  );
}

