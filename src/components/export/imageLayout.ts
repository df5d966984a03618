/**
 * What a chart's PNG carries besides the chart, so it can go straight into a deck: the chart's
 * title and a line "Brand · YYYY-MM-DD – YYYY-MM-DD · Dates: Gregorian calendar (CE)" above the plot (the
 * days and the note in the user's calendar: "2567-01-01", "Dates: Buddhist Era (BE)"), on a white background.
 * Pure; `downloadPng` applies it to a copy of the drawn chart's layout (whose texts `LazyPlot`
 * has already escaped: only the caption, the brand's name in it too, is escaped here).
 */
import type { Layout } from "plotly.js";
import { CHART_FONT } from "@/components/charts/chartLayout";
import { escapePlotText } from "@/components/charts/plotText";
import { calendarNote, formatDay } from "@/components/format/dates";

/** The title and the line under it. */
export interface ImageCaption {
  readonly title: string;
  /** "Brand · YYYY-MM-DD – YYYY-MM-DD". */
  readonly subtitle: string;
}

/**
 * "Tipco · 2024-01-01 – 2024-01-31" ("Tipco · 2567-01-01 – 2567-01-31" in the Buddhist Era).
 * `start` and `end` are ISO days (YYYY-MM-DD): pass them as the data has them, not already formatted.
 */
export const captionLine = (brand: string, start: string, end: string): string => `${brand} · ${shownDay(start)} – ${shownDay(end)}`;

/** An ISO day in the user's calendar; anything else as given. */
const shownDay = (day: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDay(day) : day);

/** Room above the plot for the title and the line. */
export const CAPTION_MARGIN = 72;

/** The drawn layout with the caption over the plot and a white background. */
export function exportImageLayout(layout: Partial<Layout>, caption: ImageCaption): Partial<Layout> {
  const margin = layout.margin ?? {};
  return {
    ...layout,
    title: {
      text: `<b>${escapePlotText(caption.title)}</b><br><span style="font-size:12px;color:#5a6270">${escapePlotText(`${caption.subtitle} · ${calendarNote()}`)}</span>`, // i18n-ignore: markup around translated texts
      // Just above the plot, in the room the top margin makes for it.
      x: 0,
      xanchor: "left",
      xref: "paper",
      y: 1,
      yanchor: "bottom",
      yref: "paper",
      pad: { b: 16 },
      font: { ...CHART_FONT, size: 16 },
    },
    margin: { ...margin, t: Math.max(margin.t ?? 0, CAPTION_MARGIN) },
    paper_bgcolor: "#ffffff",
    plot_bgcolor: "#ffffff",
  };
}
