/**
 * How the /sale figures read (issue 17, docs/sale.md): the figure cards with their definitions
 * and their change against the previous period, the channel table, and the charts (GMV by
 * channel; daily GMV with the o2o store views on a second axis) as Plotly traces with their words
 * and their figures as tables. Plain functions of the server's `SaleSummary`; only types come
 * from plotly.js.
 */
import { gmvShare } from "../../../domain/sale";
import type { SaleSummary, SaleTotals } from "../../../domain/saleContract";
import type { Polarity } from "../../../domain/periodChange";
import { BASE_LAYOUT, COUNT_AXIS, GRID_COLOUR, MONEY_AXIS } from "@/components/charts/chartLayout";
import type { ChartCard, FigureTable } from "@/components/charts/chartCard";
import { dateAxis, dateHoverLabels } from "@/components/charts/dateAxis";
import { formatDay } from "@/components/format/dates";
import { formatCount, formatMoney, formatPercent } from "@/components/format/numbers";
import { t } from "@/i18n/i18n";

export const COLOURS = { gmv: "#e85d0c", previous: "#c9ced6", views: "#2f5f8a" } as const;

export const money = (n: number): string => formatMoney(n);
export const count = (n: number): string => formatCount(n);
const percent = (n: number): string => formatPercent(n, 1, 1);
const changePercent = (n: number): string => `${n > 0 ? "+" : ""}${formatPercent(n, 1, 1)}`;

export interface SaleKeyFigure {
  readonly label: string;
  /** The figure of a period's totals; null where it has no value (AOV without orders). */
  readonly value: (totals: SaleTotals) => number | null;
  readonly format: (n: number) => string;
  readonly polarity: Polarity;
  /** The definition (docs/sale.md), next to the figure. */
  readonly definition: string;
  /** Why there is no value, when there is none. */
  readonly missing: string;
}

const aov = (x: SaleTotals): number | null => (x.orders === 0 ? null : Math.round((x.gmv / x.orders) * 100) / 100);

/** The figure cards, in the active language (a function: the words are read at render). */
export const saleFigures = (): readonly SaleKeyFigure[] => [
  { label: t("sale.figure.gmv"), value: (x) => x.gmv, format: money, polarity: "higher-is-better", missing: t("sale.figure.missingNoOrders"),
    definition: t("sale.figure.gmvDefinition") },
  { label: t("sale.figure.nmv"), value: (x) => x.nmv, format: money, polarity: "higher-is-better", missing: t("sale.figure.missingNoOrders"),
    definition: t("sale.figure.nmvDefinition") },
  { label: t("sale.figure.orders"), value: (x) => x.orders, format: count, polarity: "higher-is-better", missing: t("sale.figure.missingNoOrders"),
    definition: t("sale.figure.ordersDefinition") },
  { label: t("sale.figure.units"), value: (x) => x.units, format: count, polarity: "higher-is-better", missing: t("sale.figure.missingNoOrders"),
    definition: t("sale.figure.unitsDefinition") },
  { label: t("sale.figure.buyers"), value: (x) => x.buyers, format: count, polarity: "higher-is-better", missing: t("sale.figure.missingNoOrders"),
    definition: t("sale.figure.buyersDefinition") },
  { label: t("sale.figure.aov"), value: aov, format: money, polarity: "higher-is-better", missing: t("sale.figure.missingNoAverage"),
    definition: t("sale.figure.aovDefinition") },
];

/** The channels with their share of GMV and their change: a table shown on the page. */
export function channelTable(s: SaleSummary, range: string, previous: string): FigureTable {
  return {
    caption: t("sale.channels.caption", { range, previous }),
    rowHeader: t("sale.channels.rowHeader"),
    columns: [
      { header: t("sale.column.gmv"), format: money },
      { header: t("sale.column.share"), format: percent },
      { header: t("sale.column.nmv"), format: money },
      { header: t("sale.column.orders"), format: count },
      { header: t("sale.column.previousGmv"), format: money },
      { header: t("sale.column.gmvChange"), format: changePercent },
    ],
    rows: s.channels.map((c) => ({
      label: c.channel,
      values: [c.gmv, gmvShare(c, s.channels), c.nmv, c.orders, c.previousGmv, c.previousGmv > 0 ? ((c.gmv - c.previousGmv) / c.previousGmv) * 100 : null],
      click: null,
    })),
  };
}

export function channelCard(s: SaleSummary, range: string, previous: string): ChartCard {
  const names = s.channels.map((c) => c.channel);
  const top = s.channels[0];
  const thisRange = t("sale.chart.thisRange");
  const previousName = t("sale.chart.previousPeriod");
  return {
    id: "sale-gmv-by-channel",
    title: t("sale.chart.channel.title"),
    note: t("sale.chart.channel.note", { previous }),
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: thisRange, x: names, y: s.channels.map((c) => c.gmv), customdata: s.channels.map((c) => money(c.gmv)), marker: { color: COLOURS.gmv }, hovertemplate: `%{x}: %{customdata}<extra>${thisRange}</extra>` },
        { type: "bar", name: previousName, x: names, y: s.channels.map((c) => c.previousGmv), customdata: s.channels.map((c) => money(c.previousGmv)), marker: { color: COLOURS.previous }, hovertemplate: `%{x}: %{customdata}<extra>${previousName}</extra>` },
      ],
      layout: { ...BASE_LAYOUT, barmode: "group", xaxis: { automargin: true }, yaxis: MONEY_AXIS, showlegend: true, margin: { l: 64, r: 16, t: 16, b: 48 } },
      label: top === undefined
        ? t("sale.chart.channel.labelEmpty", { range })
        : t("sale.chart.channel.label", { range, list: s.channels.map((c) => `${c.channel} ${money(c.gmv)}`).join(", "), top: top.channel }),
    },
    table: channelTable(s, range, previous),
  };
}

/** Daily GMV (bars) and the o2o store views (line, right axis) over the same days. */
export function dailyCard(s: SaleSummary, range: string): ChartCard {
  const x = s.days.map((d) => d.day);
  const measured = s.days.filter((d) => d.views !== null).length;
  const hover = dateHoverLabels(x, "day");
  const gmvName = t("sale.chart.gmv");
  const viewsName = t("sale.chart.storeViews");
  return {
    id: "sale-daily-gmv-and-views",
    title: t("sale.chart.daily.title"),
    note: measured === 0
      ? t("sale.chart.daily.noteNoViews")
      : t("sale.chart.daily.note"),
    clickable: false,
    wide: true,
    chart: {
      data: [
        { type: "bar", name: gmvName, x, y: s.days.map((d) => d.gmv), customdata: s.days.map((d, i) => [hover[i] ?? "", money(d.gmv)]), marker: { color: COLOURS.gmv }, hovertemplate: `%{customdata[0]}: %{customdata[1]}<extra>${gmvName}</extra>` },
        ...(measured === 0
          ? []
          : [{
              type: "scatter" as const, mode: "lines+markers" as const, name: viewsName, x, y: s.days.map((d) => d.views), yaxis: "y2" as const,
              customdata: s.days.map((d, i) => [hover[i] ?? "", d.views === null ? "" : t("sale.chart.daily.viewsHover", { views: count(d.views) })]),
              connectgaps: false, line: { color: COLOURS.views, width: 2 }, marker: { size: 4 }, hovertemplate: `%{customdata[0]}: %{customdata[1]}<extra>${viewsName}</extra>`,
            }]),
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: { ...dateAxis(x, "day"), gridcolor: GRID_COLOUR },
        yaxis: { ...MONEY_AXIS, title: { text: gmvName } },
        ...(measured === 0 ? {} : { yaxis2: { ...COUNT_AXIS, tickformat: ",.0f", title: { text: viewsName }, overlaying: "y" as const, side: "right" as const, showgrid: false } }),
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: measured === 0 ? t("sale.chart.daily.labelNoViews", { range }) : t("sale.chart.daily.label", { range, days: count(measured) }),
    },
    table: {
      caption: t("sale.chart.daily.caption", { range }),
      rowHeader: t("sale.chart.daily.rowHeader"),
      columns: [
        { header: t("sale.column.gmv"), format: money },
        { header: t("sale.column.orders"), format: count },
        { header: t("sale.column.storeViews"), format: count },
      ],
      dated: true,
      rows: s.days.map((d) => ({ label: formatDay(d.day), values: [d.gmv, d.orders, d.views], click: null })),
    },
  };
}
