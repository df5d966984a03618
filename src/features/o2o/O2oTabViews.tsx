/**
 * The content of each /o2o tab once its data has loaded: key figures, charts (Plotly through
 * LazyPlot, fetched when the first chart draws) and, for each chart, its figures as a table
 * behind a disclosure. Props only; the words and traces come from `o2oFormat.ts`.
 */
import { memo, useDeferredValue, useId, type ReactNode } from "react";
import type { O2oTabId } from "../../../domain/o2o";
import { figureChange, type Polarity, type PreviousPeriod } from "../../../domain/periodChange";
import { LazyPlot } from "@/components/charts/LazyPlot";
import { FigureCard, FigureCards, FigureCardsSkeleton } from "@/components/figures/FigureCard";
import type {
  Figure, LeadsBouncedData, O2oTabData, ViewsConversionData, ViewsDemographicData, ViewsDwellTimeData, VisitorsInsightData,
} from "@/features/o2o/o2oData";
import {
  HOURS, ageChart, ageLabel, contentChart, dailyAudienceChart, dwellBucketLabels, dwellChart, emotionChart, emotionLabel,
  formatAverage, formatCount, formatPercent, formatSeconds, heatmapChart, heatmapRows, leadsBouncedChart, monthLabels,
  monthlyConversionChart, sexAgeChart, sexChart, weekdayNames, type ChartSpec,
} from "@/features/o2o/o2oFormat";
import { formatDay } from "@/components/format/dates";
import { t, type MessageKey } from "@/i18n/i18n";

/** A figure, or a dash that says "not measured" to screen readers. */
export function Measured({ value, format }: { value: Figure; format: (n: number) => string }) {
  if (value !== null) return <>{format(value)}</>;
  return (
    <span className="no-data" title={t("o2o.notMeasured")}>
      {/* i18n-ignore: a dash, not a word */}
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t("o2o.notMeasured")}</span>
    </span>
  );
}

interface FigureItem {
  label: string;
  value: Figure;
  format: (n: number) => string;
  /** What the figure counts, in one line. */
  definition?: string;
  /** The same total over the previous period, and which way is good (docs/o2o-api.md). */
  compared?: { previous: Figure; polarity: Polarity };
}

function Figures({ label, items, period }: { label: string; items: readonly FigureItem[]; period?: PreviousPeriod }) {
  return (
    <FigureCards label={label} className="o2o-figures">
      {items.map((item) => (
        <FigureCard
          key={item.label}
          label={item.label}
          value={<Measured value={item.value} format={item.format} />}
          definition={item.definition}
          change={item.compared !== undefined && period !== undefined ? { change: figureChange(item.value, item.compared.previous, item.compared.polarity), period } : null}
        />
      ))}
    </FigureCards>
  );
}

interface Column {
  header: string;
  values: readonly Figure[];
  format: (n: number) => string;
}

/** A chart's figures as a table, behind a disclosure so it does not lengthen the page. */
function FiguresTable({ caption, rowHeader, rows, columns }: { caption: string; rowHeader: string; rows: readonly string[]; columns: readonly Column[] }) {
  return (
    <details className="o2o-table">
      <summary>{t("o2o.showTable")}</summary>
      <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{rowHeader}</th>
              {columns.map((c) => (
                <th scope="col" key={c.header}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                {columns.map((c) => (
                  <td key={c.header}>
                    <Measured value={c.values[i] ?? null} format={c.format} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** One chart with its heading (what e2e tests and people look for) and its table. */
function Chart({ title, chart, height, children }: { title: string; chart: ChartSpec; height?: number; children?: ReactNode }) {
  const id = useId();
  return (
    <section className="o2o-chart" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <LazyPlot data={chart.data} layout={chart.layout} label={chart.label} height={height ?? 280} />
      {children}
    </section>
  );
}

function NoVisitors() {
  return (
    <div className="empty-state" role="status">
      <i className="pi pi-users" aria-hidden="true" />
      <p className="empty-title">{t("o2o.noVisitors.title")}</p>
      <p className="muted">{t("o2o.noVisitors.hint")}</p>
    </div>
  );
}

export function VisitorsInsightView({ data, drawn = data }: { data: VisitorsInsightData; drawn?: VisitorsInsightData | null }) {
  const now = data.totals;
  const p = data.previous.totals;
  return (
    <>
      <Figures
        label={t("o2o.insight.figures")}
        period={data.previous.period}
        items={[
          { label: t("o2o.shows"), value: now.shows, format: formatCount, definition: t("o2o.insight.def.shows"), compared: { previous: p.shows, polarity: "higher-is-better" } },
          { label: t("o2o.views"), value: now.views, format: formatCount, definition: t("o2o.insight.def.views"), compared: { previous: p.views, polarity: "higher-is-better" } },
          { label: t("o2o.conversion"), value: now.conversion, format: formatPercent, definition: t("o2o.insight.def.conversion"), compared: { previous: p.conversion, polarity: "higher-is-better" } },
          { label: t("o2o.insight.avgDwell"), value: now.dwellSeconds, format: formatSeconds, definition: t("o2o.insight.def.dwell"), compared: { previous: p.dwellSeconds, polarity: "higher-is-better" } },
          { label: t("o2o.insight.avgAttention"), value: now.attentionSeconds, format: formatSeconds, definition: t("o2o.insight.def.attention"), compared: { previous: p.attentionSeconds, polarity: "higher-is-better" } },
        ]}
      />
      {data.empty ? <NoVisitors /> : drawn === null ? <ChartPlaces tab="vistors_insight" /> : <VisitorsInsightCharts data={drawn} />}
    </>
  );
}

const VisitorsInsightCharts = memo(function VisitorsInsightCharts({ data }: { data: VisitorsInsightData }) {
  const cells = heatmapRows(data.heatmap.averages);
  return (
        <div className="o2o-charts">
          <Chart title={t("o2o.daily.title")} chart={dailyAudienceChart(data)}>
            <FiguresTable
              caption={t("o2o.daily.caption")}
              rowHeader={t("o2o.day")}
              rows={data.daily.days.map(formatDay)}
              columns={[
                { header: t("o2o.shows"), values: data.daily.shows, format: formatCount },
                { header: t("o2o.views"), values: data.daily.views, format: formatCount },
                { header: t("o2o.conversion"), values: data.daily.conversion, format: formatPercent },
              ]}
            />
          </Chart>
          <Chart title={t("o2o.heatmap.title")} chart={heatmapChart(data)} height={300}>
            <FiguresTable
              caption={t("o2o.heatmap.caption")}
              rowHeader={t("o2o.weekdayHeader")}
              rows={weekdayNames()}
              columns={HOURS.map((hour, h) => ({ header: hour, values: cells.map((row) => row[h] ?? null), format: formatAverage }))}
            />
          </Chart>
        </div>
  );
});

export function LeadsBouncedView({ data, drawn = data }: { data: LeadsBouncedData; drawn?: LeadsBouncedData | null }) {
  return (
    <>
      <Figures
        label={t("o2o.leadsBounced.figures")}
        period={data.previous.period}
        items={[
          { label: t("o2o.leads"), value: data.totals.leads, format: formatCount, definition: t("o2o.leadsBounced.def.leads"), compared: { previous: data.previous.totals.leads, polarity: "higher-is-better" } },
          { label: t("o2o.bounced"), value: data.totals.bounced, format: formatCount, definition: t("o2o.leadsBounced.def.bounced"), compared: { previous: data.previous.totals.bounced, polarity: "lower-is-better" } },
          { label: t("o2o.leadsShare"), value: data.shares.leads, format: formatPercent, definition: t("o2o.leadsBounced.def.leadsShare") },
          { label: t("o2o.bouncedShare"), value: data.shares.bounced, format: formatPercent, definition: t("o2o.leadsBounced.def.bouncedShare") },
        ]}
      />
      {data.empty ? <NoVisitors /> : drawn === null ? <ChartPlaces tab="leads_bounced" /> : <LeadsBouncedCharts data={drawn} />}
    </>
  );
}

const LeadsBouncedCharts = memo(function LeadsBouncedCharts({ data }: { data: LeadsBouncedData }) {
  return (
        <div className="o2o-charts">
          <Chart title={t("o2o.leadsBounced.title")} chart={leadsBouncedChart(data)}>
            <FiguresTable
              caption={t("o2o.leadsBounced.caption")}
              rowHeader={t("o2o.day")}
              rows={data.daily.days.map(formatDay)}
              columns={[
                { header: t("o2o.leads"), values: data.daily.leads, format: formatCount },
                { header: t("o2o.bounced"), values: data.daily.bounced, format: formatCount },
              ]}
            />
          </Chart>
        </div>
  );
});

export function ViewsConversionView({ data, drawn = data }: { data: ViewsConversionData; drawn?: ViewsConversionData | null }) {
  if (data.empty) return <NoVisitors />;
  return drawn === null ? <ChartPlaces tab="views_conversion" /> : <ViewsConversionCharts data={drawn} />;
}

const ViewsConversionCharts = memo(function ViewsConversionCharts({ data }: { data: ViewsConversionData }) {
  const m = data.monthly;
  return (
    <div className="o2o-charts">
      <Chart title={t("o2o.monthly.title")} chart={monthlyConversionChart(data)}>
        <FiguresTable
          caption={t("o2o.monthly.caption")}
          rowHeader={t("o2o.month")}
          rows={monthLabels(m.months)}
          columns={[
            { header: t("o2o.shows"), values: m.shows, format: formatCount },
            { header: t("o2o.views"), values: m.views, format: formatCount },
            { header: t("o2o.conversion"), values: m.conversion, format: formatPercent },
          ]}
        />
      </Chart>
      <Chart title={t("o2o.content.title")} chart={contentChart(data)}>
        <p className="muted o2o-note">{t("o2o.content.note", { from: formatDay(data.content.span.start), to: formatDay(data.content.span.end) })}</p>
        {data.content.series.length > 0 && (
          <FiguresTable
            caption={t("o2o.content.caption")}
            rowHeader={t("o2o.day")}
            rows={data.content.days.map(formatDay)}
            columns={data.content.series.map((s) => ({ header: s.name, values: s.views, format: formatCount }))}
          />
        )}
      </Chart>
    </div>
  );
});

export function ViewsDemographicView({ data, drawn = data }: { data: ViewsDemographicData; drawn?: ViewsDemographicData | null }) {
  if (data.empty) return <NoVisitors />;
  const months = monthLabels(data.months);
  return (
    <>
      <p className="muted o2o-note">
        {t("o2o.demographic.note", { months: months.join(", "), from: formatDay(data.span.start), to: formatDay(data.span.end) })}
      </p>
      {drawn === null ? <ChartPlaces tab="views_demographic" /> : <ViewsDemographicCharts data={drawn} />}
    </>
  );
}

const ViewsDemographicCharts = memo(function ViewsDemographicCharts({ data }: { data: ViewsDemographicData }) {
  const bands = data.age.bands.map(ageLabel);
  const months = monthLabels(data.months);
  return (
      <div className="o2o-charts">
        <Chart title={t("o2o.sex.title")} chart={sexChart(data)}>
          <FiguresTable
            caption={t("o2o.sex.caption")}
            rowHeader={t("o2o.month")}
            rows={months}
            columns={[
              { header: t("o2o.men"), values: data.sex.men, format: formatCount },
              { header: t("o2o.women"), values: data.sex.women, format: formatCount },
              { header: t("o2o.menShare"), values: data.sex.shares.map((s) => s.men), format: formatPercent },
              { header: t("o2o.womenShare"), values: data.sex.shares.map((s) => s.women), format: formatPercent },
            ]}
          />
        </Chart>
        <Chart title={t("o2o.age.title")} chart={ageChart(data)}>
          <FiguresTable
            caption={t("o2o.age.caption")}
            rowHeader={t("o2o.ageBand")}
            rows={bands}
            columns={months.flatMap((month, i) => [
              { header: month, values: data.age.views[i] ?? [], format: formatCount },
              { header: t("o2o.monthShare", { month }), values: data.age.shares[i] ?? [], format: formatPercent },
            ])}
          />
        </Chart>
        <Chart title={t("o2o.sexAge.title")} chart={sexAgeChart(data)}>
          <FiguresTable
            caption={t("o2o.sexAge.caption")}
            rowHeader={t("o2o.ageBand")}
            rows={bands}
            columns={[
              { header: t("o2o.men"), values: data.sexAge.men, format: formatCount },
              { header: t("o2o.women"), values: data.sexAge.women, format: formatCount },
              { header: t("o2o.menShare"), values: data.sexAge.menShares, format: formatPercent },
              { header: t("o2o.womenShare"), values: data.sexAge.womenShares, format: formatPercent },
            ]}
          />
        </Chart>
        <Chart title={t("o2o.emotions.title")} chart={emotionChart(data)}>
          <FiguresTable
            caption={t("o2o.emotions.caption")}
            rowHeader={t("o2o.emotionHeader")}
            rows={data.emotions.names.map(emotionLabel)}
            columns={[
              { header: t("o2o.views"), values: data.emotions.views, format: formatCount },
              { header: t("o2o.share"), values: data.emotions.shares, format: formatPercent },
            ]}
          />
        </Chart>
      </div>
  );
});

export function ViewsDwellTimeView({ data, drawn = data }: { data: ViewsDwellTimeData; drawn?: ViewsDwellTimeData | null }) {
  const d = data.dwell;
  return (
    <>
      <p className="muted o2o-note">{t("o2o.dwell.note", { from: formatDay(data.window.start), to: formatDay(data.window.end) })}</p>
      <Figures
        label={t("o2o.dwell.figures")}
        items={[
          { label: t("o2o.dwell.peopleMeasured"), value: d.total, format: formatCount },
          { label: t("o2o.dwell.mean"), value: d.mean, format: formatSeconds },
          { label: t("o2o.dwell.median"), value: d.median, format: formatSeconds },
          { label: t("o2o.dwell.p25"), value: d.p25, format: formatSeconds },
          { label: t("o2o.dwell.p75"), value: d.p75, format: formatSeconds },
          { label: t("o2o.dwell.p90"), value: d.p90, format: formatSeconds },
          { label: t("o2o.dwell.meanAttention"), value: data.attention.mean, format: formatSeconds },
        ]}
      />
      {data.empty ? <NoVisitors /> : drawn === null ? <ChartPlaces tab="views_dwell_time" /> : <ViewsDwellTimeCharts data={drawn} />}
    </>
  );
}

const ViewsDwellTimeCharts = memo(function ViewsDwellTimeCharts({ data }: { data: ViewsDwellTimeData }) {
  const d = data.dwell;
  return (
        <div className="o2o-charts">
          <Chart title={t("o2o.dwellTime")} chart={dwellChart(data)}>
            <FiguresTable
              caption={t("o2o.dwell.caption")}
              rowHeader={t("o2o.dwellTime")}
              rows={dwellBucketLabels()}
              columns={[
                { header: t("o2o.people"), values: d.buckets, format: formatCount },
                { header: t("o2o.share"), values: d.shares, format: formatPercent },
              ]}
            />
          </Chart>
        </div>
  );
});

/**
 * The loaded content of a tab. The charts come from the same data through `useDeferredValue`
 * (null on the first render): the figure cards show at once, the charts in a transition React
 * slices into short tasks, their places kept until then (issue 19).
 */
export function O2oTabContent({ data }: { data: O2oTabData }) {
  const later = useDeferredValue<O2oTabData | null>(data, null);
  switch (data.tab) {
    case "vistors_insight":
      return <VisitorsInsightView data={data} drawn={later?.tab === data.tab ? later : null} />;
    case "leads_bounced":
      return <LeadsBouncedView data={data} drawn={later?.tab === data.tab ? later : null} />;
    case "views_conversion":
      return <ViewsConversionView data={data} drawn={later?.tab === data.tab ? later : null} />;
    case "views_demographic":
      return <ViewsDemographicView data={data} drawn={later?.tab === data.tab ? later : null} />;
    case "views_dwell_time":
      return <ViewsDwellTimeView data={data} drawn={later?.tab === data.tab ? later : null} />;
  }
}

/** Where a tab's charts will be: their titles and heights, in the order the tab draws them. */
const CHART_PLACES = {
  vistors_insight: [{ name: "o2o.daily.title", height: 280 }, { name: "o2o.heatmap.title", height: 300 }],
  leads_bounced: [{ name: "o2o.leadsBounced.title", height: 280 }],
  views_conversion: [{ name: "o2o.monthly.title", height: 280 }, { name: "o2o.content.title", height: 280, note: true }],
  views_demographic: [
    { name: "o2o.sex.title", height: 280 },
    { name: "o2o.age.title", height: 280 },
    { name: "o2o.sexAge.title", height: 280 },
    { name: "o2o.emotions.title", height: 280 },
  ],
  views_dwell_time: [{ name: "o2o.dwellTime", height: 280 }],
} as const satisfies Record<O2oTabId, ReadonlyArray<{ name: MessageKey; height: number; note?: boolean }>>;

/** A tab's charts before they are drawn: each card with its title and the chart's height kept. */
function ChartPlaces({ tab }: { tab: O2oTabId }) {
  return (
    <div className="o2o-charts" aria-hidden="true">
      {CHART_PLACES[tab].map((c) => (
        <div key={c.name} className="o2o-chart">
          <p className="o2o-place-title">{t(c.name)}</p>
          <div className="chart skeleton-block" style={{ height: c.height }} />
          {"note" in c && (
            <p className="muted o2o-note">
              <span className="skeleton-line o2o-place-note" />
            </p>
          )}
          <p className="o2o-table o2o-place-table">{t("o2o.showTable")}</p>
        </div>
      ))}
    </div>
  );
}

/**
 * A tab before its data (issue 19): its figure cards with their labels and definitions, its
 * notes' and charts' places at their height, so that nothing moves when the data comes.
 */
export function O2oTabPlaces({ tab }: { tab: O2oTabId }) {
  switch (tab) {
    case "vistors_insight":
      return (
        <>
          <FigureCardsSkeleton
            label={t("o2o.insight.figures")}
            className="o2o-figures"
            cards={[
              { label: t("o2o.shows"), definition: t("o2o.insight.def.shows") },
              { label: t("o2o.views"), definition: t("o2o.insight.def.views") },
              { label: t("o2o.conversion"), definition: t("o2o.insight.def.conversion") },
              { label: t("o2o.insight.avgDwell"), definition: t("o2o.insight.def.dwell") },
              { label: t("o2o.insight.avgAttention"), definition: t("o2o.insight.def.attention") },
            ]}
          />
          <ChartPlaces tab={tab} />
        </>
      );
    case "leads_bounced":
      return (
        <>
          <FigureCardsSkeleton
            label={t("o2o.leadsBounced.figures")}
            className="o2o-figures"
            cards={[
              { label: t("o2o.leads"), definition: t("o2o.leadsBounced.def.leads") },
              { label: t("o2o.bounced"), definition: t("o2o.leadsBounced.def.bounced") },
              { label: t("o2o.leadsShare"), definition: t("o2o.leadsBounced.def.leadsShare") },
              { label: t("o2o.bouncedShare"), definition: t("o2o.leadsBounced.def.bouncedShare") },
            ]}
          />
          <ChartPlaces tab={tab} />
        </>
      );
    case "views_conversion":
      return <ChartPlaces tab={tab} />;
    case "views_demographic":
      return (
        <>
          <p className="muted o2o-note" aria-hidden="true">
            <span className="skeleton-line o2o-place-note" />
          </p>
          <ChartPlaces tab={tab} />
        </>
      );
    case "views_dwell_time":
      return (
        <>
          <p className="muted o2o-note" aria-hidden="true">
            <span className="skeleton-line o2o-place-note" />
          </p>
          <FigureCardsSkeleton
            label={t("o2o.dwell.figures")}
            className="o2o-figures o2o-figures-unchanged"
            cards={[
              { label: t("o2o.dwell.peopleMeasured") },
              { label: t("o2o.dwell.mean") },
              { label: t("o2o.dwell.median") },
              { label: t("o2o.dwell.p25") },
              { label: t("o2o.dwell.p75") },
              { label: t("o2o.dwell.p90") },
              { label: t("o2o.dwell.meanAttention") },
            ]}
          />
          <ChartPlaces tab={tab} />
        </>
      );
  }
}
