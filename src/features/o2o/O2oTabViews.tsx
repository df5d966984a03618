/**
 * The content of each /o2o tab once its data has loaded: key figures, charts (Plotly through
 * LazyPlot, fetched when the first chart draws) and, for each chart, its figures as a table
 * behind a disclosure. Props only; the words and traces come from `o2oFormat.ts`.
 */
import { useId, type ReactNode } from "react";
import { DWELL_BUCKETS } from "../../../domain/o2o";
import { figureChange, type Polarity, type PreviousPeriod } from "../../../domain/periodChange";
import { LazyPlot } from "@/components/charts/LazyPlot";
import { FigureCard, FigureCards } from "@/components/figures/FigureCard";
import type {
  Figure, LeadsBouncedData, O2oTabData, ViewsConversionData, ViewsDemographicData, ViewsDwellTimeData, VisitorsInsightData,
} from "@/features/o2o/o2oData";
import {
  AGE_LABELS, EMOTION_LABELS, HOURS, WEEKDAYS, ageChart, contentChart, dailyAudienceChart, dwellChart, emotionChart,
  formatAverage, formatCount, formatPercent, formatSeconds, heatmapChart, heatmapRows, leadsBouncedChart,
  monthlyConversionChart, sexAgeChart, sexChart, type ChartSpec,
} from "@/features/o2o/o2oFormat";

export const NO_VISITORS = "No visitors measured in this range.";

/** A figure, or a dash that says "not measured" to screen readers. */
export function Measured({ value, format }: { value: Figure; format: (n: number) => string }) {
  if (value !== null) return <>{format(value)}</>;
  return (
    <span className="no-data" title="not measured">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">not measured</span>
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
      <summary>Show the figures as a table</summary>
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
      <p className="empty-title">{NO_VISITORS}</p>
      <p className="muted">Try another date range or campaign.</p>
    </div>
  );
}

export function VisitorsInsightView({ data }: { data: VisitorsInsightData }) {
  const t = data.totals;
  const p = data.previous.totals;
  const cells = heatmapRows(data.heatmap.averages);
  return (
    <>
      <Figures
        label="Visitors insight figures"
        period={data.previous.period}
        items={[
          { label: "Shows", value: t.shows, format: formatCount, definition: "People passing with a chance to see a screen.", compared: { previous: p.shows, polarity: "higher-is-better" } },
          { label: "Views", value: t.views, format: formatCount, definition: "Shows who looked at the screen.", compared: { previous: p.views, polarity: "higher-is-better" } },
          { label: "Views conversion", value: t.conversion, format: formatPercent, definition: "Views ÷ shows.", compared: { previous: p.conversion, polarity: "higher-is-better" } },
          { label: "Average dwell time", value: t.dwellSeconds, format: formatSeconds, definition: "Mean seconds in front of a screen, per show.", compared: { previous: p.dwellSeconds, polarity: "higher-is-better" } },
          { label: "Average attention time", value: t.attentionSeconds, format: formatSeconds, definition: "Mean seconds looking at a screen, per view.", compared: { previous: p.attentionSeconds, polarity: "higher-is-better" } },
        ]}
      />
      {data.empty ? (
        <NoVisitors />
      ) : (
        <div className="o2o-charts">
          <Chart title="Shows and views per day" chart={dailyAudienceChart(data)}>
            <FiguresTable
              caption="Shows, views and views conversion per day"
              rowHeader="Day"
              rows={data.daily.days}
              columns={[
                { header: "Shows", values: data.daily.shows, format: formatCount },
                { header: "Views", values: data.daily.views, format: formatCount },
                { header: "Views conversion", values: data.daily.conversion, format: formatPercent },
              ]}
            />
          </Chart>
          <Chart title="Average shows by weekday and hour" chart={heatmapChart(data)} height={300}>
            <FiguresTable
              caption="Average shows by weekday (rows) and Bangkok hour (columns)"
              rowHeader="Weekday"
              rows={WEEKDAYS}
              columns={HOURS.map((hour, h) => ({ header: hour, values: cells.map((row) => row[h] ?? null), format: formatAverage }))}
            />
          </Chart>
        </div>
      )}
    </>
  );
}

export function LeadsBouncedView({ data }: { data: LeadsBouncedData }) {
  return (
    <>
      <Figures
        label="Leads and bounced figures"
        period={data.previous.period}
        items={[
          { label: "Leads", value: data.totals.leads, format: formatCount, definition: "Visitors who stayed engaged.", compared: { previous: data.previous.totals.leads, polarity: "higher-is-better" } },
          { label: "Bounced", value: data.totals.bounced, format: formatCount, definition: "Visitors who left at once.", compared: { previous: data.previous.totals.bounced, polarity: "lower-is-better" } },
          { label: "Leads share", value: data.shares.leads, format: formatPercent, definition: "Leads ÷ (leads + bounced)." },
          { label: "Bounced share", value: data.shares.bounced, format: formatPercent, definition: "Bounced ÷ (leads + bounced)." },
        ]}
      />
      {data.empty ? (
        <NoVisitors />
      ) : (
        <div className="o2o-charts">
          <Chart title="Leads and bounced per day" chart={leadsBouncedChart(data)}>
            <FiguresTable
              caption="Leads and bounced visitors per day"
              rowHeader="Day"
              rows={data.daily.days}
              columns={[
                { header: "Leads", values: data.daily.leads, format: formatCount },
                { header: "Bounced", values: data.daily.bounced, format: formatCount },
              ]}
            />
          </Chart>
        </div>
      )}
    </>
  );
}

export function ViewsConversionView({ data }: { data: ViewsConversionData }) {
  const m = data.monthly;
  if (data.empty) return <NoVisitors />;
  return (
    <div className="o2o-charts">
      <Chart title="Shows and views per month" chart={monthlyConversionChart(data)}>
        <FiguresTable
          caption="Shows, views and views conversion per month"
          rowHeader="Month"
          rows={m.months}
          columns={[
            { header: "Shows", values: m.shows, format: formatCount },
            { header: "Views", values: m.views, format: formatCount },
            { header: "Views conversion", values: m.conversion, format: formatPercent },
          ]}
        />
      </Chart>
      <Chart title="Views per content" chart={contentChart(data)}>
        <p className="muted o2o-note">
          {data.content.span.start} to {data.content.span.end}, per day.
        </p>
        {data.content.series.length > 0 && (
          <FiguresTable
            caption="Views per content per day"
            rowHeader="Day"
            rows={data.content.days}
            columns={data.content.series.map((s) => ({ header: s.name, values: s.views, format: formatCount }))}
          />
        )}
      </Chart>
    </div>
  );
}

export function ViewsDemographicView({ data }: { data: ViewsDemographicData }) {
  if (data.empty) return <NoVisitors />;
  const bands = data.age.bands.map((b) => AGE_LABELS[b]);
  return (
    <>
      <p className="muted o2o-note">
        Views of {data.months.join(", ")} ({data.span.start} to {data.span.end}).
      </p>
      <div className="o2o-charts">
        <Chart title="Men and women" chart={sexChart(data)}>
          <FiguresTable
            caption="Views of men and women per month, with their shares"
            rowHeader="Month"
            rows={data.months}
            columns={[
              { header: "Men", values: data.sex.men, format: formatCount },
              { header: "Women", values: data.sex.women, format: formatCount },
              { header: "Men share", values: data.sex.shares.map((s) => s.men), format: formatPercent },
              { header: "Women share", values: data.sex.shares.map((s) => s.women), format: formatPercent },
            ]}
          />
        </Chart>
        <Chart title="Age bands" chart={ageChart(data)}>
          <FiguresTable
            caption="Views per age band and month, with each month's shares"
            rowHeader="Age band"
            rows={bands}
            columns={data.months.flatMap((month, i) => [
              { header: month, values: data.age.views[i] ?? [], format: formatCount },
              { header: `${month} share`, values: data.age.shares[i] ?? [], format: formatPercent },
            ])}
          />
        </Chart>
        <Chart title="Men and women by age band" chart={sexAgeChart(data)}>
          <FiguresTable
            caption="Views per sex and age band, with shares of all views"
            rowHeader="Age band"
            rows={bands}
            columns={[
              { header: "Men", values: data.sexAge.men, format: formatCount },
              { header: "Women", values: data.sexAge.women, format: formatCount },
              { header: "Men share", values: data.sexAge.menShares, format: formatPercent },
              { header: "Women share", values: data.sexAge.womenShares, format: formatPercent },
            ]}
          />
        </Chart>
        <Chart title="Emotions" chart={emotionChart(data)}>
          <FiguresTable
            caption="Views per dominant emotion, with their shares"
            rowHeader="Emotion"
            rows={data.emotions.names.map((e) => EMOTION_LABELS[e])}
            columns={[
              { header: "Views", values: data.emotions.views, format: formatCount },
              { header: "Share", values: data.emotions.shares, format: formatPercent },
            ]}
          />
        </Chart>
      </div>
    </>
  );
}

export function ViewsDwellTimeView({ data }: { data: ViewsDwellTimeData }) {
  const d = data.dwell;
  return (
    <>
      <p className="muted o2o-note">
        Three months ending with the month of the end date: {data.window.start} to {data.window.end}.
      </p>
      <Figures
        label="Dwell time figures"
        items={[
          { label: "People measured", value: d.total, format: formatCount },
          { label: "Mean dwell time", value: d.mean, format: formatSeconds },
          { label: "Median dwell time", value: d.median, format: formatSeconds },
          { label: "25th percentile", value: d.p25, format: formatSeconds },
          { label: "75th percentile", value: d.p75, format: formatSeconds },
          { label: "90th percentile", value: d.p90, format: formatSeconds },
          { label: "Mean attention time", value: data.attention.mean, format: formatSeconds },
        ]}
      />
      {data.empty ? (
        <NoVisitors />
      ) : (
        <div className="o2o-charts">
          <Chart title="Dwell time" chart={dwellChart(data)}>
            <FiguresTable
              caption="People per dwell time, with their shares"
              rowHeader="Dwell time"
              rows={DWELL_BUCKETS.map((b) => b.label)}
              columns={[
                { header: "People", values: d.buckets, format: formatCount },
                { header: "Share", values: d.shares, format: formatPercent },
              ]}
            />
          </Chart>
        </div>
      )}
    </>
  );
}

/** The loaded content of a tab. */
export function O2oTabContent({ data }: { data: O2oTabData }) {
  switch (data.tab) {
    case "vistors_insight":
      return <VisitorsInsightView data={data} />;
    case "leads_bounced":
      return <LeadsBouncedView data={data} />;
    case "views_conversion":
      return <ViewsConversionView data={data} />;
    case "views_demographic":
      return <ViewsDemographicView data={data} />;
    case "views_dwell_time":
      return <ViewsDwellTimeView data={data} />;
  }
}
