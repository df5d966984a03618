/**
 * `/sale` (issue 17, docs/sale.md): a brand's sales across online and offline over a range,
 * against the previous period of equal length. Knows nothing of HTTP: takes ids and requests,
 * throws ServiceError.
 *
 * - Totals and channels are the E-Commerce figures themselves (`CommerceService.figures` over all
 *   channels, no filter): the same definitions and numbers as `/user/commerce-figures`, summed
 *   from the same in-memory order columns. Units (not an E-Commerce figure) are the items of the
 *   same orders, from the daily product rows.
 * - Days: the E-Commerce figures' daily series (one call per {@link DAY_MAX_DAYS} days, where
 *   E-Commerce answers per day), with the o2o views of the brand's campaigns per Bangkok day
 *   from the hourly rollups (`O2ORollups.totals`: null where no campaign was measured).
 * - The correlation over the days with both (domain/sale.ts).
 *
 * Access: the brand must be one of the user's (the commerce scope answers 403 naming `brand`);
 * the brand's o2o campaigns (`brand_o2o_campaigns`) are read by every user who holds the brand.
 */
import { addDays, daysInclusive, isDay } from "../../domain/calendarDays";
import type { CommerceFigures, CommerceRequest } from "../../domain/commerce";
import { BANGKOK_OFFSET_SECONDS, DAY_SECONDS } from "../../domain/o2oConstants";
import { salePreviousPeriod, saleCorrelation } from "../../domain/sale";
import { SALE_MAX_DAYS, type SaleChannel, type SaleDay, type SaleRequest, type SaleSummary, type SaleTotals } from "../../domain/saleContract";
import type { Storage } from "../storage/storage";
import { DAY_MAX_DAYS, type CommerceService } from "./commerce";
import { ServiceError } from "./errors";
import type { O2ORollups } from "./o2oRollups";

/** The Bangkok midnight starting a day, in unix seconds. */
const bangkokMidnight = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000 - BANGKOK_OFFSET_SECONDS;

/** The request of the E-Commerce figures over every channel, unfiltered. */
const commerceRequest = (brand: string, start: string, end: string): CommerceRequest =>
  ({ brand, start, end, channel: "All channel", filter: {} });

interface Period {
  readonly start: string;
  readonly end: string;
}

export class SaleService {
  /**
   * @param commerce - the E-Commerce figures (the runtime's instance: with the demo on, it
   *   continues the demo orders to today before it reads)
   * @param rollups - the o2o hourly rollups
   * @param o2oReady - awaited before the rollups are read (the demo's o2o top-up; a no-op otherwise)
   */
  constructor(
    private readonly db: Pick<Storage, "query">,
    private readonly commerce: Pick<CommerceService, "figures">,
    private readonly rollups: O2ORollups,
    private readonly o2oReady: () => Promise<unknown> = async () => undefined,
  ) {}

  /**
   * The sales summary of a brand over a range (domain/saleContract.ts).
   *
   * @throws ServiceError invalid (field start or end) for a range that is not one or is longer than {@link SALE_MAX_DAYS}
   * @throws ServiceError forbidden (field brand) when the brand is not one of the user's
   */
  async summary(userId: number, req: SaleRequest): Promise<SaleSummary> {
    if (!isDay(req.start)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "start" });
    if (!isDay(req.end)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "end" });
    if (req.end < req.start) throw new ServiceError("invalid", "must not be before start", { field: "end" });
    const length = daysInclusive(req.start, req.end);
    if (length > SALE_MAX_DAYS) throw new ServiceError("invalid", `the range may cover at most ${SALE_MAX_DAYS} days (it covers ${length})`, { field: "end" });
    const current: Period = { start: req.start, end: req.end };
    const prev = salePreviousPeriod(req.start, req.end);
    const previous: Period = { start: prev.start, end: prev.end };

    // First: checks the brand (403) and, with the demo on, continues the demo orders.
    const figures = await this.commerce.figures(userId, commerceRequest(req.brand, current.start, current.end));
    const [before, units, campaigns] = await Promise.all([
      this.commerce.figures(userId, commerceRequest(req.brand, previous.start, previous.end)),
      this.units(req.brand, current, previous),
      this.o2oReady().then(() => this.campaigns(req.brand)),
    ]);
    const ids = campaigns.map((c) => c.id);
    const [days, previousDays] = await Promise.all([
      this.days(userId, req.brand, current, figures, ids),
      this.days(userId, req.brand, previous, before, ids),
    ]);
    const [start, end] = [bangkokMidnight(current.start), bangkokMidnight(addDays(current.end, 1))];
    const ran = new Set(await this.ranIn(ids, start, end));
    const now = saleCorrelation(days);
    const then = saleCorrelation(previousDays);
    return {
      start: current.start,
      end: current.end,
      previousStart: previous.start,
      previousEnd: previous.end,
      totals: totalsOf(figures, units.current),
      previous: totalsOf(before, units.previous),
      channels: channelsOf(figures, before),
      days,
      o2o: {
        campaigns: campaigns.filter((c) => ran.has(c.id)),
        days: now.days,
        correlation: now.correlation,
        previousCorrelation: then.correlation,
      },
    };
  }

  /** Items in the orders of each period (every status, as GMV), from the daily product rows. */
  private async units(brand: string, current: Period, previous: Period): Promise<{ current: number; previous: number }> {
    const row = (await this.db.query<{ current: number; previous: number }>(`
SELECT coalesce(sum(d.quantity) FILTER (WHERE d.day >= $2::date), 0)::float8 AS current,
       coalesce(sum(d.quantity) FILTER (WHERE d.day < $2::date), 0)::float8 AS previous
  FROM order_product_days d JOIN brands b ON b.id = d.brand_id
 WHERE b.name = $1 AND d.day >= $3::date AND d.day <= $4::date`, [brand, current.start, previous.start, current.end])).rows[0];
    return { current: row?.current ?? 0, previous: row?.previous ?? 0 };
  }

  /** The brand's o2o campaigns (every one its users read), by id. */
  private async campaigns(brand: string): Promise<Array<{ id: number; name: string }>> {
    return (await this.db.query<{ id: number; name: string }>(`
SELECT c.id, c.name FROM brand_o2o_campaigns bc
  JOIN brands b ON b.id = bc.brand_id JOIN o2o_campaigns c ON c.id = bc.campaign_id
 WHERE b.name = $1 ORDER BY c.id`, [brand])).rows.map((r) => ({ id: Number(r.id), name: r.name }));
  }

  /** The campaigns with any rollup in [from, to) (unix seconds): the ones that ran. */
  private async ranIn(ids: readonly number[], from: number, to: number): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await this.db.query<{ id: number }>(`
SELECT c.id FROM unnest($1::int[]) AS c(id)
 WHERE EXISTS (SELECT 1 FROM o2o_hourly h WHERE h.campaign_id = c.id AND h.hour >= $2 AND h.hour < $3)`, [ids, from, to])).rows.map((r) => Number(r.id));
  }

  /**
   * Every day of a period: GMV and orders from the E-Commerce daily series (the period's own
   * figures when it is short enough to be answered per day, else one call per
   * {@link DAY_MAX_DAYS} days), and the views of the campaigns per Bangkok day.
   */
  private async days(userId: number, brand: string, period: Period, whole: CommerceFigures, campaigns: readonly number[]): Promise<SaleDay[]> {
    const series: Array<{ period: string; gmv: number; orders: number }> = [];
    if (whole.granularity === "day") {
      series.push(...whole.series);
    } else {
      for (let start = period.start; start <= period.end; start = addDays(start, DAY_MAX_DAYS)) {
        const last = addDays(start, DAY_MAX_DAYS - 1);
        const end = last < period.end ? last : period.end;
        const part = await this.commerce.figures(userId, commerceRequest(brand, start, end));
        series.push(...part.series);
      }
    }
    const dayList = series.map((s) => s.period);
    const views = campaigns.length === 0
      ? dayList.map(() => null)
      : (await this.rollups.totals({
        campaigns,
        ranges: dayList.map((d) => { const from = bangkokMidnight(d); return { from, to: from + DAY_SECONDS }; }),
      })).map((t) => t.views);
    return series.map((s, i) => ({ day: s.period, gmv: s.gmv, orders: s.orders, views: views[i] ?? null }));
  }
}

function totalsOf(f: CommerceFigures, units: number): SaleTotals {
  const t = f.totals;
  return { gmv: t.gmv, nmv: t.nmv, orders: t.orders, units, buyers: t.customers };
}

/** The channels of either period, by GMV of the range (then previous GMV, then name). */
function channelsOf(now: CommerceFigures, before: CommerceFigures): SaleChannel[] {
  const keys = new Set([...now.byPlatform.map((b) => b.key), ...before.byPlatform.map((b) => b.key)]);
  return [...keys].map((channel) => {
    const a = now.byPlatform.find((b) => b.key === channel);
    const p = before.byPlatform.find((b) => b.key === channel);
    return { channel, gmv: a?.gmv ?? 0, nmv: a?.nmv ?? 0, orders: a?.orders ?? 0, previousGmv: p?.gmv ?? 0, previousOrders: p?.orders ?? 0 };
  }).sort((x, y) => y.gmv - x.gmv || y.previousGmv - x.previousGmv || (x.channel < y.channel ? -1 : 1));
}
