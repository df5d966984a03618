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
import { formatCount, formatMoney, formatPercent } from "@/components/format/numbers";

export const COLOURS = { gmv: "#e85d0c", previous: "#c9ced6", views: "#2f5f8a" } as const;

export const money = (n: number): string => formatMoney(n);
export const count = (n: number): string => formatCount(n);
const percent = (n: number): string => formatPercent(n, 1, 1);
const changePercent = (n: number): string => `${n > 0 ? "+" : ""}${formatPercent(n, 1, 1)}`;

export interface SaleKeyFigure {
  readonly label: string;
  /** The figure of a period's totals; null where it has no value (AOV without orders). */
  readonly value: (t: SaleTotals) => number | null;
  readonly format: (n: number) => string;
  readonly polarity: Polarity;
  /** The definition (docs/sale.md), next to the figure. */
  readonly definition: string;
  /** Why there is no value, when there is none. */
  readonly missing: string;
}

const aov = (t: SaleTotals): number | null => (t.orders === 0 ? null : Math.round((t.gmv / t.orders) * 100) / 100);

export const SALE_FIGURES: readonly SaleKeyFigure[] = [
  { label: "GMV", value: (t) => t.gmv, format: money, polarity: "higher-is-better", missing: "no orders",
    definition: "Value of every online order placed in the range, whatever its status (E-Commerce's GMV)." },
  { label: "NMV", value: (t) => t.nmv, format: money, polarity: "higher-is-better", missing: "no orders",
    definition: "GMV less cancelled and returned orders (completed and pending orders)." },
  { label: "Orders", value: (t) => t.orders, format: count, polarity: "higher-is-better", missing: "no orders",
    definition: "Online orders placed in the range, whatever their status." },
  { label: "Units", value: (t) => t.units, format: count, polarity: "higher-is-better", missing: "no orders",
    definition: "Items in those orders: the quantities of their lines added up." },
  { label: "Buyers", value: (t) => t.buyers, format: count, polarity: "higher-is-better", missing: "no orders",
    definition: "Different customers who placed at least one of those orders (E-Commerce's Customers)." },
  { label: "AOV", value: aov, format: money, polarity: "higher-is-better", missing: "no orders, so no average",
    definition: "Average order value: GMV ÷ orders." },
];

/** The channels with their share of GMV and their change: a table shown on the page. */
export function channelTable(s: SaleSummary, range: string, previous: string): FigureTable {
  return {
    caption: `Online sales by channel, ${range}, against ${previous}`,
    rowHeader: "Channel",
    columns: [
      { header: "GMV (฿)", format: money },
      { header: "Share of GMV", format: percent },
      { header: "NMV (฿)", format: money },
      { header: "Orders", format: count },
      { header: "Previous GMV (฿)", format: money },
      { header: "GMV change", format: changePercent },
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
  return {
    id: "sale-gmv-by-channel",
    title: "GMV by channel",
    note: `GMV of each channel's orders in the range, beside the previous period (${previous}).`,
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: "This range", x: names, y: s.channels.map((c) => c.gmv), marker: { color: COLOURS.gmv }, hovertemplate: "%{x}: ฿%{y:,.2f}<extra>This range</extra>" },
        { type: "bar", name: "Previous period", x: names, y: s.channels.map((c) => c.previousGmv), marker: { color: COLOURS.previous }, hovertemplate: "%{x}: ฿%{y:,.2f}<extra>Previous period</extra>" },
      ],
      layout: { ...BASE_LAYOUT, barmode: "group", xaxis: { automargin: true }, yaxis: MONEY_AXIS, showlegend: true, margin: { l: 64, r: 16, t: 16, b: 48 } },
      label: top === undefined
        ? `No orders by channel, ${range}.`
        : `GMV by channel, ${range}: ${s.channels.map((c) => `${c.channel} ${money(c.gmv)}`).join(", ")}; ${top.channel} has the most.`,
    },
    table: channelTable(s, range, previous),
  };
}

/** Daily GMV (bars) and the o2o store views (line, right axis) over the same days. */
export function dailyCard(s: SaleSummary, range: string): ChartCard {
  const x = s.days.map((d) => d.day);
  const measured = s.days.filter((d) => d.views !== null).length;
  return {
    id: "sale-daily-gmv-and-views",
    title: "Daily GMV and o2o store views",
    note: measured === 0
      ? "Bars: online GMV per day, in baht. No o2o campaign of the brand was measured in stores on these days."
      : "Bars: online GMV per day, in baht; line: people who looked at the brand's in-store screens that day (right axis). The line breaks on days no campaign ran.",
    clickable: false,
    wide: true,
    chart: {
      data: [
        { type: "bar", name: "GMV", x, y: s.days.map((d) => d.gmv), marker: { color: COLOURS.gmv }, hovertemplate: "%{x|%d %b %Y}: ฿%{y:,.2f}<extra>GMV</extra>" },
        ...(measured === 0
          ? []
          : [{
              type: "scatter" as const, mode: "lines+markers" as const, name: "Store views", x, y: s.days.map((d) => d.views), yaxis: "y2" as const,
              connectgaps: false, line: { color: COLOURS.views, width: 2 }, marker: { size: 4 }, hovertemplate: "%{x|%d %b %Y}: %{y:,} views<extra>Store views</extra>",
            }]),
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: { type: "date", tickformat: "%d %b", automargin: true, gridcolor: GRID_COLOUR },
        yaxis: { ...MONEY_AXIS, title: { text: "GMV" } },
        ...(measured === 0 ? {} : { yaxis2: { ...COUNT_AXIS, tickformat: ",.0f", title: { text: "Store views" }, overlaying: "y" as const, side: "right" as const, showgrid: false } }),
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: `Online GMV per day, ${range}${measured === 0 ? "; no store views measured" : `, with the o2o store views of ${measured} days`}.`,
    },
    table: {
      caption: `Online GMV and o2o store views per day, ${range}`,
      rowHeader: "Day",
      columns: [
        { header: "GMV (฿)", format: money },
        { header: "Orders", format: count },
        { header: "Store views", format: count },
      ],
      rows: s.days.map((d) => ({ label: d.day, values: [d.gmv, d.orders, d.views], click: null })),
    },
  };
}
