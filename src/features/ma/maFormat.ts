/**
 * How the MA page's figures read (issue 14): the key figures with their definitions
 * (docs/social.md), and every chart as Plotly traces with its words (accessible name) and its
 * figures as a table (shown under the chart, exported as CSV). Plain functions of the server's
 * `SocialFigures`; only types come from plotly.js.
 */
import type { Data, Layout } from "plotly.js";
import type { Polarity } from "../../../domain/periodChange";
import { POST_TYPE_LABELS, WEEKDAYS, type SocialFigures, type SocialPoint, type SocialTotals } from "../../../domain/social";
import { pageClick, slotClick, slotLabel, typeClick } from "../../../domain/socialFilter";
import { BASE_LAYOUT as SHARED_LAYOUT, COUNT_AXIS as countAxis, GRID_COLOUR } from "@/components/charts/chartLayout";
import type { ChartCard, FigureColumn, FigureRow, FigureTable } from "@/components/charts/chartCard";
import { formatCount, formatFraction } from "@/components/format/numbers";
import { PER_UNIT, formatPeriod } from "@/components/format/periods";

export const COLOURS = {
  brand: "#e85d0c",
  slate: "#2f5f8a",
  follows: "#2e7d32",
  unfollows: "#c62828",
  muted: "#8a94a6",
} as const;

type Granularity = SocialFigures["granularity"];


/** A signed count: "+1,204", "-37", "0". */
export const formatSigned = (n: number): string => (n > 0 ? `+${formatCount(n)}` : formatCount(n));
const rate = (n: number) => formatFraction(n);
const count = (n: number) => formatCount(n);

// ---------------------------------------------------------------------------------------------
// Key figures

export interface KeyFigure {
  readonly label: string;
  readonly value: (t: SocialTotals) => number | null;
  readonly format: (n: number) => string;
  readonly polarity: Polarity;
  readonly definition: string;
  /** Why there is no value, when there is none. */
  readonly missing: string;
}

/** The key figures of the page, audience first, then reach, engagement and content. */
export const MA_FIGURES: readonly KeyFigure[] = [
  { label: "Followers", value: (t) => t.followers, format: count, polarity: "higher-is-better", missing: "no follower count",
    definition: "Followers of the pages in view at the end of the range (each page's last known total)." },
  { label: "Net followers", value: (t) => t.netFollowers, format: formatSigned, polarity: "higher-is-better", missing: "no follower figures",
    definition: "New follows − unfollows in the range." },
  { label: "New follows", value: (t) => t.follows, format: count, polarity: "higher-is-better", missing: "no follower figures",
    definition: "People who started following the pages in the range." },
  { label: "Unfollows", value: (t) => t.unfollows, format: count, polarity: "lower-is-better", missing: "no follower figures",
    definition: "People who stopped following the pages in the range: fewer is better." },
  { label: "Page reach", value: (t) => t.pageReach, format: count, polarity: "higher-is-better", missing: "no page reach",
    definition: "The pages' own reach: each day's unique people reached, summed over the days." },
  { label: "Post reach", value: (t) => t.reach, format: count, polarity: "higher-is-better", missing: "no posts",
    definition: "Reach of the posts published in the range, summed: a person reached by two posts counts twice." },
  { label: "Impressions", value: (t) => t.impressions, format: count, polarity: "higher-is-better", missing: "no posts",
    definition: "Times those posts were on screen, repeats included." },
  { label: "Engagements", value: (t) => t.engagements, format: count, polarity: "higher-is-better", missing: "no posts",
    definition: "Reactions + comments + shares of those posts, + saves where given (TikTok)." },
  { label: "Engagement rate (by reach)", value: (t) => t.engagementRate, format: rate, polarity: "higher-is-better", missing: "no reach",
    definition: "Engagements ÷ post reach, over all the posts together (not an average of the posts' rates)." },
  { label: "Video views", value: (t) => t.videoViews, format: count, polarity: "higher-is-better", missing: "no videos",
    definition: "3-second views (Facebook) and plays (TikTok) of videos, reels and lives." },
  { label: "Posts", value: (t) => t.posts, format: count, polarity: "neutral", missing: "no posts",
    definition: "Posts published in the range on the pages in view." },
  { label: "Page views", value: (t) => t.pageViews, format: count, polarity: "higher-is-better", missing: "no page views",
    definition: "Visits to the pages' profiles in the range." },
];

/** The key figures as a table (CSV): this range and the previous one. */
export function keyFiguresTable(f: SocialFigures): FigureTable {
  return {
    caption: `Key figures, ${f.range.start} to ${f.range.end}, against ${f.previous.start} to ${f.previous.end}`,
    rowHeader: "Figure",
    columns: [
      { header: `${f.range.start} to ${f.range.end}`, format: count },
      { header: `${f.previous.start} to ${f.previous.end}`, format: count },
    ],
    rows: MA_FIGURES.map((k) => ({ label: k.label, values: [k.value(f.totals), k.value(f.previousTotals)], click: null })),
  };
}

// ---------------------------------------------------------------------------------------------
// Charts

const BASE_LAYOUT: Partial<Layout> = { ...SHARED_LAYOUT, margin: { l: 64, r: 16, t: 16, b: 48 } };
const rateAxis = { rangemode: "tozero" as const, gridcolor: GRID_COLOUR, automargin: true, tickformat: ".1%" };
const indices = (n: number) => Array.from({ length: n }, (_, i) => i);

function dateAxis(granularity: Granularity): Partial<Layout["xaxis"]> {
  return { type: "date", tickformat: granularity === "month" ? "%b %Y" : "%d %b", automargin: true, gridcolor: GRID_COLOUR };
}

const rangeWords = (f: SocialFigures) => `${f.range.start} to ${f.range.end}`;

function seriesRows(f: SocialFigures, values: (p: SocialPoint) => (number | null)[]): FigureRow[] {
  return f.series.map((p) => ({ label: formatPeriod(p.start, f.granularity), values: values(p), click: null }));
}

export function followersCard(f: SocialFigures): ChartCard {
  const x = f.series.map((p) => p.start);
  const per = PER_UNIT[f.granularity];
  const last = f.totals.followers;
  return {
    id: "followers-over-time",
    title: "Followers over time",
    note: "Bars: new follows (up) and unfollows (down) of each period; line: followers at its end (right axis).",
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: "New follows", x, y: f.series.map((p) => p.follows), marker: { color: COLOURS.follows }, hovertemplate: "New follows %{y:,}<extra></extra>" },
        { type: "bar", name: "Unfollows", x, y: f.series.map((p) => -p.unfollows), marker: { color: COLOURS.unfollows }, customdata: f.series.map((p) => p.unfollows), hovertemplate: "Unfollows %{customdata:,}<extra></extra>" },
        { type: "scatter", mode: "lines", name: "Followers", x, y: f.series.map((p) => p.followers), yaxis: "y2", line: { color: COLOURS.slate, width: 2 }, hovertemplate: "Followers %{y:,}<extra></extra>" },
      ],
      layout: {
        ...BASE_LAYOUT,
        barmode: "relative",
        xaxis: dateAxis(f.granularity),
        yaxis: { gridcolor: GRID_COLOUR, automargin: true, separatethousands: true, zeroline: true, zerolinecolor: COLOURS.muted },
        // Followers move by a fraction of a percent a day: four significant figures ("1.864M").
        yaxis2: { overlaying: "y", side: "right", automargin: true, tickformat: ".4~s", showgrid: false },
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: `Followers ${per}, ${rangeWords(f)}: ${formatCount(f.totals.follows)} new follows and ${formatCount(f.totals.unfollows)} unfollows, net ${formatSigned(f.totals.netFollowers)}${last === null ? "" : `; ${formatCount(last)} followers at the end`}.`,
    },
    table: {
      caption: `Followers ${per}, ${rangeWords(f)}`,
      rowHeader: "Period",
      columns: [
        { header: "Followers at the end", format: count },
        { header: "New follows", format: count },
        { header: "Unfollows", format: count },
        { header: "Net change", format: formatSigned },
      ],
      rows: seriesRows(f, (p) => [p.followers, p.follows, p.unfollows, p.netFollowers]),
    },
  };
}

export function reachCard(f: SocialFigures): ChartCard {
  const x = f.series.map((p) => p.start);
  const per = PER_UNIT[f.granularity];
  return {
    id: "reach-and-impressions",
    title: "Reach and impressions",
    note: "Page reach: the pages' unique people per day, summed. Post reach and impressions: of the posts published in each period.",
    clickable: false,
    chart: {
      data: [
        { type: "scatter", mode: "lines", name: "Page reach", x, y: f.series.map((p) => p.pageReach), line: { color: COLOURS.slate, width: 2 }, hovertemplate: "Page reach %{y:,}<extra></extra>" },
        { type: "scatter", mode: "lines", name: "Post reach", x, y: f.series.map((p) => p.reach), line: { color: COLOURS.brand, width: 2 }, hovertemplate: "Post reach %{y:,}<extra></extra>" },
        { type: "scatter", mode: "lines", name: "Impressions", x, y: f.series.map((p) => p.impressions), line: { color: COLOURS.muted, dash: "dot" }, hovertemplate: "Impressions %{y:,}<extra></extra>" },
      ],
      layout: { ...BASE_LAYOUT, xaxis: dateAxis(f.granularity), yaxis: countAxis, showlegend: true },
      label: `Reach and impressions ${per}, ${rangeWords(f)}: page reach ${formatCount(f.totals.pageReach)}, post reach ${formatCount(f.totals.reach)}, impressions ${formatCount(f.totals.impressions)}.`,
    },
    table: {
      caption: `Reach and impressions ${per}, ${rangeWords(f)}`,
      rowHeader: "Period",
      columns: [
        { header: "Page reach", format: count },
        { header: "Post reach", format: count },
        { header: "Impressions", format: count },
      ],
      rows: seriesRows(f, (p) => [p.pageReach, p.reach, p.impressions]),
    },
  };
}

export function engagementCard(f: SocialFigures): ChartCard {
  const x = f.series.map((p) => p.start);
  const per = PER_UNIT[f.granularity];
  const total = f.totals.engagementRate;
  return {
    id: "engagement-over-time",
    title: "Engagement over time",
    note: "Bars: engagements of the posts published in each period; line: their engagement rate by reach (right axis).",
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: "Engagements", x, y: f.series.map((p) => p.engagements), marker: { color: COLOURS.brand }, hovertemplate: "Engagements %{y:,}<extra></extra>" },
        { type: "scatter", mode: "lines+markers", name: "Engagement rate", x, y: f.series.map((p) => p.engagementRate), yaxis: "y2", line: { color: COLOURS.slate, width: 2 }, marker: { size: 4 }, hovertemplate: "Engagement rate %{y:.2%}<extra></extra>" },
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: dateAxis(f.granularity),
        yaxis: countAxis,
        yaxis2: { ...rateAxis, overlaying: "y", side: "right", showgrid: false },
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: `Engagements ${per}, ${rangeWords(f)}: ${formatCount(f.totals.engagements)} in total, engagement rate ${total === null ? "not measured (no reach)" : rate(total)}.`,
    },
    table: {
      caption: `Engagement ${per}, ${rangeWords(f)}`,
      rowHeader: "Period",
      columns: [
        { header: "Posts", format: count },
        { header: "Engagements", format: count },
        { header: "Engagement rate", format: rate },
        { header: "Video views", format: count },
      ],
      rows: seriesRows(f, (p) => [p.posts, p.engagements, p.engagementRate, p.videoViews]),
    },
  };
}

export function typesCard(f: SocialFigures): ChartCard {
  const types = [...f.types].sort((a, b) => (b.engagementRate ?? -1) - (a.engagementRate ?? -1));
  const rows: FigureRow[] = types.map((t) => ({
    label: POST_TYPE_LABELS[t.type],
    values: [t.engagementRate, t.posts, t.reach, t.engagements, t.videoViews],
    click: typeClick(t.type),
  }));
  const best = types[0];
  return {
    id: "content-by-post-type",
    title: "Content by post type",
    note: "Engagement rate by reach of each type's posts (ratio of the sums).",
    hint: "Click a bar to filter every post figure by its type.",
    clickable: true,
    chart: {
      data: [
        {
          type: "bar",
          name: "Engagement rate",
          x: rows.map((r) => r.label),
          y: types.map((t) => t.engagementRate ?? 0),
          customdata: indices(rows.length),
          marker: { color: COLOURS.brand },
          hovertemplate: "%{x}: %{y:.2%}<extra></extra>",
        },
      ],
      layout: { ...BASE_LAYOUT, xaxis: { automargin: true, type: "category" }, yaxis: rateAxis, showlegend: false },
      label:
        best === undefined
          ? `No posts in ${rangeWords(f)}.`
          : `Engagement rate by post type, ${rangeWords(f)}: ${types.map((t) => `${POST_TYPE_LABELS[t.type]} ${t.engagementRate === null ? "not measured" : rate(t.engagementRate)}`).join(", ")}.`,
    },
    table: {
      caption: `Posts by type, ${rangeWords(f)}`,
      rowHeader: "Post type",
      columns: [
        { header: "Engagement rate", format: rate },
        { header: "Posts", format: count },
        { header: "Post reach", format: count },
        { header: "Engagements", format: count },
        { header: "Video views", format: count },
      ],
      rows,
    },
  };
}

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

export function heatmapCard(f: SocialFigures): ChartCard {
  const withPosts = f.heatmap.filter((c) => c.posts > 0);
  const rows: FigureRow[] = withPosts.map((c) => ({
    label: slotLabel(c),
    values: [c.engagementRate, c.posts, c.reach, c.engagements],
    click: slotClick(c),
  }));
  const rowOf = new Map(withPosts.map((c, i) => [c.weekday * 24 + c.hour, i]));
  const z = WEEKDAYS.map((_, d) => HOURS.map((_, h) => f.heatmap.find((c) => c.weekday === d && c.hour === h)?.engagementRate ?? null));
  const posts = WEEKDAYS.map((_, d) => HOURS.map((_, h) => f.heatmap.find((c) => c.weekday === d && c.hour === h)?.posts ?? 0));
  const best = [...withPosts].sort((a, b) => (b.engagementRate ?? -1) - (a.engagementRate ?? -1))[0];
  return {
    id: "best-time-to-post",
    title: "Best time to post",
    note: "Engagement rate by reach of the posts published in each weekday and hour (Bangkok time); blank: no post then.",
    hint: "Click a cell to see only the posts published then.",
    clickable: true,
    wide: true,
    height: 320,
    // A cell's click gives its hour (x) and weekday (y); a cell without posts stands for no row.
    rowOfPoint: (point) => {
      const weekday = WEEKDAYS.indexOf(point.y as (typeof WEEKDAYS)[number]);
      const hour = HOURS.indexOf(String(point.x));
      return weekday < 0 || hour < 0 ? -1 : rowOf.get(weekday * 24 + hour) ?? -1;
    },
    chart: {
      data: [
        {
          type: "heatmap",
          x: HOURS,
          y: [...WEEKDAYS],
          z,
          text: posts as unknown as string[][],
          colorscale: [[0, "#fff4ec"], [1, COLOURS.brand]],
          hoverongaps: false,
          xgap: 1,
          ygap: 1,
          colorbar: { tickformat: ".1%", thickness: 10 },
          hovertemplate: "%{y} %{x}: %{z:.2%} from %{text} posts<extra></extra>",
        } as unknown as Data,
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: { type: "category", automargin: true, dtick: 3, tickangle: 0 },
        yaxis: { type: "category", automargin: true, autorange: "reversed" },
        margin: { l: 48, r: 16, t: 16, b: 40 },
      },
      label:
        best === undefined
          ? `No posts in ${rangeWords(f)}.`
          : `Engagement rate by weekday and hour of posting (Bangkok), ${rangeWords(f)}: the best is ${slotLabel(best)} at ${best.engagementRate === null ? "—" : rate(best.engagementRate)} over ${formatCount(best.posts)} posts.`,
    },
    table: {
      caption: `Posts by weekday and hour (Bangkok), ${rangeWords(f)}`,
      rowHeader: "Posted",
      columns: [
        { header: "Engagement rate", format: rate },
        { header: "Posts", format: count },
        { header: "Post reach", format: count },
        { header: "Engagements", format: count },
      ],
      rows,
    },
  };
}

/** Every chart of the page, in reading order. */
export function maCards(f: SocialFigures): ChartCard[] {
  return [followersCard(f), reachCard(f), engagementCard(f), typesCard(f), heatmapCard(f)];
}

export const PAGE_COLUMNS: readonly FigureColumn[] = [
  { header: "Followers", format: count },
  { header: "Net followers", format: formatSigned },
  { header: "Posts", format: count },
  { header: "Post reach", format: count },
  { header: "Engagements", format: count },
  { header: "Engagement rate", format: rate },
  { header: "Video views", format: count },
];

/** The pages compared: every page in view with its audience and its posts' figures, by post reach. */
export function pagesTable(f: SocialFigures): FigureTable {
  const pages = [...f.pages].sort((a, b) => b.reach - a.reach || a.page.localeCompare(b.page));
  return {
    caption: `Pages compared, ${rangeWords(f)}`,
    rowHeader: "Page",
    columns: PAGE_COLUMNS,
    rows: pages.map((p) => ({
      label: `${p.page} (${p.channel === "tiktok" ? "TikTok" : "Facebook"})`,
      values: [p.followers, p.netFollowers, p.posts, p.reach, p.engagements, p.engagementRate, p.videoViews],
      click: pageClick(p),
    })),
  };
}
