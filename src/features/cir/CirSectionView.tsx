/** One section of a CIR report as read: figure cards, a chart, a text block, or why it is unavailable. */
import type { Data, LayoutAxis } from "plotly.js";
import { SECTION_SOURCES, type FigureUnit, type Section, type SectionResult } from "../../../domain/cirContract";
import { figureChange, type Polarity } from "../../../domain/periodChange";
import { COUNT_AXIS, GRID_COLOUR, MONEY_AXIS } from "@/components/charts/chartLayout";
import { LazyPlot } from "@/components/charts/LazyPlot";
import { FigureCard, FigureCards } from "@/components/figures/FigureCard";
import { daysText, formatFigure, rangeText } from "@/features/cir/cirFormat";
import { moduleLabel, sourceTitle } from "@/components/cir/cirLabels";
import { dateAxis, dateHoverLabels } from "@/components/charts/dateAxis";
import { formatDay } from "@/components/format/dates";
import { t, translateMessage } from "@/i18n/i18n";

const POLARITY: Record<"up" | "down" | "neutral", Polarity> = { up: "higher-is-better", down: "lower-is-better", neutral: "neutral" };

/** The heading of a section: its own title, the source's, or "Text". */

/** Percent figures are shares 0–1; ratios are multiples. */
const VALUE_AXIS: Readonly<Record<FigureUnit, Partial<LayoutAxis>>> = {
  money: MONEY_AXIS,
  count: COUNT_AXIS,
  percent: { rangemode: "tozero", gridcolor: GRID_COLOUR, automargin: true, tickformat: ".0%" },
  ratio: { rangemode: "tozero", gridcolor: GRID_COLOUR, automargin: true, ticksuffix: "×" },
  seconds: { ...COUNT_AXIS, ticksuffix: " s" }, // i18n-ignore: the unit symbol of seconds
};

export function sectionTitle(section: Section): string {
  if (section.type === "text") return t("cir.report.commentary");
  return section.title ?? sourceTitle(section.source);
}

function viewLine(section: Extract<Section, { type: "source" }>, result: SectionResult | undefined): string {
  const module = moduleLabel(SECTION_SOURCES[section.source].module);
  const v = section.view;
  const range = result?.status === "ok" ? daysText(result.start, result.end) : v.range.kind === "report" ? t("cir.section.reportRange") : rangeText(v.range);
  const filters = [v.channel, v.platform, v.pages === undefined ? undefined : t("cir.section.pages", { count: v.pages.length }), v.campaign === undefined ? undefined : t("cir.section.campaign", { id: v.campaign })].filter((x) => x !== undefined);
  return [module, v.brand, range, ...filters].join(" · ");
}

export function SourceSectionBody({ section, result, dataState }: { section: Extract<Section, { type: "source" }>; result: SectionResult | undefined; dataState: "fetching" | "ready" | "failed" }) {
  const title = sectionTitle(section);
  const line = <p className="muted cir-section-view">{viewLine(section, result)}</p>;
  if (result === undefined) {
    return (
      <>
        {line}
        <p className="muted">{dataState === "failed" ? t("cir.section.figuresFailed") : t("cir.section.loadingFigures")}</p>
      </>
    );
  }
  if (result.status === "unavailable") {
    return (
      <>
        {line}
        <p className="cir-unavailable">{translateMessage(result.reason)}</p>
      </>
    );
  }
  const period = { start: result.previousStart, end: result.previousEnd, days: Math.round((Date.parse(result.end) - Date.parse(result.start)) / 86_400_000) + 1 };
  const data = result.data;
  if (data.kind === "figures") {
    return (
      <>
        {line}
        <FigureCards label={title}>
          {data.figures.map((f) => (
            <FigureCard
              key={f.key}
              label={f.label}
              value={formatFigure(f.unit, f.value, true)}
              definition={f.definition}
              change={{ change: figureChange(f.value, f.previous, POLARITY[f.better]), period }}
            />
          ))}
        </FigureCards>
      </>
    );
  }
  // The value axis of the section's unit, with room for its labels (the narrow layout's margins rely on it).
  const yaxis: Partial<LayoutAxis> = VALUE_AXIS[data.unit];
  // Days, Monday weeks and months are dates (at most 4 ticks on a phone); categories stay names.
  const unit = data.x === "month" ? "month" : data.x === "week" ? "week" : "day";
  const days = [...new Set(data.series.flatMap((s) => s.points.map((p) => p.x)))].sort();
  const xaxis: Partial<LayoutAxis> = data.x === "category" ? { type: "category", automargin: true } : { ...dateAxis(days, unit, 4), automargin: true };
  const plot: Data[] = data.series.map((s) => ({
    type: data.chart === "bar" ? "bar" : "scatter",
    mode: data.chart === "bar" ? undefined : "lines+markers",
    name: s.name,
    x: s.points.map((p) => p.x),
    y: s.points.map((p) => p.y),
    ...(data.x === "category" ? {} : { customdata: dateHoverLabels(s.points.map((p) => p.x), unit), hovertemplate: `%{customdata}<br>${s.name}: %{y}<extra></extra>` }),
  })) as Data[];
  const points = data.series.reduce((n, s) => n + s.points.length, 0);
  return (
    <>
      {line}
      {points === 0 ? (
        <p className="muted">{t("cir.section.nothingToChart")}</p>
      ) : (
        <LazyPlot data={plot} layout={{ showlegend: data.series.length > 1, margin: { l: 56, r: 12, t: 8, b: 40 }, yaxis, xaxis }} label={t("cir.section.chartLabel", { title, series: data.series.map((s) => s.name).join(", ") })} height={260} />
      )}
      <p className="figure-definition cir-definition">{data.definition}</p>
      <details className="figure-table">
        <summary>{t("cir.section.showTable")}</summary>
        <div className="table-scroll" role="region" aria-label={t("cir.section.tableLabel", { title })} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{data.x === "category" ? t("cir.section.name") : t("cir.section.period")}</th>
                {data.series.map((s) => (
                  <th scope="col" key={s.name}>
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(data.series[0]?.points ?? []).map((p, i) => (
                <tr key={p.x}>
                  <th scope="row">{data.x === "category" ? p.x : formatDay(p.x)}</th>
                  {data.series.map((s) => (
                    <td key={s.name}>{formatFigure(data.unit, s.points[i]?.y ?? null)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
