/**
 * The actors the /o2o statechart is given: `loadCampaigns` reads the user's campaigns, and
 * `loadTab` loads one tab of one campaign over one range. A tab asks only for its own paths,
 * all at once; the totals of Visitors insight and Leads & bounced are asked again over the
 * period of equal length before the range (`previousPeriod`, in the same batch), for the change
 * each total card shows. The payloads (Bangkok day and month ranges) are built by the o2o worker, and the
 * figures (heatmap cells, dwell-time distributions, percent shares) are computed by it too, so
 * the main thread only moves the answers into the chart-ready shapes of `o2oData.ts`.
 */
import { AgeBands, Emotions, SexAgeKeys, type O2oCampaign, type UnixRange } from "../../../domain/o2o";
import { previousPeriod, type PreviousPeriod } from "../../../domain/periodChange";
import type { O2oWorkerApi } from "../../../workers/o2o.worker";
import type { LoadTabInput } from "../../../machines/o2o/o2oMachine";
import { ApiCallError } from "@/api/client";
import type { O2oCall, O2oCallOptions } from "@/features/o2o/o2oCall";
import {
  anyPositive, bangkokDate, bangkokMonth, spanOf,
  type ContentSeries, type Figure, type LeadsBouncedData, type O2oTabData, type ViewsConversionData,
  type ViewsDemographicData, type ViewsDwellTimeData, type VisitorsInsightData,
} from "@/features/o2o/o2oData";

/** The o2o worker's functions as the page calls them: each answers a promise. */
export type O2oMath = {
  readonly [K in keyof O2oWorkerApi]: (...args: Parameters<O2oWorkerApi[K]>) => Promise<ReturnType<O2oWorkerApi[K]>>;
};

export interface O2oLoaderDeps {
  /** The proxy call (`o2oCall`, or a fake in tests). */
  readonly call: O2oCall;
  /** The worker, created on first use. */
  readonly math: () => O2oMath;
  /** Today's Bangkok day (YYYY-MM-DD). */
  readonly today: () => string;
}

export interface O2oLoaders {
  loadCampaigns(signal?: AbortSignal): Promise<readonly O2oCampaign[]>;
  loadTab(input: LoadTabInput, signal?: AbortSignal): Promise<O2oTabData>;
}

/** The one value of a series answered for a single span; null when it is missing. */
const single = (values: readonly Figure[] | undefined): Figure => values?.[0] ?? null;

/** A single span over ranges: from the first's start to the last's end. */
function spanPayload(campaignId: number, ranges: readonly UnixRange[]) {
  const from = ranges[0]!.from;
  const to = ranges[ranges.length - 1]!.to;
  return { campaigns: [campaignId], from, to };
}

/** The day ranges of the range and of the previous period of equal length, from the worker. */
async function rangesWithPrevious(math: O2oMath, range: LoadTabInput["range"]): Promise<{ days: UnixRange[]; period: PreviousPeriod; previousDays: UnixRange[] }> {
  const period = previousPeriod(range);
  const [days, previousDays] = await Promise.all([math.dayRanges(range.start, range.end), math.dayRanges(period.start, period.end)]);
  return { days, period, previousDays };
}

export function createO2oLoaders({ call, math, today }: O2oLoaderDeps): O2oLoaders {
  // The contents' names of the views-per-content chart come from the campaigns read last.
  let campaigns: readonly O2oCampaign[] = [];

  async function loadCampaigns(signal?: AbortSignal): Promise<readonly O2oCampaign[]> {
    try {
      campaigns = (await call("/campaign/structure", {}, "campaigns", "table", { signal })).campaigns;
    } catch (error) {
      // No o2o access: the user simply has no campaigns to show.
      if (error instanceof ApiCallError && error.status === 403) campaigns = [];
      else throw error;
    }
    return campaigns;
  }

  async function visitorsInsight({ campaignId, range }: LoadTabInput, opts: O2oCallOptions): Promise<VisitorsInsightData> {
    const { days, period, previousDays } = await rangesWithPrevious(math(), range);
    const span = spanPayload(campaignId, days);
    const previousSpan = spanPayload(campaignId, previousDays);
    const ranges = { campaigns: [campaignId], ranges: days };
    const [audienceTotal, attentionTotal, audienceDaily, heatmapData, audiencePrevious, attentionPrevious] = await Promise.all([
      call("/stats/visitor_view/audience", span, "audience_total", "number", opts),
      call("/stats/visitor_view/attention", span, "attention_total", "number", opts),
      call("/stats/visitor_view/audience", ranges, "audience_daily", "line", opts),
      call("/stats/visitor_view/heatmap", ranges, "heatmap", "heatmap", opts),
      call("/stats/visitor_view/audience", previousSpan, "audience_total_previous", "number", opts),
      call("/stats/visitor_view/attention", previousSpan, "attention_total_previous", "number", opts),
    ]);
    const shows = single(audienceTotal.series.shows);
    const views = single(audienceTotal.series.views);
    const previousShows = single(audiencePrevious.series.shows);
    const previousViews = single(audiencePrevious.series.views);
    const dailyShows = audienceDaily.series.shows;
    const dailyViews = audienceDaily.series.views;
    const [heatmap, [conversion = null, previousConversion = null], dailyConversion] = await Promise.all([
      math().heatmapFromRanges(heatmapData.ranges),
      math().conversionPercents([views, previousViews], [shows, previousShows]),
      math().conversionPercents(dailyViews, dailyShows),
    ]);
    return {
      tab: "vistors_insight",
      empty: !(shows !== null && shows > 0),
      totals: {
        shows,
        views,
        conversion,
        dwellSeconds: single(attentionTotal.series.dwell_seconds),
        attentionSeconds: single(attentionTotal.series.attention_seconds),
      },
      previous: {
        period,
        totals: {
          shows: previousShows,
          views: previousViews,
          conversion: previousConversion,
          dwellSeconds: single(attentionPrevious.series.dwell_seconds),
          attentionSeconds: single(attentionPrevious.series.attention_seconds),
        },
      },
      daily: {
        days: audienceDaily.ranges.map((r) => bangkokDate(r.from)),
        shows: dailyShows,
        views: dailyViews,
        conversion: dailyConversion,
      },
      heatmap: { averages: heatmap.averages, days: heatmap.days },
    };
  }

  async function leadsBounced({ campaignId, range }: LoadTabInput, opts: O2oCallOptions): Promise<LeadsBouncedData> {
    const { days, period, previousDays } = await rangesWithPrevious(math(), range);
    const [total, daily, previous] = await Promise.all([
      call("/stats/visitor_view/engagement", spanPayload(campaignId, days), "engagement_total", "number", opts),
      call("/stats/visitor_view/engagement", { campaigns: [campaignId], ranges: days }, "engagement_daily", "stacked_bar", opts),
      call("/stats/visitor_view/engagement", spanPayload(campaignId, previousDays), "engagement_total_previous", "number", opts),
    ]);
    const leads = single(total.series.leads);
    const bounced = single(total.series.bounced);
    const [leadsShare = null, bouncedShare = null] = await math().percentShares([leads, bounced]);
    return {
      tab: "leads_bounced",
      empty: !anyPositive([leads, bounced]),
      totals: { leads, bounced },
      previous: { period, totals: { leads: single(previous.series.leads), bounced: single(previous.series.bounced) } },
      shares: { leads: leadsShare, bounced: bouncedShare },
      daily: { days: daily.ranges.map((r) => bangkokDate(r.from)), leads: daily.series.leads, bounced: daily.series.bounced },
    };
  }

  async function viewsConversion({ campaignId, range }: LoadTabInput, opts: O2oCallOptions): Promise<ViewsConversionData> {
    const now = today();
    const [months, graphSpan] = await Promise.all([math().monthlyRanges(range.end, now), math().graphSpan(range.end, now)]);
    const [monthly, content] = await Promise.all([
      call("/stats/graph", { campaigns: [campaignId], audience: { interval: { unit: "month" }, ranges: months } }, "conversion_monthly", "bar", opts),
      call("/stats/graph", { campaigns: [campaignId], content: graphSpan }, "content_daily", "line", opts),
    ]);
    const audience = monthly.audience;
    const buckets = audience?.buckets ?? months;
    const shows = audience?.series.shows ?? buckets.map(() => null);
    const views = audience?.series.views ?? buckets.map(() => null);
    const conversion = await math().conversionPercents(views, shows);
    const contents = campaigns.find((c) => c.id === campaignId)?.contents ?? [];
    const contentResult = content.content;
    const series: ContentSeries[] = Object.entries(contentResult?.series ?? {}).map(([id, values]) => ({
      id: Number(id),
      name: contents.find((c) => String(c.id) === id)?.name ?? `Content ${id}`,
      views: values,
    }));
    return {
      tab: "views_conversion",
      empty: !anyPositive(shows),
      monthly: {
        months: buckets.map((b) => bangkokMonth(b.from)),
        shows,
        views,
        conversion,
      },
      content: {
        span: { start: bangkokDate(graphSpan.from), end: bangkokDate(graphSpan.to) },
        days: (contentResult?.buckets ?? []).map((b) => bangkokDate(b.from)),
        series,
      },
    };
  }

  async function viewsDemographic({ campaignId, range }: LoadTabInput, opts: O2oCallOptions): Promise<ViewsDemographicData> {
    const months = await math().monthlyRanges(range.end, today());
    const monthly = { campaigns: [campaignId], ranges: months };
    const span = spanPayload(campaignId, months);
    const [sex, age, sexAge, emotion] = await Promise.all([
      call("/stats/visitor_view/sex", monthly, "sex_monthly", "bar", opts),
      call("/stats/visitor_view/age", monthly, "age_monthly", "bar", opts),
      call("/stats/visitor_view/sex_age", span, "sex_age_total", "bar", opts),
      call("/stats/visitor_view/emotion", span, "emotion_total", "pie", opts),
    ]);
    const monthIndexes = months.map((_, i) => i);
    const ageViews = monthIndexes.map((i) => AgeBands.map((band) => age.series[band][i] ?? null));
    const sexAgeTotals = SexAgeKeys.map((key) => single(sexAge.series[key]));
    const emotionTotals = Emotions.map((e) => single(emotion.series[e]));
    const w = math();
    const [sexShares, ageShares, sexAgeShares, emotionShares] = await Promise.all([
      Promise.all(monthIndexes.map((i) => w.percentShares([sex.series.men[i] ?? null, sex.series.women[i] ?? null]))),
      Promise.all(ageViews.map((views) => w.percentShares(views))),
      w.percentShares(sexAgeTotals),
      w.percentShares(emotionTotals),
    ]);
    const bands = AgeBands.length;
    return {
      tab: "views_demographic",
      empty: !anyPositive(sexAgeTotals) && !anyPositive(emotionTotals) && !anyPositive([...sex.series.men, ...sex.series.women]),
      months: months.map((m) => bangkokMonth(m.from)),
      span: spanOf(months),
      sex: {
        men: sex.series.men,
        women: sex.series.women,
        shares: sexShares.map(([men = null, women = null]) => ({ men, women })),
      },
      age: { bands: AgeBands, views: ageViews, shares: ageShares },
      sexAge: {
        bands: AgeBands,
        men: sexAgeTotals.slice(0, bands),
        women: sexAgeTotals.slice(bands),
        menShares: sexAgeShares.slice(0, bands),
        womenShares: sexAgeShares.slice(bands),
      },
      emotions: { names: Emotions, views: emotionTotals, shares: emotionShares },
    };
  }

  async function viewsDwellTime({ campaignId, range }: LoadTabInput, opts: O2oCallOptions): Promise<ViewsDwellTimeData> {
    const window = await math().dwellWindow(range.end, today());
    const pairs = await call("/stats/visitor_view/freqattention", { campaigns: [campaignId], from: window.from, to: window.to }, "dwell", "histogram", opts);
    const w = math();
    const [dwell, attention] = await Promise.all([w.dwellDistributionFromPairs(pairs.dwell), w.dwellDistributionFromPairs(pairs.attention)]);
    return {
      tab: "views_dwell_time",
      empty: dwell.total === 0,
      window: { start: bangkokDate(window.from), end: bangkokDate(window.to) },
      dwell,
      attention,
    };
  }

  function loadTab(input: LoadTabInput, signal?: AbortSignal): Promise<O2oTabData> {
    const opts: O2oCallOptions = signal === undefined ? {} : { signal };
    switch (input.tab) {
      case "vistors_insight":
        return visitorsInsight(input, opts);
      case "leads_bounced":
        return leadsBounced(input, opts);
      case "views_conversion":
        return viewsConversion(input, opts);
      case "views_demographic":
        return viewsDemographic(input, opts);
      case "views_dwell_time":
        return viewsDwellTime(input, opts);
    }
  }

  return { loadCampaigns, loadTab };
}
