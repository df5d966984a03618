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
  EMV_ACTIONS, KOL_BOOKING_STATUSES, KOL_CAMPAIGN_STATUSES, KOL_OBJECTIVES, KOL_PLATFORM_LABELS, KOL_PLATFORMS,
  type EmvAction, type EmvValues, type KolBookingStatus, type KolCampaignDetail, type KolCampaignStatus, type KolCampaignSummary, type KolFigures, type KolObjective,
  type KolOverview, type KolPlatform, type KolPostRow, type KolRow, type KolTier,
} from "../../../domain/kolContract";
import type { Polarity } from "../../../domain/periodChange";
import { BASE_LAYOUT as SHARED_LAYOUT, COUNT_AXIS as countAxis, GRID_COLOUR, MONEY_AXIS as moneyAxis } from "@/components/charts/chartLayout";
import type { ChartCard, FigureColumn, FigureRow, FigureTable } from "@/components/charts/chartCard";
import type { CsvColumn } from "@/components/export/download";
import { dateAxis, dateHoverLabels } from "@/components/charts/dateAxis";
import { formatDay } from "@/components/format/dates";
import { formatCompact, formatCount, formatMoney, formatPercent } from "@/components/format/numbers";
import { PER_UNIT, formatPeriod } from "@/components/format/periods";
import { t, type MessageKey } from "@/i18n/i18n";

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
export const followersText = (n: number | null): string => (n === null ? NO_VALUE : formatCompact(n));

const TIER_LABEL = { nano: "kol.tier.nano", micro: "kol.tier.micro", macro: "kol.tier.macro", mega: "kol.tier.mega" } as const satisfies Record<KolTier, MessageKey>;
const OBJECTIVE_LABEL = {
  awareness: "kol.objective.awareness", engagement: "kol.objective.engagement", traffic: "kol.objective.traffic", sales: "kol.objective.sales", launch: "kol.objective.launch",
} as const satisfies Record<KolObjective, MessageKey>;
const CAMPAIGN_STATUS_LABEL = {
  planned: "kol.campaignStatus.planned", active: "kol.campaignStatus.active", completed: "kol.campaignStatus.completed", cancelled: "kol.campaignStatus.cancelled",
} as const satisfies Record<KolCampaignStatus, MessageKey>;
const BOOKING_STATUS_LABEL = {
  proposed: "kol.bookingStatus.proposed", confirmed: "kol.bookingStatus.confirmed", delivered: "kol.bookingStatus.delivered", cancelled: "kol.bookingStatus.cancelled",
} as const satisfies Record<KolBookingStatus, MessageKey>;

/** Platform names are the platforms' own (TikTok, Facebook…): not translated. */
export const platformLabel = (p: KolPlatform): string => KOL_PLATFORM_LABELS[p];
export const tierName = (tier: KolTier): string => t(TIER_LABEL[tier]);
export const tierLabel = (tier: KolRow["tier"]): string => (tier === null ? t("kol.tier.none") : tierName(tier));
export const objectiveName = (o: KolObjective): string => t(OBJECTIVE_LABEL[o]);
export const campaignStatusName = (s: KolCampaignStatus): string => t(CAMPAIGN_STATUS_LABEL[s]);
export const bookingStatusName = (s: KolBookingStatus): string => t(BOOKING_STATUS_LABEL[s]);
/** The choices of a select, each by its name in the user's language. */
const labelsOf = <V extends string>(values: readonly V[], name: (v: V) => string): Record<V, string> =>
  Object.fromEntries(values.map((v) => [v, name(v)])) as Record<V, string>;
export const objectiveLabels = (): Record<KolObjective, string> => labelsOf(KOL_OBJECTIVES, objectiveName);
export const campaignStatusLabels = (): Record<KolCampaignStatus, string> => labelsOf(KOL_CAMPAIGN_STATUSES, campaignStatusName);
export const bookingStatusLabels = (): Record<KolBookingStatus, string> => labelsOf(KOL_BOOKING_STATUSES, bookingStatusName);
/** "2025-03-01 – 2025-04-15" (in the user's calendar). */
export const spanText = (start: string, end: string): string => t("kol.span", { start: formatDay(start), end: formatDay(end) });
/** "2025-03-01 to 2025-04-15" (in the user's calendar). */
export const rangeText = (start: string, end: string): string => t("kol.range", { start: formatDay(start), end: formatDay(end) });

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

const EMV_PER_ACTION = {
  views: "kol.emvPer.view", likes: "kol.emvPer.like", comments: "kol.emvPer.comment", shares: "kol.emvPer.share", saves: "kol.emvPer.save", clicks: "kol.emvPer.click",
} as const satisfies Record<EmvAction, MessageKey>;

/** The brand's EMV values in words: "฿0.10 a view, ฿1.00 a like, …". */
export const emvValuesText = (v: EmvValues): string => EMV_ACTIONS.map((a) => t(EMV_PER_ACTION[a], { value: money(v[a]) })).join(t("kol.listSeparator"));

/** The figure cards of the overview and of a campaign, in reading order. */
export function kolFigures(emv: EmvValues): readonly KolKeyFigure[] {
  return [
    { key: "cost", label: t("kol.figure.cost"), value: (f) => f.cost, format: money, polarity: "neutral", missing: t("kol.missing.cost"),
      definition: t("kol.definition.cost") },
    { key: "posts", label: t("kol.figure.posts"), value: (f) => f.posts, format: count, polarity: "higher-is-better", missing: t("kol.missing.posts"),
      definition: t("kol.definition.posts") },
    { key: "kols", label: t("kol.figure.kols"), value: (f) => f.kols, format: count, polarity: "higher-is-better", missing: t("kol.missing.kols"),
      definition: t("kol.definition.kols") },
    { key: "reach", label: t("kol.figure.reach"), value: (f) => f.reach, format: count, polarity: "higher-is-better", missing: t("kol.missing.reach"),
      definition: t("kol.definition.reach") },
    { key: "views", label: t("kol.figure.views"), value: (f) => f.views, format: count, polarity: "higher-is-better", missing: t("kol.missing.views"),
      definition: t("kol.definition.views") },
    { key: "engagements", label: t("kol.figure.engagements"), value: (f) => f.engagements, format: count, polarity: "higher-is-better", missing: t("kol.missing.engagements"),
      definition: t("kol.definition.engagements") },
    { key: "engagementRate", label: t("kol.figure.engagementRate"), value: (f) => f.engagementRate, format: rate, polarity: "higher-is-better",
      missing: t("kol.missing.engagementRate"),
      definition: t("kol.definition.engagementRate") },
    { key: "cpv", label: t("kol.figure.cpv"), value: (f) => f.cpv, format: money, polarity: "lower-is-better", missing: t("kol.missing.cpv"),
      definition: t("kol.definition.cpv") },
    { key: "cpe", label: t("kol.figure.cpe"), value: (f) => f.cpe, format: money, polarity: "lower-is-better", missing: t("kol.missing.cpe"),
      definition: t("kol.definition.cpe") },
    { key: "cpm", label: t("kol.figure.cpm"), value: (f) => f.cpm, format: money, polarity: "lower-is-better", missing: t("kol.missing.cpm"),
      definition: t("kol.definition.cpm") },
    { key: "clicks", label: t("kol.figure.clicks"), value: (f) => f.clicks, format: count, polarity: "higher-is-better", missing: t("kol.missing.clicks"),
      definition: t("kol.definition.clicks"), tracked: (f) => f.clicks !== null },
    { key: "sales", label: t("kol.figure.sales"), value: (f) => f.sales, format: money, polarity: "higher-is-better", missing: t("kol.missing.sales"),
      definition: t("kol.definition.sales"), tracked: (f) => f.sales !== null },
    { key: "roi", label: t("kol.figure.roi"), value: (f) => f.roi, format: roiText, polarity: "higher-is-better", missing: t("kol.missing.roi"),
      definition: t("kol.definition.roi"), tracked: (f) => f.sales !== null },
    { key: "emv", label: t("kol.figure.emv"), value: (f) => f.emv, format: money, polarity: "higher-is-better", missing: t("kol.missing.emv"),
      definition: t("kol.definition.emv", { values: emvValuesText(emv) }) },
    { key: "emvPerBaht", label: t("kol.figure.emvPerBaht"), value: (f) => f.emvPerBaht, format: times, polarity: "higher-is-better", missing: t("kol.missing.emvPerBaht"),
      definition: t("kol.definition.emvPerBaht") },
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
    caption: beforeName === null ? t("kol.keyFigures.caption", { name: nowName }) : t("kol.keyFigures.captionAgainst", { name: nowName, before: beforeName }),
    rowHeader: t("kol.table.figure"),
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
const breakdownColumns = (): readonly FigureColumn[] => [
  { header: t("kol.column.costBaht"), format: money },
  { header: t("kol.figure.posts"), format: count },
  { header: t("kol.figure.views"), format: count },
  { header: t("kol.figure.reach"), format: count },
  { header: t("kol.figure.engagements"), format: count },
  { header: t("kol.figure.engagementRate"), format: rate },
  { header: t("kol.column.cpvBaht"), format: money },
  { header: t("kol.column.cpeBaht"), format: money },
  { header: t("kol.column.cpmBaht"), format: money },
  { header: t("kol.column.emvBaht"), format: money },
];
const breakdownValues = (f: KolFigures) => [f.cost, f.posts, f.views, f.reach, f.engagements, f.engagementRate, f.cpv, f.cpe, f.cpm, f.emv];

export function seriesCard(o: KolOverview, range: string): ChartCard {
  const x = o.series.map((p) => p.start);
  const hover = dateHoverLabels(x, o.unit);
  const per = PER_UNIT[o.unit];
  return {
    id: "kol-cost-and-views-over-time",
    title: t("kol.chart.series.title"),
    note: t("kol.chart.series.note", { per }),
    clickable: false,
    wide: true,
    chart: {
      data: [
        {
          type: "bar", name: t("kol.figure.cost"), x, y: o.series.map((p) => p.cost), marker: { color: COLOURS.cost }, customdata: hover,
          hovertemplate: `%{customdata}<br>${t("kol.figure.cost")} ฿%{y:,.2f}<extra></extra>`,
        },
        {
          type: "scatter", mode: "lines+markers", name: t("kol.figure.views"), x, y: o.series.map((p) => p.views), yaxis: "y2", line: { color: COLOURS.views, width: 2 }, marker: { size: 4 },
          customdata: hover, hovertemplate: `%{customdata}<br>${t("kol.figure.views")} %{y:,}<extra></extra>`,
        },
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: { ...dateAxis(x, o.unit), automargin: true, gridcolor: GRID_COLOUR },
        yaxis: moneyAxis,
        yaxis2: { ...countAxis, overlaying: "y", side: "right", showgrid: false },
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: t("kol.chart.series.label", { per, range, cost: money(o.totals.cost), views: count(o.totals.views), cpv: orDash(o.totals.cpv, money) }),
    },
    table: {
      caption: t("kol.chart.series.caption", { per, range }),
      rowHeader: t("kol.table.period"),
      columns: breakdownColumns(),
      dated: true,
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
    title: t("kol.chart.platform.title"),
    note: t("kol.chart.platform.note"),
    hint: t("kol.chart.platform.hint"),
    clickable: true,
    chart: {
      data: [
        {
          type: "bar", name: t("kol.figure.cost"), x: rows.map((r) => r.label), y: platforms.map((p) => p.cost), customdata: indices(rows.length),
          marker: { color: platforms.map((p) => PLATFORM_COLOURS[p.platform]) }, hovertemplate: "%{x}: ฿%{y:,.2f}<extra></extra>",
        },
      ],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true }, yaxis: moneyAxis, showlegend: false },
      label: t("kol.chart.platform.label", {
        range, costs: platforms.map((p) => `${platformLabel(p.platform)} ${money(p.cost)}`).join(t("kol.listSeparator")) || t("kol.chart.nothingSpent"),
      }),
    },
    table: { caption: t("kol.chart.platform.caption", { range }), rowHeader: t("kol.table.platform"), columns: breakdownColumns(), rows },
  };
}

export function tierCard(o: KolOverview, range: string): ChartCard {
  const rows: FigureRow[] = o.byTier.map((b) => ({ label: tierLabel(b.tier), values: breakdownValues(b), click: null }));
  return {
    id: "kol-by-tier",
    title: t("kol.chart.tier.title"),
    note: t("kol.chart.tier.note"),
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: t("kol.figure.cost"), x: rows.map((r) => r.label), y: o.byTier.map((b) => b.cost), marker: { color: COLOURS.cost }, hovertemplate: "%{x}: ฿%{y:,.2f}<extra></extra>" },
        {
          type: "scatter", mode: "lines+markers", name: t("kol.figure.cpe"), x: rows.map((r) => r.label), y: o.byTier.map((b) => b.cpe), yaxis: "y2",
          line: { color: COLOURS.views, width: 2 }, hovertemplate: `${t("kol.figure.cpe")} ฿%{y:,.2f}<extra></extra>`,
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
      label: t("kol.chart.tier.label", {
        range,
        costs: o.byTier.map((b) => t("kol.chart.tier.labelPart", { tier: tierLabel(b.tier), cost: money(b.cost), cpe: orDash(b.cpe, money) })).join("; ") || t("kol.chart.nothingSpent"),
      }),
    },
    table: { caption: t("kol.chart.tier.caption", { range }), rowHeader: t("kol.table.tier"), columns: breakdownColumns(), rows },
  };
}

export function overviewCards(o: KolOverview, range: string): ChartCard[] {
  return [seriesCard(o, range), platformCard(o, range), tierCard(o, range)];
}

/** The scatter's table: one row per KOL in view. */
export function scatterTable(kols: readonly KolRow[], campaign: string): FigureTable {
  return {
    caption: t("kol.scatter.caption", { campaign }),
    rowHeader: t("kol.table.kol"),
    columns: [
      { header: t("kol.figure.reach"), format: count },
      { header: t("kol.column.cpeBaht"), format: money },
      { header: t("kol.column.costBaht"), format: money },
      { header: t("kol.figure.engagements"), format: count },
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
        hovertemplate: `%{text}<br>${t("kol.figure.reach")} %{x:,}<br>${t("kol.figure.cpe")} ฿%{y:,.2f}<extra>%{fullData.name}</extra>`,
      },
    ];
  });
  const best = [...plotted].sort((a, b) => (a.cpe ?? 0) - (b.cpe ?? 0))[0];
  return {
    data,
    layout: {
      ...BASE_LAYOUT,
      // Reach runs from a few thousand (nano) to millions (mega), CPE from satang to tens of baht: log scales keep every dot apart.
      xaxis: { gridcolor: GRID_COLOUR, automargin: true, type: "log", dtick: 1, title: { text: t("kol.scatter.xTitle") } },
      yaxis: { gridcolor: GRID_COLOUR, automargin: true, type: "log", dtick: 1, tickprefix: "฿", title: { text: t("kol.scatter.yTitle") } },
      legend: { orientation: "h", y: -0.32 },
      margin: { l: 72, r: 16, t: 16, b: 64 },
      showlegend: true,
    },
    label:
      plotted.length === 0
        ? t("kol.scatter.labelEmpty", { campaign })
        : t("kol.scatter.label", {
            campaign, count: count(plotted.length),
            best: best === undefined ? NO_VALUE : t("kol.scatter.labelBest", { name: best.name, cpe: orDash(best.cpe, money) }),
          }),
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
        customdata: dateHoverLabels(ps.map((p) => p.day), "day"),
        marker: { color: PLATFORM_COLOURS[platform], size: 9, opacity: 0.8 },
        hovertemplate: `%{text}<br>%{customdata}<br>${t("kol.figure.views")} %{y:,}<extra>%{fullData.name}</extra>`,
      },
    ];
  });
  const ordered = [...posts].sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.id - b.id);
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  return {
    id: "kol-timeline-of-posts",
    title: t("kol.timeline.title"),
    note: t("kol.timeline.note"),
    clickable: false,
    wide: true,
    chart: {
      data,
      layout: {
        ...BASE_LAYOUT,
        xaxis: { ...dateAxis(ordered.map((p) => p.day), "day"), automargin: true, gridcolor: GRID_COLOUR },
        // One viral post would flatten the rest on a linear axis.
        yaxis: { gridcolor: GRID_COLOUR, automargin: true, type: "log", dtick: 1, title: { text: t("kol.timeline.yTitle") } },
        margin: { l: 72, r: 16, t: 16, b: 48 },
        showlegend: true,
      },
      label:
        first === undefined || last === undefined
          ? t("kol.timeline.labelEmpty", { campaign })
          : t("kol.timeline.label", { count: count(posts.length), campaign, range: rangeText(first.day, last.day) }),
    },
    table: {
      caption: t("kol.timeline.caption", { campaign }),
      rowHeader: t("kol.table.post"),
      columns: [
        { header: t("kol.figure.views"), format: count },
        { header: t("kol.figure.reach"), format: count },
        { header: t("kol.figure.engagements"), format: count },
      ],
      rows: ordered.map((p) => ({ label: `${formatDay(p.day)} ${p.kolName} (${platformLabel(p.platform)})`, values: [p.views, p.reach, p.engagements], click: null })),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Tables and their CSV

export const objectiveLabel = (c: Pick<KolCampaignSummary, "objective">): string => objectiveName(c.objective);
export const campaignStatusLabel = (c: Pick<KolCampaignSummary, "status">): string => campaignStatusName(c.status);
export const bookingStatusLabel = (s: KolCampaignDetail["bookings"][number]["status"]): string => bookingStatusName(s);

/** Spend against budget in words: "72.4% of the budget", "over budget: 112.0%", "no budget". */
export function spentText(share: number | null): string {
  if (share === null) return t("kol.spent.noBudget");
  const percent = formatPercent(share * 100, 1, 1);
  return share > 1 ? t("kol.spent.over", { percent }) : t("kol.spent.of", { percent });
}

/** Spend against budget, short (next to its bar): "72.4%", "112.0%, over budget". */
export function spentShort(share: number): string {
  const percent = formatPercent(share * 100, 1, 1);
  return share > 1 ? t("kol.spent.over", { percent }) : percent;
}

export const campaignCsvColumns = (): readonly CsvColumn<KolCampaignSummary>[] => [
  { header: t("kol.column.campaign"), value: (c) => c.name },
  { header: t("kol.column.id"), value: (c) => c.id },
  { header: t("kol.column.objective"), value: (c) => objectiveLabel(c) },
  { header: t("kol.column.status"), value: (c) => campaignStatusLabel(c) },
  { header: t("kol.column.start"), value: (c) => formatDay(c.start) },
  { header: t("kol.column.end"), value: (c) => formatDay(c.end) },
  { header: t("kol.csv.budget"), value: (c) => c.budget },
  { header: t("kol.csv.cost"), value: (c) => c.figures.cost },
  { header: t("kol.column.spentOfBudget"), value: (c) => c.spentShare },
  { header: t("kol.figure.kols"), value: (c) => c.figures.kols },
  { header: t("kol.figure.posts"), value: (c) => c.figures.posts },
  { header: t("kol.figure.views"), value: (c) => c.figures.views },
  { header: t("kol.figure.engagements"), value: (c) => c.figures.engagements },
  { header: t("kol.csv.cpe"), value: (c) => c.figures.cpe },
  { header: t("kol.csv.emv"), value: (c) => c.figures.emv },
];

/** The leaderboard's figure columns, by sort key; each shows "—" where the figure has no value. */
export const leaderboardColumns = () =>
  [
    { header: t("kol.figure.followers"), sort: "followers", cell: (r: KolRow) => followersText(r.followers) },
    { header: t("kol.figure.cost"), sort: "cost", cell: (r: KolRow) => money(r.cost) },
    { header: t("kol.figure.posts"), sort: "posts", cell: (r: KolRow) => count(r.posts) },
    { header: t("kol.figure.reach"), sort: "reach", cell: (r: KolRow) => count(r.reach) },
    { header: t("kol.figure.views"), sort: "views", cell: (r: KolRow) => count(r.views) },
    { header: t("kol.figure.engagements"), sort: "engagements", cell: (r: KolRow) => count(r.engagements) },
    { header: t("kol.column.engRate"), sort: "engagementRate", cell: (r: KolRow) => orDash(r.engagementRate, rate) },
    { header: t("kol.figure.cpv"), sort: "cpv", cell: (r: KolRow) => orDash(r.cpv, money) },
    { header: t("kol.figure.cpe"), sort: "cpe", cell: (r: KolRow) => orDash(r.cpe, money) },
    { header: t("kol.figure.cpm"), sort: "cpm", cell: (r: KolRow) => orDash(r.cpm, money) },
    { header: t("kol.figure.sales"), sort: "sales", cell: (r: KolRow) => orDash(r.sales, money) },
    { header: t("kol.figure.roi"), sort: "roi", cell: (r: KolRow) => orDash(r.roi, roiText) },
    { header: t("kol.figure.emv"), sort: "emv", cell: (r: KolRow) => money(r.emv) },
  ] as const;

/** The sorts the leaderboard offers in its "Sort by" list, with their names' keys. */
export const SORT_NAMES = {
  name: "kol.sort.name", followers: "kol.figure.followers", bookings: "kol.figure.bookings", cost: "kol.figure.cost", posts: "kol.figure.posts",
  reach: "kol.figure.reach", views: "kol.figure.views", likes: "kol.figure.likes", comments: "kol.figure.comments", shares: "kol.figure.shares",
  saves: "kol.figure.saves", clicks: "kol.figure.clicks", engagements: "kol.figure.engagements", engagementRate: "kol.figure.engagementRate",
  cpv: "kol.figure.cpv", cpe: "kol.figure.cpe", cpm: "kol.figure.cpm", sales: "kol.figure.sales", roi: "kol.figure.roi", emv: "kol.figure.emv",
  emvPerBaht: "kol.figure.emvPerBaht",
} as const satisfies Record<string, MessageKey>;

export const leaderboardCsvColumns = (): readonly CsvColumn<KolRow>[] => [
  { header: t("kol.table.kol"), value: (r) => r.name },
  { header: t("kol.column.handle"), value: (r) => r.handle },
  { header: t("kol.table.platform"), value: (r) => platformLabel(r.platform) },
  { header: t("kol.table.tier"), value: (r) => (r.tier === null ? null : tierName(r.tier)) },
  { header: t("kol.figure.followers"), value: (r) => r.followers },
  { header: t("kol.figure.bookings"), value: (r) => r.bookings },
  { header: t("kol.csv.cost"), value: (r) => r.cost },
  { header: t("kol.figure.posts"), value: (r) => r.posts },
  { header: t("kol.figure.reach"), value: (r) => r.reach },
  { header: t("kol.figure.views"), value: (r) => r.views },
  { header: t("kol.figure.likes"), value: (r) => r.likes },
  { header: t("kol.figure.comments"), value: (r) => r.comments },
  { header: t("kol.figure.shares"), value: (r) => r.shares },
  { header: t("kol.figure.saves"), value: (r) => r.saves },
  { header: t("kol.figure.clicks"), value: (r) => r.clicks },
  { header: t("kol.figure.engagements"), value: (r) => r.engagements },
  { header: t("kol.figure.engagementRate"), value: (r) => r.engagementRate },
  { header: t("kol.csv.cpv"), value: (r) => r.cpv },
  { header: t("kol.csv.cpe"), value: (r) => r.cpe },
  { header: t("kol.csv.cpm"), value: (r) => r.cpm },
  { header: t("kol.csv.sales"), value: (r) => r.sales },
  { header: t("kol.figure.roi"), value: (r) => r.roi },
  { header: t("kol.csv.emv"), value: (r) => r.emv },
  { header: t("kol.figure.emvPerBaht"), value: (r) => r.emvPerBaht },
];

export const postsCsvColumns = (): readonly CsvColumn<KolPostRow>[] => [
  { header: t("kol.table.kol"), value: (p) => p.kolName },
  { header: t("kol.table.platform"), value: (p) => platformLabel(p.platform) },
  { header: t("kol.column.link"), value: (p) => p.permalink },
  { header: t("kol.column.publishedAt"), value: (p) => p.publishedAt },
  { header: t("kol.column.day"), value: (p) => formatDay(p.day) },
  { header: t("kol.figure.views"), value: (p) => p.views },
  { header: t("kol.figure.reach"), value: (p) => p.reach },
  { header: t("kol.figure.likes"), value: (p) => p.likes },
  { header: t("kol.figure.comments"), value: (p) => p.comments },
  { header: t("kol.figure.shares"), value: (p) => p.shares },
  { header: t("kol.figure.saves"), value: (p) => p.saves },
  { header: t("kol.figure.clicks"), value: (p) => p.clicks },
  { header: t("kol.figure.engagements"), value: (p) => p.engagements },
  { header: t("kol.figure.engagementRate"), value: (p) => p.engagementRate },
  { header: t("kol.csv.sales"), value: (p) => p.sales },
  { header: t("kol.csv.emv"), value: (p) => p.emv },
];

type BookingRow = KolCampaignDetail["bookings"][number];
export const bookingsCsvColumns = (): readonly CsvColumn<BookingRow>[] => [
  { header: t("kol.table.kol"), value: (b) => b.kolName },
  { header: t("kol.table.platform"), value: (b) => platformLabel(b.platform) },
  { header: t("kol.column.deliverables"), value: (b) => b.deliverables },
  { header: t("kol.csv.fee"), value: (b) => b.fee },
  { header: t("kol.column.status"), value: (b) => bookingStatusLabel(b.status) },
  { header: t("kol.figure.posts"), value: (b) => b.posts },
];

/** Only https links are opened (the server stores what a sheet gave). */
export const safeLink = (url: string): string | null => (/^https:\/\/[^\s]+$/i.test(url) ? url : null);
