/**
 * How the /campaign figures read (KOL Campaign, issue 16): the figure cards with their
 * definitions (docs/kol.md), the number formats (฿, %, ×, "—" for a figure without a value), the
 * charts as Plotly traces with their words and their figures as a table (series, by platform, by
 * tier, the cost-efficiency scatter, the timeline of posts), and the tables' columns and CSV.
 * Plain functions of the server's figures (every figure is computed there); only types come from
 * plotly.js.
 */
import type { Data, Layout } from "plotly.js";
import {
  EMV_ACTIONS, KOL_BOOKING_STATUS_LABELS, KOL_CAMPAIGN_STATUS_LABELS, KOL_OBJECTIVE_LABELS, KOL_PLATFORM_LABELS, KOL_PLATFORMS, KOL_TIER_LABELS,
  type EmvAction, type EmvValues, type KolCampaignDetail, type KolCampaignSummary, type KolFigures, type KolOverview, type KolPlatform, type KolPostRow, type KolRow,
} from "../../../domain/kolContract";
import type { Polarity } from "../../../domain/periodChange";
import { BASE_LAYOUT as SHARED_LAYOUT, COUNT_AXIS as countAxis, GRID_COLOUR, MONEY_AXIS as moneyAxis } from "@/components/charts/chartLayout";
import type { ChartCard, FigureColumn, FigureRow, FigureTable } from "@/components/charts/chartCard";
import type { CsvColumn } from "@/components/export/download";
import { formatCount, formatMoney, formatPercent } from "@/components/format/numbers";
import { PER_UNIT, formatPeriod } from "@/components/format/periods";

/** What stands for a figure without a value (a zero denominator, nothing tracked). */
export const NO_VALUE = "—";

export const money = (n: number): string => formatMoney(n);
export const count = (n: number): string => formatCount(n);
/** A fraction as a percentage with two decimals: 0.04567 → "4.57%". */
export const rate = (n: number): string => formatPercent(n * 100, 2);
/** ROI, a fraction that may be negative: 1.253 → "125.3%", -0.4 → "-40%". */
export const roiText = (n: number): string => formatPercent(n * 100, 1);
/** EMV per baht: 3.456 → "3.46×". */
export const times = (n: number): string => `${formatCount(n, 2)}×`;
/** A figure that may have no value: its format, or "—". */
export const orDash = (n: number | null, format: (n: number) => string): string => (n === null ? NO_VALUE : format(n));
/** Followers as people read them on a profile: 12,400 → "12.4K"; null → "—". */
export const followersText = (n: number | null): string =>
  n === null ? NO_VALUE : new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(n);

export const platformLabel = (p: KolPlatform): string => KOL_PLATFORM_LABELS[p];
export const tierLabel = (t: KolRow["tier"]): string => (t === null ? "No tier" : KOL_TIER_LABELS[t]);
/** "2025-03-01 – 2025-04-15". */
export const spanText = (start: string, end: string): string => `${start} – ${end}`;

// ---------------------------------------------------------------------------------------------
// Figure cards

export interface KolKeyFigure {
  readonly key: keyof KolFigures;
  readonly label: string;
  readonly value: (f: KolFigures) => number | null;
  readonly format: (n: number) => string;
  /** A rise of CPV, CPE or CPM is bad news; of cost, neither. */
  readonly polarity: Polarity;
  /** The formula or definition (docs/kol.md). */
  readonly definition: string;
  /** Why there is no value, when there is none. */
  readonly missing: string;
  /** Shown only where the figures track it (sales and ROI: promo codes or tracked links; clicks). */
  readonly tracked?: (f: KolFigures) => boolean;
}

const EMV_ACTION_WORDS: Readonly<Record<EmvAction, string>> = { views: "view", likes: "like", comments: "comment", shares: "share", saves: "save", clicks: "click" };

/** The brand's EMV values in words: "฿0.10 a view, ฿1.00 a like, …". */
export const emvValuesText = (v: EmvValues): string => EMV_ACTIONS.map((a) => `${money(v[a])} a ${EMV_ACTION_WORDS[a]}`).join(", ");

/** The figure cards of the overview and of a campaign, in reading order. */
export function kolFigures(emv: EmvValues): readonly KolKeyFigure[] {
  return [
    { key: "cost", label: "Cost", value: (f) => f.cost, format: money, polarity: "neutral", missing: "no booking",
      definition: "The agreed fees of the bookings not cancelled, in baht." },
    { key: "posts", label: "Posts", value: (f) => f.posts, format: count, polarity: "higher-is-better", missing: "no post",
      definition: "Posts published by the booked KOLs (a cancelled booking's posts do not count)." },
    { key: "kols", label: "KOLs", value: (f) => f.kols, format: count, polarity: "higher-is-better", missing: "no KOL",
      definition: "KOLs with a booking that is not cancelled." },
    { key: "reach", label: "Reach", value: (f) => f.reach, format: count, polarity: "higher-is-better", missing: "no reach",
      definition: "The reach each post reports, summed: a person reached by two posts counts twice." },
    { key: "views", label: "Views", value: (f) => f.views, format: count, polarity: "higher-is-better", missing: "no views",
      definition: "The views each post reports, summed." },
    { key: "engagements", label: "Engagements", value: (f) => f.engagements, format: count, polarity: "higher-is-better", missing: "no engagements",
      definition: "Likes + comments + shares + saves." },
    { key: "engagementRate", label: "Engagement rate", value: (f) => f.engagementRate, format: rate, polarity: "higher-is-better",
      missing: "no views or reach, so no engagement rate",
      definition: "Engagements ÷ views on TikTok and YouTube posts, ÷ reach on Facebook and Instagram posts." },
    { key: "cpv", label: "CPV", value: (f) => f.cpv, format: money, polarity: "lower-is-better", missing: "no views, so no CPV",
      definition: "Cost per view: cost ÷ views. A rise is bad." },
    { key: "cpe", label: "CPE", value: (f) => f.cpe, format: money, polarity: "lower-is-better", missing: "no engagements, so no CPE",
      definition: "Cost per engagement: cost ÷ engagements. A rise is bad." },
    { key: "cpm", label: "CPM", value: (f) => f.cpm, format: money, polarity: "lower-is-better", missing: "no reach, so no CPM",
      definition: "Cost per thousand reached: cost ÷ reach × 1,000. A rise is bad." },
    { key: "clicks", label: "Clicks", value: (f) => f.clicks, format: count, polarity: "higher-is-better", missing: "no post reports clicks",
      definition: "Clicks on the posts' tracked links, where the posts report them.", tracked: (f) => f.clicks !== null },
    { key: "sales", label: "Sales", value: (f) => f.sales, format: money, polarity: "higher-is-better", missing: "no tracked sales",
      definition: "Sales through the KOLs' promo codes or tracked links, where known.", tracked: (f) => f.sales !== null },
    { key: "roi", label: "ROI", value: (f) => f.roi, format: roiText, polarity: "higher-is-better", missing: "no tracked sales, so no ROI",
      definition: "(Sales − cost of the bookings with tracked sales) ÷ that cost.", tracked: (f) => f.sales !== null },
    { key: "emv", label: "EMV", value: (f) => f.emv, format: money, polarity: "higher-is-better", missing: "no actions",
      definition: `Earned media value: each action at this brand's value (${emvValuesText(emv)}), summed.` },
    { key: "emvPerBaht", label: "EMV per baht", value: (f) => f.emvPerBaht, format: times, polarity: "higher-is-better", missing: "no cost, so no EMV per baht",
      definition: "EMV ÷ cost." },
  ];
}

/** The cards to show: a tracked figure only where this or the compared figures track it. */
export function shownFigures(emv: EmvValues, now: KolFigures, before: KolFigures | null): readonly KolKeyFigure[] {
  return kolFigures(emv).filter((k) => k.tracked === undefined || k.tracked(now) || (before !== null && k.tracked(before)));
}

/** The figures as a table (CSV): these figures and the compared ones. */
export function keyFiguresTable(figures: readonly KolKeyFigure[], now: KolFigures, nowName: string, before: KolFigures | null, beforeName: string | null): FigureTable {
  const columns: FigureColumn[] = [{ header: nowName, format: count }];
  if (before !== null && beforeName !== null) columns.push({ header: beforeName, format: count });
  return {
    caption: beforeName === null ? `KOL figures, ${nowName}` : `KOL figures, ${nowName}, against ${beforeName}`,
    rowHeader: "Figure",
    columns,
    rows: figures.map((k) => ({ label: k.label, values: before === null ? [k.value(now)] : [k.value(now), k.value(before)], click: null })),
  };
}

// ---------------------------------------------------------------------------------------------
// Charts

export const PLATFORM_COLOURS: Readonly<Record<KolPlatform, string>> = { tiktok: "#1f2328", facebook: "#1877f2", instagram: "#c13584", youtube: "#d62a1e" };
const COLOURS = { cost: "#e85d0c", views: "#2f5f8a" } as const;


const BASE_LAYOUT: Partial<Layout> = { ...SHARED_LAYOUT, margin: { l: 64, r: 16, t: 16, b: 48 } };
const indices = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The columns of a breakdown's table (series, by platform, by tier). */
const BREAKDOWN_COLUMNS: readonly FigureColumn[] = [
  { header: "Cost (฿)", format: money },
  { header: "Posts", format: count },
  { header: "Views", format: count },
  { header: "Reach", format: count },
  { header: "Engagements", format: count },
  { header: "Engagement rate", format: rate },
  { header: "CPV (฿)", format: money },
  { header: "CPE (฿)", format: money },
  { header: "CPM (฿)", format: money },
  { header: "EMV (฿)", format: money },
];
const breakdownValues = (f: KolFigures) => [f.cost, f.posts, f.views, f.reach, f.engagements, f.engagementRate, f.cpv, f.cpe, f.cpm, f.emv];

export function seriesCard(o: KolOverview, range: string): ChartCard {
  const x = o.series.map((p) => p.start);
  const per = PER_UNIT[o.unit];
  return {
    id: "kol-cost-and-views-over-time",
    title: "Cost and views over time",
    note: `Bars: cost ${per} (฿, a booking's fee on the day of its first post); line: views ${per} (right axis).`,
    clickable: false,
    wide: true,
    chart: {
      data: [
        { type: "bar", name: "Cost", x, y: o.series.map((p) => p.cost), marker: { color: COLOURS.cost }, hovertemplate: "Cost ฿%{y:,.2f}<extra></extra>" },
        { type: "scatter", mode: "lines+markers", name: "Views", x, y: o.series.map((p) => p.views), yaxis: "y2", line: { color: COLOURS.views, width: 2 }, marker: { size: 4 }, hovertemplate: "Views %{y:,}<extra></extra>" },
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: { type: "date", tickformat: o.unit === "month" ? "%b %Y" : "%d %b", automargin: true, gridcolor: GRID_COLOUR },
        yaxis: moneyAxis,
        yaxis2: { ...countAxis, overlaying: "y", side: "right", showgrid: false },
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: `KOL cost and views ${per}, ${range}: ${money(o.totals.cost)} for ${count(o.totals.views)} views, CPV ${orDash(o.totals.cpv, money)}.`,
    },
    table: {
      caption: `KOL cost and views ${per}, ${range}`,
      rowHeader: "Period",
      columns: BREAKDOWN_COLUMNS,
      rows: o.series.map((p) => ({ label: formatPeriod(p.start, o.unit), values: breakdownValues(p), click: null })),
    },
  };
}

/** By platform: a bar narrows the overview to the platform's KOLs (the URL's `kp`). */
export function platformCard(o: KolOverview, range: string): ChartCard {
  const platforms = [...o.byPlatform].sort((a, b) => b.cost - a.cost);
  const rows: FigureRow[] = platforms.map((p) => ({
    label: platformLabel(p.platform),
    values: breakdownValues(p),
    click: { field: "platforms", value: p.platform, label: platformLabel(p.platform) },
  }));
  return {
    id: "kol-by-platform",
    title: "By platform",
    note: "Cost of the KOLs on each platform in the range; the table has every figure.",
    hint: "Click a bar to see only that platform's KOLs.",
    clickable: true,
    chart: {
      data: [
        {
          type: "bar", name: "Cost", x: rows.map((r) => r.label), y: platforms.map((p) => p.cost), customdata: indices(rows.length),
          marker: { color: platforms.map((p) => PLATFORM_COLOURS[p.platform]) }, hovertemplate: "%{x}: ฿%{y:,.2f}<extra></extra>",
        },
      ],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true }, yaxis: moneyAxis, showlegend: false },
      label: `KOL cost by platform, ${range}: ${platforms.map((p) => `${platformLabel(p.platform)} ${money(p.cost)}`).join(", ") || "nothing spent"}.`,
    },
    table: { caption: `KOL figures by platform, ${range}`, rowHeader: "Platform", columns: BREAKDOWN_COLUMNS, rows },
  };
}

export function tierCard(o: KolOverview, range: string): ChartCard {
  const rows: FigureRow[] = o.byTier.map((t) => ({ label: tierLabel(t.tier), values: breakdownValues(t), click: null }));
  return {
    id: "kol-by-tier",
    title: "By tier",
    note: "Cost and CPE of the KOLs of each tier (nano < 10K followers ≤ micro < 100K ≤ macro < 1M ≤ mega).",
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: "Cost", x: rows.map((r) => r.label), y: o.byTier.map((t) => t.cost), marker: { color: COLOURS.cost }, hovertemplate: "%{x}: ฿%{y:,.2f}<extra></extra>" },
        {
          type: "scatter", mode: "lines+markers", name: "CPE", x: rows.map((r) => r.label), y: o.byTier.map((t) => t.cpe), yaxis: "y2",
          line: { color: COLOURS.views, width: 2 }, hovertemplate: "CPE ฿%{y:,.2f}<extra></extra>",
        },
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: { type: "category", automargin: true },
        yaxis: moneyAxis,
        yaxis2: { ...moneyAxis, overlaying: "y", side: "right", showgrid: false },
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: `KOL cost and CPE by tier, ${range}: ${o.byTier.map((t) => `${tierLabel(t.tier)} ${money(t.cost)}, CPE ${orDash(t.cpe, money)}`).join("; ") || "nothing spent"}.`,
    },
    table: { caption: `KOL figures by tier, ${range}`, rowHeader: "Tier", columns: BREAKDOWN_COLUMNS, rows },
  };
}

export function overviewCards(o: KolOverview, range: string): ChartCard[] {
  return [seriesCard(o, range), platformCard(o, range), tierCard(o, range)];
}

/** The scatter's table: one row per KOL in view. */
export function scatterTable(kols: readonly KolRow[], campaign: string): FigureTable {
  return {
    caption: `Cost efficiency of the KOLs, ${campaign}`,
    rowHeader: "KOL",
    columns: [
      { header: "Reach", format: count },
      { header: "CPE (฿)", format: money },
      { header: "Cost (฿)", format: money },
      { header: "Engagements", format: count },
    ],
    rows: kols.map((k) => ({ label: `${k.name} (@${k.handle})`, values: [k.reach, k.cpe, k.cost, k.engagements], click: null })),
  };
}

/** Whether a KOL has a dot on the log scales: a CPE above 0 (engagements and a fee) and some reach. */
export const onScatter = (k: KolRow): boolean => k.cpe !== null && k.cpe > 0 && k.reach > 0;

/**
 * The cost-efficiency scatter: one dot per KOL with a CPE (reach across, CPE up; low and to the
 * right is efficient), a trace per platform; a dot's customdata is its KOL id. The picked KOL is
 * ringed.
 */
export function scatterChart(kols: readonly KolRow[], picked: number | null, campaign: string): { data: Data[]; layout: Partial<Layout>; label: string } {
  const plotted = kols.filter(onScatter);
  const data: Data[] = KOL_PLATFORMS.flatMap((platform): Data[] => {
    const ks = plotted.filter((k) => k.platform === platform);
    if (ks.length === 0) return [];
    return [
      {
        type: "scatter",
        mode: "markers",
        name: platformLabel(platform),
        x: ks.map((k) => k.reach),
        y: ks.map((k) => k.cpe),
        text: ks.map((k) => k.name),
        customdata: ks.map((k) => k.kolId),
        marker: {
          color: PLATFORM_COLOURS[platform],
          size: ks.map((k) => (k.kolId === picked ? 16 : 11)),
          opacity: 0.85,
          line: { color: ks.map((k) => (k.kolId === picked ? "#ff6d1d" : "#ffffff")), width: ks.map((k) => (k.kolId === picked ? 3 : 1)) },
        },
        hovertemplate: "%{text}<br>Reach %{x:,}<br>CPE ฿%{y:,.2f}<extra>%{fullData.name}</extra>",
      },
    ];
  });
  const best = [...plotted].sort((a, b) => (a.cpe ?? 0) - (b.cpe ?? 0))[0];
  return {
    data,
    layout: {
      ...BASE_LAYOUT,
      // Reach runs from a few thousand (nano) to millions (mega), CPE from satang to tens of baht: log scales keep every dot apart.
      xaxis: { gridcolor: GRID_COLOUR, automargin: true, type: "log", dtick: 1, title: { text: "Reach (log scale)" } },
      yaxis: { gridcolor: GRID_COLOUR, automargin: true, type: "log", dtick: 1, tickprefix: "฿", title: { text: "CPE (log scale)" } },
      legend: { orientation: "h", y: -0.32 },
      margin: { l: 72, r: 16, t: 16, b: 64 },
      showlegend: true,
    },
    label:
      plotted.length === 0
        ? `Cost efficiency of the KOLs of ${campaign}: no KOL has engagements, reach and a fee yet.`
        : `CPE against reach, one dot per KOL of ${campaign}: ${count(plotted.length)} KOLs; the lowest CPE is ${best === undefined ? NO_VALUE : `${best.name}'s, ${orDash(best.cpe, money)}`}.`,
  };
}

/** The timeline of posts: published day across, views up, a trace per platform. */
export function timelineCard(posts: readonly KolPostRow[], campaign: string): ChartCard {
  const data: Data[] = KOL_PLATFORMS.flatMap((platform): Data[] => {
    const ps = posts.filter((p) => p.platform === platform);
    if (ps.length === 0) return [];
    return [
      {
        type: "scatter",
        mode: "markers",
        name: platformLabel(platform),
        x: ps.map((p) => p.day),
        y: ps.map((p) => p.views),
        text: ps.map((p) => p.kolName),
        marker: { color: PLATFORM_COLOURS[platform], size: 9, opacity: 0.8 },
        hovertemplate: "%{text}<br>%{x}<br>Views %{y:,}<extra>%{fullData.name}</extra>",
      },
    ];
  });
  const ordered = [...posts].sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.id - b.id);
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  return {
    id: "kol-timeline-of-posts",
    title: "Timeline of posts",
    note: "Each post on the day it was published (Bangkok), at its views (log scale: each step up is ten times more views).",
    clickable: false,
    wide: true,
    chart: {
      data,
      layout: {
        ...BASE_LAYOUT,
        xaxis: { type: "date", tickformat: "%d %b", automargin: true, gridcolor: GRID_COLOUR },
        // One viral post would flatten the rest on a linear axis.
        yaxis: { gridcolor: GRID_COLOUR, automargin: true, type: "log", dtick: 1, title: { text: "Views (log scale)" } },
        margin: { l: 72, r: 16, t: 16, b: 48 },
        showlegend: true,
      },
      label:
        first === undefined || last === undefined
          ? `Timeline of the posts of ${campaign}: no post yet.`
          : `Timeline of the ${count(posts.length)} posts of ${campaign}, ${first.day} to ${last.day}, views against the day published.`,
    },
    table: {
      caption: `Posts by day published, ${campaign}`,
      rowHeader: "Post",
      columns: [
        { header: "Views", format: count },
        { header: "Reach", format: count },
        { header: "Engagements", format: count },
      ],
      rows: ordered.map((p) => ({ label: `${p.day} ${p.kolName} (${platformLabel(p.platform)})`, values: [p.views, p.reach, p.engagements], click: null })),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Tables and their CSV

export const objectiveLabel = (c: Pick<KolCampaignSummary, "objective">): string => KOL_OBJECTIVE_LABELS[c.objective];
export const campaignStatusLabel = (c: Pick<KolCampaignSummary, "status">): string => KOL_CAMPAIGN_STATUS_LABELS[c.status];
export const bookingStatusLabel = (s: KolCampaignDetail["bookings"][number]["status"]): string => KOL_BOOKING_STATUS_LABELS[s];

/** Spend against budget in words: "72.4% of the budget", "over budget: 112.0%", "no budget". */
export function spentText(share: number | null): string {
  if (share === null) return "no budget set";
  const percent = formatPercent(share * 100, 1, 1);
  return share > 1 ? `${percent}, over budget` : `${percent} of the budget`;
}

export const CAMPAIGN_CSV_COLUMNS: readonly CsvColumn<KolCampaignSummary>[] = [
  { header: "Campaign", value: (c) => c.name },
  { header: "ID", value: (c) => c.id },
  { header: "Objective", value: (c) => objectiveLabel(c) },
  { header: "Status", value: (c) => campaignStatusLabel(c) },
  { header: "Start", value: (c) => c.start },
  { header: "End", value: (c) => c.end },
  { header: "Budget (THB)", value: (c) => c.budget },
  { header: "Cost (THB)", value: (c) => c.figures.cost },
  { header: "Spent of budget", value: (c) => c.spentShare },
  { header: "KOLs", value: (c) => c.figures.kols },
  { header: "Posts", value: (c) => c.figures.posts },
  { header: "Views", value: (c) => c.figures.views },
  { header: "Engagements", value: (c) => c.figures.engagements },
  { header: "CPE (THB)", value: (c) => c.figures.cpe },
  { header: "EMV (THB)", value: (c) => c.figures.emv },
];

/** The leaderboard's figure columns, by sort key; each shows "—" where the figure has no value. */
export const LEADERBOARD_COLUMNS = [
  { header: "Followers", sort: "followers", cell: (r: KolRow) => followersText(r.followers) },
  { header: "Cost", sort: "cost", cell: (r: KolRow) => money(r.cost) },
  { header: "Posts", sort: "posts", cell: (r: KolRow) => count(r.posts) },
  { header: "Reach", sort: "reach", cell: (r: KolRow) => count(r.reach) },
  { header: "Views", sort: "views", cell: (r: KolRow) => count(r.views) },
  { header: "Engagements", sort: "engagements", cell: (r: KolRow) => count(r.engagements) },
  { header: "Eng. rate", sort: "engagementRate", cell: (r: KolRow) => orDash(r.engagementRate, rate) },
  { header: "CPV", sort: "cpv", cell: (r: KolRow) => orDash(r.cpv, money) },
  { header: "CPE", sort: "cpe", cell: (r: KolRow) => orDash(r.cpe, money) },
  { header: "CPM", sort: "cpm", cell: (r: KolRow) => orDash(r.cpm, money) },
  { header: "Sales", sort: "sales", cell: (r: KolRow) => orDash(r.sales, money) },
  { header: "ROI", sort: "roi", cell: (r: KolRow) => orDash(r.roi, roiText) },
  { header: "EMV", sort: "emv", cell: (r: KolRow) => money(r.emv) },
] as const;

/** The other sorts the leaderboard offers in its "Sort by" list (figures without a column of their own). */
export const SORT_NAMES = {
  name: "Name", followers: "Followers", bookings: "Bookings", cost: "Cost", posts: "Posts", reach: "Reach", views: "Views",
  likes: "Likes", comments: "Comments", shares: "Shares", saves: "Saves", clicks: "Clicks", engagements: "Engagements",
  engagementRate: "Engagement rate", cpv: "CPV", cpe: "CPE", cpm: "CPM", sales: "Sales", roi: "ROI", emv: "EMV", emvPerBaht: "EMV per baht",
} as const;

export const LEADERBOARD_CSV_COLUMNS: readonly CsvColumn<KolRow>[] = [
  { header: "KOL", value: (r) => r.name },
  { header: "Handle", value: (r) => r.handle },
  { header: "Platform", value: (r) => platformLabel(r.platform) },
  { header: "Tier", value: (r) => (r.tier === null ? null : KOL_TIER_LABELS[r.tier]) },
  { header: "Followers", value: (r) => r.followers },
  { header: "Bookings", value: (r) => r.bookings },
  { header: "Cost (THB)", value: (r) => r.cost },
  { header: "Posts", value: (r) => r.posts },
  { header: "Reach", value: (r) => r.reach },
  { header: "Views", value: (r) => r.views },
  { header: "Likes", value: (r) => r.likes },
  { header: "Comments", value: (r) => r.comments },
  { header: "Shares", value: (r) => r.shares },
  { header: "Saves", value: (r) => r.saves },
  { header: "Clicks", value: (r) => r.clicks },
  { header: "Engagements", value: (r) => r.engagements },
  { header: "Engagement rate", value: (r) => r.engagementRate },
  { header: "CPV (THB)", value: (r) => r.cpv },
  { header: "CPE (THB)", value: (r) => r.cpe },
  { header: "CPM (THB)", value: (r) => r.cpm },
  { header: "Sales (THB)", value: (r) => r.sales },
  { header: "ROI", value: (r) => r.roi },
  { header: "EMV (THB)", value: (r) => r.emv },
  { header: "EMV per baht", value: (r) => r.emvPerBaht },
];

export const POSTS_CSV_COLUMNS: readonly CsvColumn<KolPostRow>[] = [
  { header: "KOL", value: (p) => p.kolName },
  { header: "Platform", value: (p) => platformLabel(p.platform) },
  { header: "Link", value: (p) => p.permalink },
  { header: "Published at", value: (p) => p.publishedAt },
  { header: "Day", value: (p) => p.day },
  { header: "Views", value: (p) => p.views },
  { header: "Reach", value: (p) => p.reach },
  { header: "Likes", value: (p) => p.likes },
  { header: "Comments", value: (p) => p.comments },
  { header: "Shares", value: (p) => p.shares },
  { header: "Saves", value: (p) => p.saves },
  { header: "Clicks", value: (p) => p.clicks },
  { header: "Engagements", value: (p) => p.engagements },
  { header: "Engagement rate", value: (p) => p.engagementRate },
  { header: "Sales (THB)", value: (p) => p.sales },
  { header: "EMV (THB)", value: (p) => p.emv },
];

type BookingRow = KolCampaignDetail["bookings"][number];
export const BOOKINGS_CSV_COLUMNS: readonly CsvColumn<BookingRow>[] = [
  { header: "KOL", value: (b) => b.kolName },
  { header: "Platform", value: (b) => platformLabel(b.platform) },
  { header: "Deliverables", value: (b) => b.deliverables },
  { header: "Fee (THB)", value: (b) => b.fee },
  { header: "Status", value: (b) => bookingStatusLabel(b.status) },
  { header: "Posts", value: (b) => b.posts },
];

/** Only https links are opened (the server stores what a sheet gave). */
export const safeLink = (url: string): string | null => (/^https:\/\/[^\s]+$/i.test(url) ? url : null);
