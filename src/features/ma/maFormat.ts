/**
 * How the MA page's figures read (issue 14): the key figures with their definitions
 * (docs/social.md), and every chart as Plotly traces with its words (accessible name) and its
 * figures as a table (shown under the chart, exported as CSV). Plain functions of the server's
 * `SocialFigures`; only types come from plotly.js.
 */
import type { Data, Layout } from "plotly.js";
import type { Polarity } from "../../../domain/periodChange";
import { WEEKDAYS, type PostSlot, type SocialFigures, type SocialPoint, type SocialTotals } from "../../../domain/social";
import { pageClick, slotClick, typeClick } from "../../../domain/socialFilter";
import { BASE_LAYOUT as SHARED_LAYOUT, COUNT_AXIS as countAxis, GRID_COLOUR } from "@/components/charts/chartLayout";
import type { ChartCard, FigureColumn, FigureRow, FigureTable } from "@/components/charts/chartCard";
import { dateAxis as localDateAxis, dateHoverLabels } from "@/components/charts/dateAxis";
import { formatDay } from "@/components/format/dates";
import { formatCount, formatFraction } from "@/components/format/numbers";
import { PER_UNIT, formatPeriod } from "@/components/format/periods";
import { postTypeName } from "@/features/ma/postText";
import { t, type MessageKey } from "@/i18n/i18n";

export const COLOURS = {
  brand: "#e85d0c",
  slate: "#2f5f8a",
  follows: "#2e7d32",
  unfollows: "#c62828",
  muted: "#8a94a6",
} as const;



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

interface KeyFigureSpec {
  readonly id: string;
  readonly labelKey: MessageKey;
  readonly value: (t: SocialTotals) => number | null;
  readonly format: (n: number) => string;
  readonly polarity: Polarity;
  readonly definitionKey: MessageKey;
  readonly missingKey: MessageKey;
}

const MA_FIGURE_SPECS: readonly KeyFigureSpec[] = [
  { id: "followers", labelKey: "ma.figure.followers.label", value: (t) => t.followers, format: count, polarity: "higher-is-better", missingKey: "ma.figure.missing.followerCount",
    definitionKey: "ma.figure.followers.definition" },
  { id: "netFollowers", labelKey: "ma.figure.netFollowers.label", value: (t) => t.netFollowers, format: formatSigned, polarity: "higher-is-better", missingKey: "ma.figure.missing.followerFigures",
    definitionKey: "ma.figure.netFollowers.definition" },
  { id: "follows", labelKey: "ma.figure.follows.label", value: (t) => t.follows, format: count, polarity: "higher-is-better", missingKey: "ma.figure.missing.followerFigures",
    definitionKey: "ma.figure.follows.definition" },
  { id: "unfollows", labelKey: "ma.figure.unfollows.label", value: (t) => t.unfollows, format: count, polarity: "lower-is-better", missingKey: "ma.figure.missing.followerFigures",
    definitionKey: "ma.figure.unfollows.definition" },
  { id: "pageReach", labelKey: "ma.figure.pageReach.label", value: (t) => t.pageReach, format: count, polarity: "higher-is-better", missingKey: "ma.figure.missing.pageReach",
    definitionKey: "ma.figure.pageReach.definition" },
  { id: "reach", labelKey: "ma.figure.reach.label", value: (t) => t.reach, format: count, polarity: "higher-is-better", missingKey: "ma.figure.missing.posts",
    definitionKey: "ma.figure.reach.definition" },
  { id: "impressions", labelKey: "ma.figure.impressions.label", value: (t) => t.impressions, format: count, polarity: "higher-is-better", missingKey: "ma.figure.missing.posts",
    definitionKey: "ma.figure.impressions.definition" },
  { id: "engagements", labelKey: "ma.figure.engagements.label", value: (t) => t.engagements, format: count, polarity: "higher-is-better", missingKey: "ma.figure.missing.posts",
    definitionKey: "ma.figure.engagements.definition" },
  { id: "engagementRate", labelKey: "ma.figure.engagementRate.label", value: (t) => t.engagementRate, format: rate, polarity: "higher-is-better", missingKey: "ma.figure.missing.reach",
    definitionKey: "ma.figure.engagementRate.definition" },
  { id: "videoViews", labelKey: "ma.figure.videoViews.label", value: (t) => t.videoViews, format: count, polarity: "higher-is-better", missingKey: "ma.figure.missing.videos",
    definitionKey: "ma.figure.videoViews.definition" },
  { id: "posts", labelKey: "ma.figure.posts.label", value: (t) => t.posts, format: count, polarity: "neutral", missingKey: "ma.figure.missing.posts",
    definitionKey: "ma.figure.posts.definition" },
  { id: "pageViews", labelKey: "ma.figure.pageViews.label", value: (t) => t.pageViews, format: count, polarity: "higher-is-better", missingKey: "ma.figure.missing.pageViews",
    definitionKey: "ma.figure.pageViews.definition" },
];

/** The key figures of the page, audience first, then reach, engagement and content, in the active language. */
export function maFigures(): KeyFigure[] {
  return MA_FIGURE_SPECS.map(({ labelKey, definitionKey, missingKey, value, format, polarity }) => ({
    label: t(labelKey), definition: t(definitionKey), missing: t(missingKey), value, format, polarity,
  }));
}

/** The key figures as a table (CSV): this range and the previous one. */
export function keyFiguresTable(f: SocialFigures): FigureTable {
  const range = rangeWords(f);
  const previous = t("ma.range", { start: formatDay(f.previous.start), end: formatDay(f.previous.end) });
  return {
    caption: t("ma.keyFigures.caption", { range, previous }),
    rowHeader: t("ma.keyFigures.figure"),
    columns: [
      { header: range, format: count },
      { header: previous, format: count },
    ],
    rows: maFigures().map((k) => ({ label: k.label, values: [k.value(f.totals), k.value(f.previousTotals)], click: null })),
  };
}

// ---------------------------------------------------------------------------------------------
// Charts

const BASE_LAYOUT: Partial<Layout> = { ...SHARED_LAYOUT, margin: { l: 64, r: 16, t: 16, b: 48 } };
const rateAxis = { rangemode: "tozero" as const, gridcolor: GRID_COLOUR, automargin: true, tickformat: ".1%" };
const indices = (n: number) => Array.from({ length: n }, (_, i) => i);

function dateAxis(f: SocialFigures): Partial<Layout["xaxis"]> {
  return { ...localDateAxis(f.series.map((p) => p.start), f.granularity), gridcolor: GRID_COLOUR };
}

/** The hover of a series point: its period, then `text` (Plotly's own placeholders kept). */
const hover = (text: string) => `%{customdata[0]}<br>${text}<extra></extra>`;
/** Each point's period, as `customdata[0]` (and its own value as `customdata[1]`). */
const hoverData = (f: SocialFigures, values?: readonly (number | null)[]) => {
  const labels = dateHoverLabels(f.series.map((p) => p.start), f.granularity);
  return labels.map((label, i) => (values === undefined ? [label] : [label, values[i] ?? null]));
};

const rangeWords = (f: SocialFigures) => t("ma.range", { start: formatDay(f.range.start), end: formatDay(f.range.end) });

function seriesRows(f: SocialFigures, values: (p: SocialPoint) => (number | null)[]): FigureRow[] {
  return f.series.map((p) => ({ label: formatPeriod(p.start, f.granularity), values: values(p), click: null }));
}

export function followersCard(f: SocialFigures): ChartCard {
  const x = f.series.map((p) => p.start);
  const per = PER_UNIT[f.granularity];
  const last = f.totals.followers;
  return {
    id: "followers-over-time",
    title: t("ma.followers.title"),
    note: t("ma.followers.note"),
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: t("ma.followers.newFollows"), x, y: f.series.map((p) => p.follows), marker: { color: COLOURS.follows }, customdata: hoverData(f), hovertemplate: hover(`${t("ma.followers.newFollows")} %{y:,}`) },
        { type: "bar", name: t("ma.followers.unfollows"), x, y: f.series.map((p) => -p.unfollows), marker: { color: COLOURS.unfollows }, customdata: hoverData(f, f.series.map((p) => p.unfollows)), hovertemplate: hover(`${t("ma.followers.unfollows")} %{customdata[1]:,}`) },
        { type: "scatter", mode: "lines", name: t("ma.followers.followers"), x, y: f.series.map((p) => p.followers), yaxis: "y2", line: { color: COLOURS.slate, width: 2 }, customdata: hoverData(f), hovertemplate: hover(`${t("ma.followers.followers")} %{y:,}`) },
      ] as Data[],
      layout: {
        ...BASE_LAYOUT,
        barmode: "relative",
        xaxis: dateAxis(f),
        yaxis: { gridcolor: GRID_COLOUR, automargin: true, separatethousands: true, zeroline: true, zerolinecolor: COLOURS.muted },
        // Followers move by a fraction of a percent a day: four significant figures ("1.864M").
        yaxis2: { overlaying: "y", side: "right", automargin: true, tickformat: ".4~s", showgrid: false },
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: t(last === null ? "ma.followers.label" : "ma.followers.labelWithTotal", {
        per, range: rangeWords(f), follows: formatCount(f.totals.follows), unfollows: formatCount(f.totals.unfollows),
        net: formatSigned(f.totals.netFollowers), followers: last === null ? "" : formatCount(last),
      }),
    },
    table: {
      caption: t("ma.followers.caption", { per, range: rangeWords(f) }),
      rowHeader: t("ma.table.period"),
      columns: [
        { header: t("ma.followers.atEnd"), format: count },
        { header: t("ma.followers.newFollows"), format: count },
        { header: t("ma.followers.unfollows"), format: count },
        { header: t("ma.followers.netChange"), format: formatSigned },
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
    title: t("ma.reach.title"),
    note: t("ma.reach.note"),
    clickable: false,
    chart: {
      data: [
        { type: "scatter", mode: "lines", name: t("ma.reach.pageReach"), x, y: f.series.map((p) => p.pageReach), line: { color: COLOURS.slate, width: 2 }, customdata: hoverData(f), hovertemplate: hover(`${t("ma.reach.pageReach")} %{y:,}`) },
        { type: "scatter", mode: "lines", name: t("ma.reach.postReach"), x, y: f.series.map((p) => p.reach), line: { color: COLOURS.brand, width: 2 }, customdata: hoverData(f), hovertemplate: hover(`${t("ma.reach.postReach")} %{y:,}`) },
        { type: "scatter", mode: "lines", name: t("ma.reach.impressions"), x, y: f.series.map((p) => p.impressions), line: { color: COLOURS.muted, dash: "dot" }, customdata: hoverData(f), hovertemplate: hover(`${t("ma.reach.impressions")} %{y:,}`) },
      ] as Data[],
      layout: { ...BASE_LAYOUT, xaxis: dateAxis(f), yaxis: countAxis, showlegend: true },
      label: t("ma.reach.label", {
        per, range: rangeWords(f), pageReach: formatCount(f.totals.pageReach), postReach: formatCount(f.totals.reach), impressions: formatCount(f.totals.impressions),
      }),
    },
    table: {
      caption: t("ma.reach.caption", { per, range: rangeWords(f) }),
      rowHeader: t("ma.table.period"),
      columns: [
        { header: t("ma.reach.pageReach"), format: count },
        { header: t("ma.reach.postReach"), format: count },
        { header: t("ma.reach.impressions"), format: count },
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
    title: t("ma.engagement.title"),
    note: t("ma.engagement.note"),
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: t("ma.engagement.engagements"), x, y: f.series.map((p) => p.engagements), marker: { color: COLOURS.brand }, customdata: hoverData(f), hovertemplate: hover(`${t("ma.engagement.engagements")} %{y:,}`) },
        { type: "scatter", mode: "lines+markers", name: t("ma.engagement.rate"), x, y: f.series.map((p) => p.engagementRate), yaxis: "y2", line: { color: COLOURS.slate, width: 2 }, marker: { size: 4 }, customdata: hoverData(f), hovertemplate: hover(`${t("ma.engagement.rate")} %{y:.2%}`) },
      ] as Data[],
      layout: {
        ...BASE_LAYOUT,
        xaxis: dateAxis(f),
        yaxis: countAxis,
        yaxis2: { ...rateAxis, overlaying: "y", side: "right", showgrid: false },
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: t("ma.engagement.label", {
        per, range: rangeWords(f), engagements: formatCount(f.totals.engagements), rate: total === null ? t("ma.engagement.rateNotMeasured") : rate(total),
      }),
    },
    table: {
      caption: t("ma.engagement.caption", { per, range: rangeWords(f) }),
      rowHeader: t("ma.table.period"),
      columns: [
        { header: t("ma.table.posts"), format: count },
        { header: t("ma.engagement.engagements"), format: count },
        { header: t("ma.engagement.rate"), format: rate },
        { header: t("ma.table.videoViews"), format: count },
      ],
      rows: seriesRows(f, (p) => [p.posts, p.engagements, p.engagementRate, p.videoViews]),
    },
  };
}

export function typesCard(f: SocialFigures): ChartCard {
  const types = [...f.types].sort((a, b) => (b.engagementRate ?? -1) - (a.engagementRate ?? -1));
  const rows: FigureRow[] = types.map((type) => ({
    label: postTypeName(type.type),
    values: [type.engagementRate, type.posts, type.reach, type.engagements, type.videoViews],
    click: typeClick(type.type),
  }));
  const best = types[0];
  return {
    id: "content-by-post-type",
    title: t("ma.types.title"),
    note: t("ma.types.note"),
    hint: t("ma.types.hint"),
    clickable: true,
    chart: {
      data: [
        {
          type: "bar",
          name: t("ma.engagement.rate"),
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
          ? t("ma.noPosts", { range: rangeWords(f) })
          : t("ma.types.label", {
              range: rangeWords(f),
              types: types.map((type) => `${postTypeName(type.type)} ${type.engagementRate === null ? t("ma.types.notMeasured") : rate(type.engagementRate)}`).join(", "),
            }),
    },
    table: {
      caption: t("ma.types.caption", { range: rangeWords(f) }),
      rowHeader: t("ma.types.postType"),
      columns: [
        { header: t("ma.engagement.rate"), format: rate },
        { header: t("ma.table.posts"), format: count },
        { header: t("ma.reach.postReach"), format: count },
        { header: t("ma.engagement.engagements"), format: count },
        { header: t("ma.table.videoViews"), format: count },
      ],
      rows,
    },
  };
}

const WEEKDAY_KEYS = {
  Mon: "ma.weekday.mon", Tue: "ma.weekday.tue", Wed: "ma.weekday.wed", Thu: "ma.weekday.thu",
  Fri: "ma.weekday.fri", Sat: "ma.weekday.sat", Sun: "ma.weekday.sun",
} as const satisfies Record<(typeof WEEKDAYS)[number], MessageKey>;

/** Monday to Sunday, short, in the active language. */
export const weekdayNames = (): string[] => WEEKDAYS.map((d) => t(WEEKDAY_KEYS[d]));

/** A weekday and hour of posting: "Mon 09:00–09:59" / "จ. 09:00–09:59". */
export function slotText(slot: PostSlot): string {
  const hh = String(slot.hour).padStart(2, "0");
  return `${t(WEEKDAY_KEYS[WEEKDAYS[slot.weekday] ?? "Mon"])} ${hh}:00–${hh}:59`;
}

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

export function heatmapCard(f: SocialFigures): ChartCard {
  const withPosts = f.heatmap.filter((c) => c.posts > 0);
  const days = weekdayNames();
  const rows: FigureRow[] = withPosts.map((c) => ({
    label: slotText(c),
    values: [c.engagementRate, c.posts, c.reach, c.engagements],
    click: slotClick(c),
  }));
  const rowOf = new Map(withPosts.map((c, i) => [c.weekday * 24 + c.hour, i]));
  const z = WEEKDAYS.map((_, d) => HOURS.map((_, h) => f.heatmap.find((c) => c.weekday === d && c.hour === h)?.engagementRate ?? null));
  const posts = WEEKDAYS.map((_, d) => HOURS.map((_, h) => f.heatmap.find((c) => c.weekday === d && c.hour === h)?.posts ?? 0));
  const best = [...withPosts].sort((a, b) => (b.engagementRate ?? -1) - (a.engagementRate ?? -1))[0];
  return {
    id: "best-time-to-post",
    title: t("ma.heatmap.title"),
    note: t("ma.heatmap.note"),
    hint: t("ma.heatmap.hint"),
    clickable: true,
    wide: true,
    height: 320,
    // A cell's click gives its hour (x) and weekday (y); a cell without posts stands for no row.
    rowOfPoint: (point) => {
      const weekday = days.indexOf(String(point.y));
      const hour = HOURS.indexOf(String(point.x));
      return weekday < 0 || hour < 0 ? -1 : rowOf.get(weekday * 24 + hour) ?? -1;
    },
    chart: {
      data: [
        {
          type: "heatmap",
          x: HOURS,
          y: days,
          z,
          text: posts as unknown as string[][],
          colorscale: [[0, "#fff4ec"], [1, COLOURS.brand]],
          hoverongaps: false,
          xgap: 1,
          ygap: 1,
          colorbar: { tickformat: ".1%", thickness: 10 },
          hovertemplate: `${t("ma.heatmap.hover", { day: "%{y}", hour: "%{x}", rate: "%{z:.2%}", posts: "%{text}" })}<extra></extra>`,
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
          ? t("ma.noPosts", { range: rangeWords(f) })
          : t("ma.heatmap.label", {
              range: rangeWords(f), slot: slotText(best), rate: best.engagementRate === null ? "—" : rate(best.engagementRate), posts: formatCount(best.posts),
            }),
    },
    table: {
      caption: t("ma.heatmap.caption", { range: rangeWords(f) }),
      rowHeader: t("ma.heatmap.posted"),
      columns: [
        { header: t("ma.engagement.rate"), format: rate },
        { header: t("ma.table.posts"), format: count },
        { header: t("ma.reach.postReach"), format: count },
        { header: t("ma.engagement.engagements"), format: count },
      ],
      rows,
    },
  };
}

/** Every chart of the page, in reading order. */
export function maCards(f: SocialFigures): ChartCard[] {
  return [followersCard(f), reachCard(f), engagementCard(f), typesCard(f), heatmapCard(f)];
}

export const pageColumns = (): FigureColumn[] => [
  { header: t("ma.followers.followers"), format: count },
  { header: t("ma.figure.netFollowers.label"), format: formatSigned },
  { header: t("ma.table.posts"), format: count },
  { header: t("ma.reach.postReach"), format: count },
  { header: t("ma.engagement.engagements"), format: count },
  { header: t("ma.engagement.rate"), format: rate },
  { header: t("ma.table.videoViews"), format: count },
];

/** The pages compared: every page in view with its audience and its posts' figures, by post reach. */
export function pagesTable(f: SocialFigures): FigureTable {
  const pages = [...f.pages].sort((a, b) => b.reach - a.reach || a.page.localeCompare(b.page));
  return {
    caption: t("ma.pages.caption", { range: rangeWords(f) }),
    rowHeader: t("ma.pages.page"),
    columns: pageColumns(),
    rows: pages.map((p) => ({
      label: `${p.page} (${p.channel === "tiktok" ? "TikTok" : "Facebook"})`, // i18n-ignore: platform names
      values: [p.followers, p.netFollowers, p.posts, p.reach, p.engagements, p.engagementRate, p.videoViews],
      click: pageClick(p),
    })),
  };
}
