/**
 * The social overview's series (issue 14): post reach, engagements and followers per day, ISO
 * week or month of the range (`SocialFigures.series`; the server picks the period: docs/social.md,
 * "Time"), as three light SVG charts side by side (stacked on a phone), each on its own scale,
 * with every figure in a table below for reading one by one. No Plotly: this is the start page.
 */
import type { SocialFigures, SocialPoint } from "../../../domain/social";
import { LineChart } from "@/components/charts/LineChart";
import { seriesSummary, type Granularity } from "@/components/charts/seriesScale";
import { formatDay, formatDayShort, formatMonthShort } from "@/components/format/dates";
import { formatCompact, formatCount, formatFraction } from "@/components/format/numbers";
import { perUnit } from "@/components/format/periods";
import { t, type MessageKey } from "@/i18n/i18n";

interface SeriesChart {
  readonly id: "reach" | "engagements" | "followers";
  readonly nameKey: MessageKey;
  readonly value: (p: SocialPoint) => number | null;
  readonly colour: string;
  /** Sums start at 0; followers are a level. */
  readonly zero: boolean;
  /** How a point is taken: per period, or at its end. */
  readonly unit: (per: string) => string;
}

/** The charts, in the order of the cards above them. Colours are 4.5:1 or more on white. */
export const SERIES_CHARTS: readonly SeriesChart[] = [
  { id: "reach", nameKey: "brandEx.series.reach", value: (p) => p.reach, colour: "#c94d0a", zero: true, unit: (per) => per },
  { id: "engagements", nameKey: "brandEx.series.engagements", value: (p) => p.engagements, colour: "#2a4f9c", zero: true, unit: (per) => per },
  { id: "followers", nameKey: "brandEx.series.followers", value: (p) => p.followers, colour: "#1a6b34", zero: false, unit: () => t("brandEx.series.atPeriodEnd") },
];

/** A period on the axis ("1 Mar", "Mar 2024") or in full ("2024-03-01", "week of 2024-03-04", "Mar 2024"), in the user's calendar. */
function periodLabel(start: string, granularity: Granularity, length: "short" | "long"): string {
  if (granularity === "month") return formatMonthShort(start);
  if (length === "short") return formatDayShort(start);
  return granularity === "week" ? t("brandEx.series.weekOf", { day: formatDay(start) }) : formatDay(start);
}

const EACH_POINT = {
  day: "brandEx.series.eachDay",
  week: "brandEx.series.eachWeek",
  month: "brandEx.series.eachMonth",
} as const satisfies Record<Granularity, MessageKey>;

const PERIOD_HEADER = {
  day: "brandEx.series.day",
  week: "brandEx.series.week",
  month: "brandEx.series.month",
} as const satisfies Record<Granularity, MessageKey>;

const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : formatCount(n));
const orNone = (v: number | null, format: (n: number) => string) => (v === null ? "—" : format(v));

export function SocialSeriesView({ figures }: { figures: Pick<SocialFigures, "granularity" | "series"> }) {
  const { granularity, series } = figures;
  const per = perUnit(granularity);
  const labels = series.map((p) => periodLabel(p.start, granularity, "short"));
  const titles = series.map((p) => periodLabel(p.start, granularity, "long"));
  return (
    <section className="social-series" aria-labelledby="social-series-title">
      <h3 id="social-series-title">{t("brandEx.series.title", { per })}</h3>
      <p className="muted figure-definition">{t(EACH_POINT[granularity])}</p>
      {series.length === 0 ? (
        <p className="muted">{t("brandEx.series.none")}</p>
      ) : (
        <>
          <div className="social-series-charts">
            {SERIES_CHARTS.map((c) => {
              const values = series.map(c.value);
              const unit = c.unit(per);
              const name = t(c.nameKey);
              return (
                <LineChart
                  key={c.id}
                  name={name}
                  unit={unit}
                  summary={seriesSummary(`${name} ${unit}`, titles, values, formatCount)}
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
            <summary>{t("brandEx.series.asTable")}</summary>
            <div className="social-series-scroll">
              <table className="social-series-grid">
                <caption>{t("brandEx.series.caption", { per })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t(PERIOD_HEADER[granularity])}</th>
                    <th scope="col">{t("brandEx.series.posts")}</th>
                    <th scope="col">{t("brandEx.series.reach")}</th>
                    <th scope="col">{t("brandEx.series.engagements")}</th>
                    <th scope="col">{t("brandEx.series.engagementRate")}</th>
                    <th scope="col">{t("brandEx.series.followersAtEnd")}</th>
                    <th scope="col">{t("brandEx.series.netFollowers")}</th>
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
