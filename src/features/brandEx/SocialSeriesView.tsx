/**
 * The social overview's series (issue 14): post reach, engagements and followers per day, ISO
 * week or month of the range (`SocialFigures.series`; the server picks the period: docs/social.md,
 * "Time"), as three light SVG charts side by side (stacked on a phone), each on its own scale,
 * with every figure in a table below for reading one by one. No Plotly: this is the start page.
 */
import type { SocialFigures, SocialPoint } from "../../../domain/social";
import { LineChart } from "@/components/charts/LineChart";
import { periodLabel, perPeriod, seriesSummary } from "@/components/charts/seriesScale";
import { formatCompact, formatCount, formatFraction } from "@/components/format/numbers";

interface SeriesChart {
  readonly name: string;
  readonly value: (p: SocialPoint) => number | null;
  readonly colour: string;
  /** Sums start at 0; followers are a level. */
  readonly zero: boolean;
  /** How a point is taken: per period, or at its end. */
  readonly unit: (per: string) => string;
}

/** The charts, in the order of the cards above them. Colours are 4.5:1 or more on white. */
export const SERIES_CHARTS: readonly SeriesChart[] = [
  { name: "Post reach", value: (p) => p.reach, colour: "#c94d0a", zero: true, unit: (per) => per },
  { name: "Engagements", value: (p) => p.engagements, colour: "#2a4f9c", zero: true, unit: (per) => per },
  { name: "Followers", value: (p) => p.followers, colour: "#1a6b34", zero: false, unit: () => "at the end of each period" },
];

const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : formatCount(n));
const orNone = (v: number | null, format: (n: number) => string) => (v === null ? "—" : format(v));

export function SocialSeriesView({ figures }: { figures: Pick<SocialFigures, "granularity" | "series"> }) {
  const { granularity, series } = figures;
  const per = perPeriod(granularity);
  const labels = series.map((p) => periodLabel(p.start, granularity, "short"));
  const titles = series.map((p) => periodLabel(p.start, granularity, "long"));
  return (
    <section className="social-series" aria-labelledby="social-series-title">
      <h3 id="social-series-title">Over the range, {per}</h3>
      <p className="muted figure-definition">
        Each point is one {granularity}
        {granularity === "week" ? " (weeks start on Monday)" : ""}: the reach and engagements of the posts published in it, and the
        followers at its end.
      </p>
      {series.length === 0 ? (
        <p className="muted">No periods in this range.</p>
      ) : (
        <>
          <div className="social-series-charts">
            {SERIES_CHARTS.map((c) => {
              const values = series.map(c.value);
              const unit = c.unit(per);
              return (
                <LineChart
                  key={c.name}
                  name={c.name}
                  unit={unit}
                  summary={seriesSummary(`${c.name} ${unit}`, titles, values, formatCount)}
                  labels={labels}
                  titles={titles}
                  values={values}
                  format={formatCount}
                  tickFormat={formatCompact}
                  colour={c.colour}
                  zero={c.zero}
                />
              );
            })}
          </div>
          <details className="social-series-table">
            <summary>The series as a table</summary>
            <div className="social-series-scroll">
              <table className="social-series-grid">
                <caption>Social figures {per}</caption>
                <thead>
                  <tr>
                    <th scope="col">{granularity === "day" ? "Day" : granularity === "week" ? "Week" : "Month"}</th>
                    <th scope="col">Posts</th>
                    <th scope="col">Post reach</th>
                    <th scope="col">Engagements</th>
                    <th scope="col">Engagement rate (by reach)</th>
                    <th scope="col">Followers at the end</th>
                    <th scope="col">Net followers</th>
                  </tr>
                </thead>
                <tbody>
                  {series.map((p, i) => (
                    <tr key={p.start}>
                      <th scope="row">{titles[i]}</th>
                      <td>{formatCount(p.posts)}</td>
                      <td>{formatCount(p.reach)}</td>
                      <td>{formatCount(p.engagements)}</td>
                      <td>{orNone(p.engagementRate, formatFraction)}</td>
                      <td>{orNone(p.followers, formatCount)}</td>
                      <td>{signed(p.netFollowers)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
