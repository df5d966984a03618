/**
 * The section sources of CIR reports (issue 17, docs/cir.md): one adapter per SECTION_SOURCES
 * key, each computing a section's data with the module's own service over the section's days and
 * the previous period of equal length, so a section shows the numbers the module page shows for
 * the same view. Every section is computed for the READER: a module they lack the permission for
 * (REPORT_MODULE_PERMISSION; o2o: the campaigns they may read), or a brand they do not hold, makes
 * the section "unavailable" with a sentence.
 *
 * Units: `percent` figures are shares written 0–1 (0.052 is 5.2 %); `ratio` is a multiple (ROAS 3.1×).
 */
import { addDays } from "../../domain/calendarDays";
import { chartPoint, chartPoints, chartStep, resolveSectionRange, type ChartStep, type ResolvedRange } from "../../domain/cir";
import {
  REPORT_MODULE_LABELS, REPORT_MODULE_PERMISSION, SECTION_SOURCES,
  type FigureUnit, type ReportFigure, type ReportRange, type ReportSeries, type Section, type SectionData, type SectionResult,
  type SectionSourceKey, type SectionView,
} from "../../domain/cirContract";
import { COMMERCE_CHANNELS, type CommerceChannel, type CommerceCustomers, type CommerceFigures, type CommerceRequest } from "../../domain/commerce";
import type { AdsFigures, AdsFiguresRequest } from "../../domain/adsContract";
import type { SocialFigures, SocialRequest } from "../../domain/social";
import { KOL_PLATFORMS, type KolOverview, type KolOverviewRequest } from "../../domain/kolContract";
import { AFFILIATE_PLATFORMS, type AffiliateFiguresAnswer, type AffiliateFiguresRequest } from "../../domain/affiliateContract";
import { ChannelFilters, type ChannelFilter } from "../../domain/metrics";
import { defaultSegmentRules, rfmWeightsOf, UNASSIGNED } from "../../domain/rfm";
import { packCustomers, scoreRfm } from "../../domain/rfmScores";
import type { Storage } from "../storage/storage";
import { ServiceError } from "./errors";
import { O2ORollups, type Totals } from "./o2oRollups";

/** The module services a report reads (the same objects the module pages call). */
export interface CirModules {
  readonly commerce: {
    figures(userId: number, req: CommerceRequest): Promise<CommerceFigures>;
    customers(userId: number, req: CommerceRequest): Promise<CommerceCustomers>;
  };
  readonly social: { figures(userId: number, req: SocialRequest): Promise<SocialFigures> };
  readonly ads: { figures(userId: number, req: AdsFiguresRequest): Promise<AdsFigures> };
  readonly kol: { overview(userId: number, req: KolOverviewRequest): Promise<KolOverview> };
  readonly affiliate: { figures(userId: number, req: AffiliateFiguresRequest): Promise<AffiliateFiguresAnswer> };
}

/** What an adapter is given: the reader, the section's view and its resolved days. */
interface Ctx {
  readonly userId: number;
  readonly view: SectionView;
  readonly days: ResolvedRange;
  readonly step: ChartStep;
}

type Adapter = (ctx: Ctx, self: { readonly modules: CirModules; readonly rollups: O2ORollups; o2oCampaigns(userId: number, view: SectionView): Promise<number[]> }) => Promise<SectionData>;

/**
 * The module services with each call made once per computation: a report's chart and figure
 * cards of one view (ecommerce.figures and ecommerce.gmv, say) share one call of the module.
 */
function memoized(modules: CirModules): CirModules {
  const calls = new Map<string, Promise<unknown>>();
  const once = <R>(key: string, run: () => Promise<R>): Promise<R> => {
    let p = calls.get(key) as Promise<R> | undefined;
    if (!p) calls.set(key, (p = run()));
    return p;
  };
  const k = (name: string, userId: number, req: unknown) => JSON.stringify([name, userId, req]);
  return {
    commerce: {
      figures: (u, r) => once(k("commerce.figures", u, r), () => modules.commerce.figures(u, r)),
      customers: (u, r) => once(k("commerce.customers", u, r), () => modules.commerce.customers(u, r)),
    },
    social: { figures: (u, r) => once(k("social.figures", u, r), () => modules.social.figures(u, r)) },
    ads: { figures: (u, r) => once(k("ads.figures", u, r), () => modules.ads.figures(u, r)) },
    kol: { overview: (u, r) => once(k("kol.overview", u, r), () => modules.kol.overview(u, r)) },
    affiliate: { figures: (u, r) => once(k("affiliate.figures", u, r), () => modules.affiliate.figures(u, r)) },
  };
}

const fig = (key: string, label: string, unit: FigureUnit, value: number | null, previous: number | null, better: ReportFigure["better"], definition: string): ReportFigure =>
  ({ key, label, unit, value, previous, better, definition });

/**
 * A summable measure of a module's series (points by their first day, clipped to the range)
 * gathered into the report's points (days up to 62, weeks up to 366, months above). Empty points
 * are 0: the module's series list every period.
 */
function rebucket<P>(points: readonly P[], startOf: (p: P) => string, value: (p: P) => number, days: ResolvedRange, step: ChartStep): ReportSeries["points"] {
  const xs = chartPoints(days.start, days.end, step);
  const sums = new Map<string, number>(xs.map((x) => [x, 0]));
  for (const p of points) {
    const x = chartPoint(startOf(p), step, days.start);
    if (sums.has(x)) sums.set(x, sums.get(x)! + value(p));
  }
  return xs.map((x) => ({ x, y: Math.round(sums.get(x)! * 100) / 100 }));
}

const commerceChannel = (v: SectionView): CommerceChannel =>
  v.channel !== undefined && (COMMERCE_CHANNELS as readonly string[]).includes(v.channel) ? (v.channel as CommerceChannel) : "All channel";
const commerceRequest = (c: Ctx): CommerceRequest => ({ brand: c.view.brand, start: c.days.start, end: c.days.end, channel: commerceChannel(c.view), filter: {} });

const socialRequest = (c: Ctx, channel: ChannelFilter): SocialRequest => ({
  brand: c.view.brand, start: c.days.start, end: c.days.end, channel,
  ...(c.view.pages && c.view.pages.length > 0 ? { pages: [...c.view.pages] } : {}),
});
/** The social channel of a brandEx or MA section: its `channel` when it is one of the top bar's (as the page had it), else all. */
const socialChannel = (v: SectionView): ChannelFilter =>
  v.channel !== undefined && (ChannelFilters as readonly string[]).includes(v.channel) ? (v.channel as ChannelFilter) : "All Channel";

const adsRequest = (c: Ctx): AdsFiguresRequest => {
  const p = c.view.platform ?? c.view.channel;
  const channel: ChannelFilter = p === "facebook" || p === "Facebook" ? "Facebook" : p === "tiktok" || p === "TikTok" ? "TikTok" : "All Channel";
  return { brand: c.view.brand, start: c.days.start, end: c.days.end, channel };
};

const kolRequest = (c: Ctx): KolOverviewRequest => {
  const p = c.view.platform as (typeof KOL_PLATFORMS)[number] | undefined;
  return { brand: c.view.brand, start: c.days.start, end: c.days.end, ...(p && KOL_PLATFORMS.includes(p) ? { platform: p } : {}) };
};

const affiliateRequest = (c: Ctx): AffiliateFiguresRequest => {
  const p = (c.view.platform ?? c.view.channel) as (typeof AFFILIATE_PLATFORMS)[number] | undefined;
  return { brand: c.view.brand, start: c.days.start, end: c.days.end, ...(p && AFFILIATE_PLATFORMS.includes(p) ? { platform: p } : {}) };
};

const D = {
  gmv: "Gross merchandise value: the baskets of every order placed in the range, whatever its status (THB).",
  nmv: "Net merchandise value: GMV less cancelled and returned orders, i.e. the baskets of the completed and pending orders (THB).",
  orders: "Orders placed in the range, every status.",
  customers: "Distinct customers with an order in the range.",
  newCustomers: "Customers whose first order with the brand (any status, any platform, any time) falls in the range.",
  avgBasket: "Average basket size: GMV ÷ orders; none without orders. Neutral: it also rises when small orders are lost.",
  spend: "The sum of the daily ad spend (THB).",
  impressions: "Times the ads were shown, summed.",
  adReach: "The sum of the daily reach of each ad: a person reached on two days, or by two ads, counts twice.",
  clicks: "Link clicks, summed.",
  results: "The results of the campaigns' objectives (purchases, leads, messages, …), summed.",
  ctr: "Click-through rate: clicks ÷ impressions.",
  cpc: "Cost per click: spend ÷ clicks (THB).",
  cpm: "Cost per thousand impressions: spend ÷ impressions × 1,000 (THB).",
  cpr: "Cost per result: spend ÷ results (CPA when the result is a purchase) (THB).",
  roas: "Return on ad spend: purchase value ÷ spend.",
  posts: "Posts published in the range (their publishing time in Bangkok), on the selected pages.",
  postReach: "The sum of the reach of those posts: a person reached by two posts counts twice.",
  engagements: "Per post: reactions + comments + shares + saves, summed (saves only where the platform gives them).",
  engagementRate: "Engagement rate by reach: engagements ÷ post reach, the ratio of the sums; none without reach.",
  followers: "The pages' followers at the end of the range: for each page its last known total on or before the range's last day, summed.",
  netFollowers: "New follows − unfollows over the range.",
  pageViews: "Views of the pages (TikTok: profile views).",
  pageReach: "The pages' own reach: the sum over the days of each day's unique people reached, whatever the posts.",
  follows: "New follows over the range.",
  unfollows: "Unfollows over the range; fewer is better.",
  kolCost: "Σ fees of the KOL bookings that are not cancelled (a fee counts on the day of the booking's first post) (THB).",
  kolPosts: "Posts of those bookings.",
  kolReach: "Σ reach of the KOLs' posts.",
  kolViews: "Σ views of the KOLs' posts.",
  kolEngagements: "Σ (likes + comments + shares + saves) of the KOLs' posts.",
  kolEr: "Engagements ÷ engagement base: the views of TikTok and YouTube posts plus the reach of Instagram and Facebook posts.",
  cpe: "Cost per engagement: cost ÷ engagements (THB).",
  emv: "Earned media value: Σ over the actions (views, likes, comments, shares, saves, clicks) of count × the brand's value of that action (THB).",
  affGmv: "Σ over the affiliates' orders: the matched order's basket, else Σ price × quantity of its rows, whatever the status (THB).",
  affOrders: "Orders the affiliates brought (each once).",
  commission: "Σ commission of the conversions not cancelled (THB).",
  commissionRate: "Commission ÷ affiliate GMV.",
  affRoi: "(GMV − commission) ÷ commission: baht of sales per baht of commission beyond the commission itself.",
  affClicks: "Σ clicks of the affiliates' links where the source gives them; none when no click row falls in the range.",
  gmvShare: "Affiliate GMV ÷ the brand's e-commerce GMV over the same range (same platforms).",
  crmCustomers: "Customers with a counted (completed or pending) order in the range.",
  crmSegments: "Customers of the range in each RFM segment, scored as the CRM page scores them without a KPI template: R, F and M scored 1–5 by quintile over the range's customers (recency: days from the last order to the range's end; frequency: counted orders; monetary: NMV), equal weights, the nine standard segments; beside the same count for the previous period of equal length.",
  revenue: "The NMV of those customers' counted orders (THB).",
  crmOrders: "Their counted (completed or pending) orders.",
  crmBasket: "Revenue ÷ orders; none without orders.",
  repeat: "Customers with two counted orders or more in the range.",
  shows: "People passing in front of the store screens with an opportunity to see them.",
  views: "Shows who looked at the screen.",
  viewRate: "Views conversion: views ÷ shows.",
  leads: "Visitors who stayed engaged.",
  bounced: "Visitors who left at once; fewer is better.",
} as const;

const ADAPTERS: Record<SectionSourceKey, Adapter> = {
  "brandEx.figures": async (c, s) => {
    const f = await s.modules.social.figures(c.userId, socialRequest(c, socialChannel(c.view)));
    const t = f.totals, p = f.previousTotals;
    return {
      kind: "figures", figures: [
        fig("followers", "Followers", "count", t.followers, p.followers, "up", D.followers),
        fig("netFollowers", "Net followers", "count", t.netFollowers, p.netFollowers, "up", D.netFollowers),
        fig("posts", "Posts", "count", t.posts, p.posts, "neutral", D.posts),
        fig("reach", "Post reach", "count", t.reach, p.reach, "up", D.postReach),
        fig("engagements", "Engagements", "count", t.engagements, p.engagements, "up", D.engagements),
        fig("engagementRate", "Engagement rate", "percent", t.engagementRate, p.engagementRate, "up", D.engagementRate),
      ],
    };
  },
  "brandEx.reach": async (c, s) => {
    const f = await s.modules.social.figures(c.userId, socialRequest(c, socialChannel(c.view)));
    return {
      kind: "chart", chart: "line", unit: "count", x: c.step, definition: `Post reach per ${c.step}: ${D.postReach}`,
      series: [{ name: "Post reach", points: rebucket(f.series, (p) => p.start, (p) => p.reach, c.days, c.step) }],
    };
  },
  "ma.figures": async (c, s) => {
    const f = await s.modules.social.figures(c.userId, socialRequest(c, socialChannel(c.view)));
    const t = f.totals, p = f.previousTotals;
    return {
      kind: "figures", figures: [
        fig("followers", "Followers", "count", t.followers, p.followers, "up", D.followers),
        fig("follows", "New follows", "count", t.follows, p.follows, "up", D.follows),
        fig("unfollows", "Unfollows", "count", t.unfollows, p.unfollows, "down", D.unfollows),
        fig("pageReach", "Page reach", "count", t.pageReach, p.pageReach, "up", D.pageReach),
        fig("pageViews", "Page views", "count", t.pageViews, p.pageViews, "up", D.pageViews),
        fig("engagementRate", "Engagement rate", "percent", t.engagementRate, p.engagementRate, "up", D.engagementRate),
      ],
    };
  },
  "ma.engagements": async (c, s) => {
    const f = await s.modules.social.figures(c.userId, socialRequest(c, socialChannel(c.view)));
    return {
      kind: "chart", chart: "bar", unit: "count", x: c.step, definition: `Engagements per ${c.step} of the pages in view: ${D.engagements}`,
      series: [{ name: "Engagements", points: rebucket(f.series, (p) => p.start, (p) => p.engagements, c.days, c.step) }],
    };
  },
  "ads.figures": async (c, s) => {
    const f = await s.modules.ads.figures(c.userId, adsRequest(c));
    const t = f.totals, p = f.previous;
    return {
      kind: "figures", figures: [
        fig("spend", "Spend", "money", t.spend, p.spend, "neutral", D.spend),
        fig("impressions", "Impressions", "count", t.impressions, p.impressions, "up", D.impressions),
        fig("clicks", "Clicks", "count", t.clicks, p.clicks, "up", D.clicks),
        fig("results", "Results", "count", t.results, p.results, "up", D.results),
        fig("ctr", "CTR", "percent", t.ctr, p.ctr, "up", D.ctr),
        fig("cpc", "CPC", "money", t.cpc, p.cpc, "down", D.cpc),
        fig("cpm", "CPM", "money", t.cpm, p.cpm, "down", D.cpm),
        fig("costPerResult", "Cost per result", "money", t.costPerResult, p.costPerResult, "down", D.cpr),
        fig("roas", "ROAS", "ratio", t.roas, p.roas, "up", D.roas),
      ],
    };
  },
  "ads.spend": async (c, s) => {
    const f = await s.modules.ads.figures(c.userId, adsRequest(c));
    return {
      kind: "chart", chart: "bar", unit: "money", x: c.step, definition: `Ad spend per ${c.step}: ${D.spend}`,
      series: [{ name: "Spend", points: rebucket(f.series, (p) => p.start, (p) => p.spend, c.days, c.step) }],
    };
  },
  "kol.figures": async (c, s) => {
    const f = await s.modules.kol.overview(c.userId, kolRequest(c));
    const t = f.totals, p = f.previous;
    return {
      kind: "figures", figures: [
        fig("cost", "Cost", "money", t.cost, p.cost, "neutral", D.kolCost),
        fig("posts", "Posts", "count", t.posts, p.posts, "up", D.kolPosts),
        fig("reach", "Reach", "count", t.reach, p.reach, "up", D.kolReach),
        fig("views", "Views", "count", t.views, p.views, "up", D.kolViews),
        fig("engagements", "Engagements", "count", t.engagements, p.engagements, "up", D.kolEngagements),
        fig("engagementRate", "Engagement rate", "percent", t.engagementRate, p.engagementRate, "up", D.kolEr),
        fig("cpe", "CPE", "money", t.cpe, p.cpe, "down", D.cpe),
        fig("emv", "EMV", "money", t.emv, p.emv, "up", D.emv),
      ],
    };
  },
  "kol.campaigns": async (c, s) => {
    const f = await s.modules.kol.overview(c.userId, kolRequest(c));
    const campaigns = c.view.campaign !== undefined ? f.campaigns.filter((k) => k.id === c.view.campaign) : f.campaigns;
    return {
      kind: "chart", chart: "bar", unit: "money", x: "category",
      definition: `Cost of each KOL campaign whose dates overlap the range (the campaign's own figures): ${D.kolCost}`,
      series: [{ name: "Cost", points: campaigns.map((k) => ({ x: k.name, y: k.figures.cost })) }],
    };
  },
  "ecommerce.figures": async (c, s) => {
    const f = await s.modules.commerce.figures(c.userId, commerceRequest(c));
    const t = f.totals, p = f.previous.totals;
    return {
      kind: "figures", figures: [
        fig("gmv", "GMV", "money", t.gmv, p.gmv, "up", D.gmv),
        fig("nmv", "NMV", "money", t.nmv, p.nmv, "up", D.nmv),
        fig("orders", "Orders", "count", t.orders, p.orders, "up", D.orders),
        fig("customers", "Customers", "count", t.customers, p.customers, "up", D.customers),
        fig("newCustomers", "New customers", "count", t.newCustomers, p.newCustomers, "up", D.newCustomers),
        fig("avgBasket", "Average basket size", "money", t.avgBasket, p.avgBasket, "neutral", D.avgBasket),
      ],
    };
  },
  "ecommerce.gmv": async (c, s) => {
    const f = await s.modules.commerce.figures(c.userId, commerceRequest(c));
    return {
      kind: "chart", chart: "line", unit: "money", x: c.step, definition: `GMV and NMV per ${c.step}. ${D.gmv} ${D.nmv}`,
      series: [
        { name: "GMV", points: rebucket(f.series, (p) => p.period, (p) => p.gmv, c.days, c.step) },
        { name: "NMV", points: rebucket(f.series, (p) => p.period, (p) => p.nmv, c.days, c.step) },
      ],
    };
  },
  "ecommerce.channels": async (c, s) => {
    const f = await s.modules.commerce.figures(c.userId, commerceRequest(c));
    return {
      kind: "chart", chart: "bar", unit: "money", x: "category", definition: `GMV of each sales channel (platform) over the range. ${D.gmv}`,
      series: [{ name: "GMV", points: f.byPlatform.map((b) => ({ x: b.key, y: b.gmv })) }],
    };
  },
  "crm.figures": async (c, s) => {
    const f = await s.modules.commerce.customers(c.userId, commerceRequest(c));
    const sum = (k: CommerceCustomers["current"]["customers"]) => {
      const orders = k.frequency.reduce((a, b) => a + b, 0);
      const revenue = Math.round(k.monetary.reduce((a, b) => a + b * 100, 0)) / 100;
      return { customers: k.ids.length, orders, revenue, basket: orders === 0 ? null : Math.round((revenue / orders) * 100) / 100, repeat: k.frequency.filter((x) => x >= 2).length };
    };
    const t = sum(f.current.customers), p = sum(f.previous.customers);
    return {
      kind: "figures", figures: [
        fig("customers", "Customers", "count", t.customers, p.customers, "up", D.crmCustomers),
        fig("revenue", "Revenue", "money", t.revenue, p.revenue, "up", D.revenue),
        fig("orders", "Orders", "count", t.orders, p.orders, "up", D.crmOrders),
        fig("avgBasket", "Average basket", "money", t.basket, p.basket, "up", D.crmBasket),
        fig("repeatCustomers", "Repeat customers", "count", t.repeat, p.repeat, "up", D.repeat),
      ],
    };
  },
  "crm.segments": async (c, s) => {
    const f = await s.modules.commerce.customers(c.userId, commerceRequest(c));
    // Scored as the CRM page scores without a KPI template: equal weights, the nine standard segments.
    const rules = defaultSegmentRules();
    const weights = rfmWeightsOf(null);
    const counts = (k: CommerceCustomers["current"]["customers"]): number[] => {
      const scored = scoreRfm(packCustomers(k), weights, rules);
      const n = new Array<number>(rules.length + 1).fill(0);
      for (const seg of scored.segment) n[seg < 0 ? rules.length : seg]! += 1;
      return n;
    };
    const now = counts(f.current.customers), before = counts(f.previous.customers);
    const names = [...rules.map((r) => r.name), UNASSIGNED];
    const keep = names.map((_, i) => i).filter((i) => i < rules.length || now[i]! > 0 || before[i]! > 0);
    return {
      kind: "chart", chart: "bar", unit: "count", x: "category", definition: D.crmSegments,
      series: [
        { name: "This period", points: keep.map((i) => ({ x: names[i]!, y: now[i]! })) },
        { name: "Previous period", points: keep.map((i) => ({ x: names[i]!, y: before[i]! })) },
      ],
    };
  },
  "affiliate.figures": async (c, s) => {
    const f = await s.modules.affiliate.figures(c.userId, affiliateRequest(c));
    const t = f.totals, p = f.previous;
    return {
      kind: "figures", figures: [
        fig("gmv", "Affiliate GMV", "money", t.gmv, p.gmv, "up", D.affGmv),
        fig("orders", "Orders", "count", t.orders, p.orders, "up", D.affOrders),
        fig("commission", "Commission", "money", t.commission, p.commission, "neutral", D.commission),
        fig("commissionRate", "Commission rate", "percent", t.commissionRate, p.commissionRate, "down", D.commissionRate),
        fig("roi", "ROI", "ratio", t.roi, p.roi, "up", D.affRoi),
        fig("clicks", "Clicks", "count", t.clicks, p.clicks, "up", D.affClicks),
        fig("gmvShare", "Share of e-commerce GMV", "percent", f.gmvShare, f.previousGmvShare, "up", D.gmvShare),
      ],
    };
  },
  "affiliate.gmv": async (c, s) => {
    const f = await s.modules.affiliate.figures(c.userId, affiliateRequest(c));
    return {
      kind: "chart", chart: "line", unit: "money", x: c.step, definition: `Affiliate GMV per ${c.step}: ${D.affGmv}`,
      series: [{ name: "Affiliate GMV", points: rebucket(f.series, (p) => p.start, (p) => p.gmv, c.days, c.step) }],
    };
  },
  "o2o.figures": async (c, s) => {
    const campaigns = await s.o2oCampaigns(c.userId, c.view);
    const [t, p] = await s.rollups.totals({ campaigns, ranges: [unixRange(c.days.start, c.days.end), unixRange(c.days.previousStart, c.days.previousEnd)] });
    const rate = (x: Totals | undefined) => (x?.views != null && x.shows ? x.views / x.shows : null);
    return {
      kind: "figures", figures: [
        fig("shows", "Shows", "count", t?.shows ?? null, p?.shows ?? null, "up", D.shows),
        fig("views", "Views", "count", t?.views ?? null, p?.views ?? null, "up", D.views),
        fig("viewRate", "Views conversion", "percent", rate(t), rate(p), "up", D.viewRate),
        fig("leads", "Leads", "count", t?.leads ?? null, p?.leads ?? null, "up", D.leads),
        fig("bounced", "Bounced", "count", t?.bounced ?? null, p?.bounced ?? null, "down", D.bounced),
      ],
    };
  },
  "o2o.views": async (c, s) => {
    const campaigns = await s.o2oCampaigns(c.userId, c.view);
    const xs = chartPoints(c.days.start, c.days.end, c.step);
    const ranges = xs.map((x, i) => {
      const first = c.step === "month" ? (i === 0 ? c.days.start : `${x}-01`) : x;
      const next = xs[i + 1];
      const last = next === undefined ? c.days.end : addDays(c.step === "month" ? `${next}-01` : next, -1);
      return unixRange(first, last);
    });
    const totals = await s.rollups.totals({ campaigns, ranges });
    return {
      kind: "chart", chart: "line", unit: "count", x: c.step, definition: `Views per ${c.step} of the brand's store-screen campaigns you may read: ${D.views}`,
      series: [
        { name: "Shows", points: xs.map((x, i) => ({ x, y: totals[i]?.shows ?? null })) },
        { name: "Views", points: xs.map((x, i) => ({ x, y: totals[i]?.views ?? null })) },
      ],
    };
  },
};

/** [from, to) unix seconds of Bangkok days `first`…`last`. */
function unixRange(first: string, last: string) {
  return { from: Date.parse(`${first}T00:00:00+07:00`) / 1000, to: Date.parse(`${addDays(last, 1)}T00:00:00+07:00`) / 1000 };
}

/** Thrown by an adapter: the section cannot be shown to this reader, and why. */
class Unavailable extends Error {}

export class CirSources {
  readonly rollups: O2ORollups;

  /**
   * @param modules - the module services (a function: the server's deps are wired after this)
   * @param beforeO2o - run before the o2o rollups are read (the demo continues them to the last hour)
   */
  constructor(private readonly db: Storage, private readonly modulesOf: () => CirModules, private readonly beforeO2o: () => Promise<unknown> = async () => undefined) {
    this.rollups = new O2ORollups(db);
  }

  get modules(): CirModules {
    return this.modulesOf();
  }

  /**
   * The o2o campaigns of a section the reader may read: those of the section's brand
   * (brand_o2o_campaigns) among the reader's own (user_o2o_campaigns) and their brands'; the
   * section's campaign alone when it names one.
   */
  async o2oCampaigns(userId: number, view: SectionView): Promise<number[]> {
    await this.beforeO2o();
    const res = await this.db.query<{ id: number }>(
      `SELECT bc.campaign_id AS id
         FROM brand_o2o_campaigns bc JOIN brands b ON b.id = bc.brand_id
        WHERE b.name = $2
          AND (bc.campaign_id IN (SELECT campaign_id FROM user_o2o_campaigns WHERE user_id = $1)
               OR bc.campaign_id IN (SELECT x.campaign_id FROM brand_o2o_campaigns x JOIN user_brands ub ON ub.brand_id = x.brand_id WHERE ub.user_id = $1))
        ORDER BY 1`,
      [userId, view.brand],
    );
    const ids = res.rows.map((r) => Number(r.id));
    if (view.campaign !== undefined) {
      if (!ids.includes(view.campaign)) throw new Unavailable(`You do not have access to the O2O campaign ${view.campaign} of ${view.brand}.`);
      return [view.campaign];
    }
    if (ids.length === 0) throw new Unavailable(`You do not have access to any O2O campaign of ${view.brand}.`);
    return ids;
  }

  /** The data of the source sections for the reader (text sections left out), as of `today` (a Bangkok day). */
  async compute(userId: number, range: ReportRange, sections: readonly Section[], today: string): Promise<SectionResult[]> {
    const res = await this.db.query<{ permissions: string[]; brands: string[] | null }>(
      `SELECT u.permissions, (SELECT array_agg(b.name) FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = u.id) AS brands
         FROM users u WHERE u.id = $1`,
      [userId],
    );
    const permissions = new Set(res.rows[0]?.permissions ?? []);
    const brands = new Set(res.rows[0]?.brands ?? []);
    const out: SectionResult[] = [];
    const self = { modules: memoized(this.modules), rollups: this.rollups, o2oCampaigns: (u: number, v: SectionView) => this.o2oCampaigns(u, v) };
    for (const s of sections) {
      if (s.type !== "source") continue;
      const src = SECTION_SOURCES[s.source];
      const title = s.title ?? src.title;
      const base = { id: s.id, title, module: src.module } as const;
      const need = REPORT_MODULE_PERMISSION[src.module];
      if (need !== null && !permissions.has(need)) {
        out.push({ ...base, status: "unavailable", reason: `You do not have access to ${REPORT_MODULE_LABELS[src.module]}.` });
        continue;
      }
      if (!brands.has(s.view.brand)) {
        out.push({ ...base, status: "unavailable", reason: `You do not hold the brand ${s.view.brand}.` });
        continue;
      }
      const days = resolveSectionRange(s.view.range, range, today);
      try {
        const data = await ADAPTERS[s.source]({ userId, view: s.view, days, step: chartStep(days.days) }, self);
        out.push({ ...base, status: "ok", brand: s.view.brand, start: days.start, end: days.end, previousStart: days.previousStart, previousEnd: days.previousEnd, data });
      } catch (e) {
        if (e instanceof Unavailable) out.push({ ...base, status: "unavailable", reason: e.message });
        else if (e instanceof ServiceError && e.kind !== "bad_gateway") out.push({ ...base, status: "unavailable", reason: `${REPORT_MODULE_LABELS[src.module]} refused this view: ${e.message}.` });
        else throw e;
      }
    }
    return out;
  }
}
