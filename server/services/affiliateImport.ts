/**
 * Importing affiliate conversions (issue 16, docs/affiliate-import.md): a Shopee Affiliate or
 * Lazada affiliate conversion report, or the documented affiliate CSV, into one brand's
 * conversions. All or nothing (every row is checked before anything is written, then one
 * transaction) and idempotent: a conversion item is keyed by (brand, platform, order id, its line
 * within the order in the file), an item already stored as the file has it is left alone, a
 * changed one is overwritten; an order's stored items past the file's last line of it go. The
 * demo's conversions (and clicks) of the brand on a platform the file brings real ones for are
 * removed (`demoRemoved`), and the demo writes none there again. Clicks are left alone. Knows
 * nothing of HTTP: it takes bytes and names and throws ServiceError.
 */
import type { AffiliatePlatform, ImportAffiliateResult } from "../../domain/affiliateContract";
import { MAX_LISTED_ROW_ERRORS } from "../../domain/metrics";
import { FileRefusedError, UnreadableFileError, parseAffiliateFile, type ConversionRow, type ParsedAffiliate } from "../import/affiliate";
import type { Storage } from "../storage/storage";
import { ServiceError } from "./errors";
import { ImportRefusedError } from "./metrics";

export { ImportRefusedError } from "./metrics";

/** Largest file an affiliate import takes. */
export const AFFILIATE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows per statement that compares and writes. */
const WRITE_BATCH = 5_000;

/** Who imports: a signed-in user (only their brands) or the CLI (any brand). */
export interface AffiliateImportScope { readonly userId?: number }

export interface AffiliateImportOptions {
  /** Check the file and count what would change, but write nothing. */
  readonly dryRun?: boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * One batch of rows ($2…$16 as columns): which are new and which differ from the stored item
 * (`k`: 1-based position in the batch), and (unless $17, a dry run) the new and changed ones written.
 */
const WRITE_SQL = `
WITH n AS (
  SELECT * FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::timestamptz[], $8::timestamptz[], $9::date[],
                       $10::text[], $11::numeric[], $12::int[], $13::numeric[], $14::numeric[], $15::text[], $16::text[])
         WITH ORDINALITY AS n(platform, order_id, line, affiliate, sub_id, click_time, ordered_at, day, item, price, quantity,
                              commission_rate, commission, status, status_raw, k)
), cmp AS MATERIALIZED (
  SELECT n.*, t.order_id IS NULL AS fresh
    FROM n LEFT JOIN affiliate_conversions t ON t.brand_id = $1 AND t.platform = n.platform AND t.order_id = n.order_id AND t.line = n.line
   WHERE t.order_id IS NULL OR t.demo OR t.source <> $18
      OR (t.affiliate, t.sub_id, t.click_time, t.ordered_at, t.item, t.price, t.quantity, t.commission_rate, t.commission, t.status, t.status_raw)
         IS DISTINCT FROM (n.affiliate, n.sub_id, n.click_time, n.ordered_at, n.item, n.price, n.quantity, n.commission_rate, n.commission, n.status, n.status_raw)
), ins AS (
  INSERT INTO affiliate_conversions AS t (brand_id, platform, order_id, line, affiliate, sub_id, click_time, ordered_at, day, item, price, quantity,
                                          commission_rate, commission, status, status_raw, source, demo)
  SELECT $1, platform, order_id, line, affiliate, sub_id, click_time, ordered_at, day, item, price, quantity,
         commission_rate, commission, status, status_raw, $18, false
    FROM cmp WHERE NOT $17
  ON CONFLICT (brand_id, platform, order_id, line) DO UPDATE
     SET affiliate = EXCLUDED.affiliate, sub_id = EXCLUDED.sub_id, click_time = EXCLUDED.click_time, ordered_at = EXCLUDED.ordered_at,
         day = EXCLUDED.day, item = EXCLUDED.item, price = EXCLUDED.price, quantity = EXCLUDED.quantity,
         commission_rate = EXCLUDED.commission_rate, commission = EXCLUDED.commission, status = EXCLUDED.status,
         status_raw = EXCLUDED.status_raw, source = EXCLUDED.source, demo = false
  RETURNING 1
)
SELECT (SELECT count(*) FROM cmp WHERE fresh)::int AS inserted, (SELECT count(*) FROM cmp WHERE NOT fresh)::int AS updated,
       (SELECT count(*) FROM ins)::int AS written`;

export class AffiliateImportService {
  /** The imports of this server, one at a time (the comparison must see what the one before wrote). */
  private turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Storage,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The brand's id; a user may only name one of their brands. */
  private async brandId(brand: string, scope: AffiliateImportScope): Promise<number> {
    const name = brand.trim();
    if (name === "") throw new ServiceError("invalid", "is required", { field: "brand" });
    if (scope.userId !== undefined) {
      const res = await this.db.query<{ id: number }>(
        "SELECT b.id FROM brands b JOIN user_brands ub ON ub.brand_id = b.id WHERE ub.user_id = $1 AND b.name = $2", [scope.userId, name],
      );
      if (res.rows.length === 0) throw new ServiceError("forbidden", `"${name}" is not one of your brands`, { field: "brand" });
      return res.rows[0]!.id;
    }
    const res = await this.db.query<{ id: number }>("SELECT id FROM brands WHERE name = $1", [name]);
    if (res.rows.length === 0) throw new ServiceError("invalid", `no brand named "${name}"`, { field: "brand" });
    return res.rows[0]!.id;
  }

  /**
   * Imports one affiliate report into a brand.
   *
   * @throws ImportRefusedError (400, with every bad row) when the file or any row is refused: nothing is written
   * @throws ServiceError forbidden (field brand) when the brand is not one of the user's; too_large (field file)
   */
  async importFile(bytes: Uint8Array, fields: { readonly brand: string }, scope: AffiliateImportScope = {}, opts: AffiliateImportOptions = {}): Promise<ImportAffiliateResult> {
    if (bytes.length > AFFILIATE_IMPORT_MAX_BYTES) throw new ServiceError("too_large", `is larger than ${AFFILIATE_IMPORT_MAX_BYTES} bytes`, { field: "file" });
    const brandId = await this.brandId(fields.brand, scope);
    const parsed = this.parse(bytes);
    const mine = this.turn.then(() => this.write(brandId, fields.brand.trim(), parsed, opts.dryRun === true));
    this.turn = mine.then(() => undefined, () => undefined);
    return mine;
  }

  /** Reads and checks the file; any bad row refuses the whole file. */
  private parse(bytes: Uint8Array): ParsedAffiliate {
    let parsed: ParsedAffiliate;
    try {
      parsed = parseAffiliateFile(bytes, { now: this.now() });
    } catch (err) {
      if (err instanceof FileRefusedError || err instanceof UnreadableFileError) {
        const rows = err.line !== undefined ? [{ line: err.line, reason: err.message }] : [];
        throw new ImportRefusedError(`${err.line !== undefined ? `line ${err.line}: ` : ""}${err.message}`, rows);
      }
      throw err;
    }
    if (parsed.errors.length > 0) {
      const lines = new Set(parsed.errors.map((e) => e.line)).size;
      const listed = parsed.errors.slice(0, MAX_LISTED_ROW_ERRORS);
      throw new ImportRefusedError(
        `${plural(lines, "row")} cannot be imported, so nothing was imported${parsed.errors.length > listed.length ? ` (the first ${listed.length} problems are listed)` : ""}`,
        listed,
      );
    }
    return parsed;
  }

  /** Compares and (unless a dry run) writes, in one transaction. */
  private async write(brandId: number, brand: string, parsed: ParsedAffiliate, dryRun: boolean): Promise<ImportAffiliateResult> {
    const rows = parsed.conversions;
    const platforms = [...new Set(rows.map((r) => r.platform))] as AffiliatePlatform[];
    const orderKeys = new Map<string, { platform: string; orderId: string; lines: number }>();
    for (const r of rows) {
      const key = `${r.platform}\u001f${r.orderId}`;
      const o = orderKeys.get(key);
      if (o === undefined) orderKeys.set(key, { platform: r.platform, orderId: r.orderId, lines: r.itemLine });
      else o.lines = Math.max(o.lines, r.itemLine);
    }
    const orders = [...orderKeys.values()];
    const days = rows.map((r) => r.day).sort();
    const counts = await this.db.transaction(async (tx) => {
      if (this.db.kind !== "pglite") await tx.query("SELECT pg_advisory_xact_lock(7016, $1)", [brandId]);
      let demoRemoved: number;
      if (!dryRun) {
        demoRemoved = (await tx.query("DELETE FROM affiliate_conversions WHERE brand_id = $1 AND platform = ANY($2::text[]) AND demo", [brandId, platforms])).affectedRows;
        await tx.query("DELETE FROM affiliate_clicks WHERE brand_id = $1 AND platform = ANY($2::text[]) AND demo", [brandId, platforms]);
      } else {
        demoRemoved = Number((await tx.query<{ n: string }>(
          "SELECT count(*) AS n FROM affiliate_conversions WHERE brand_id = $1 AND platform = ANY($2::text[]) AND demo", [brandId, platforms],
        )).rows[0]!.n);
      }
      let inserted = 0;
      let updated = 0;
      for (let i = 0; i < rows.length; i += WRITE_BATCH) {
        const r = (await tx.query<{ inserted: number; updated: number }>(WRITE_SQL, [brandId, ...columns(rows.slice(i, i + WRITE_BATCH)), dryRun, parsed.format])).rows[0]!;
        inserted += r.inserted;
        updated += r.updated;
      }
      // Stored items of the file's orders past the file's last line of them (the order lost an item).
      if (!dryRun) {
        await tx.query(
          `DELETE FROM affiliate_conversions t USING unnest($2::text[], $3::text[], $4::int[]) AS n(platform, order_id, lines)
            WHERE t.brand_id = $1 AND t.platform = n.platform AND t.order_id = n.order_id AND t.line > n.lines`,
          [brandId, orders.map((o) => o.platform), orders.map((o) => o.orderId), orders.map((o) => o.lines)],
        );
      }
      const matched = Number((await tx.query<{ n: string }>(
        `SELECT count(*) AS n FROM unnest($2::text[], $3::text[]) AS n(platform, order_id)
          WHERE EXISTS (SELECT 1 FROM orders o WHERE o.brand_id = $1 AND o.platform = n.platform AND o.order_id = n.order_id)`,
        [brandId, orders.map((o) => o.platform), orders.map((o) => o.orderId)],
      )).rows[0]!.n);
      if (dryRun) throw new DryRunDone({ inserted, updated, demoRemoved, matched });
      return { inserted, updated, demoRemoved, matched };
    }).catch((err: unknown) => {
      if (err instanceof DryRunDone) return err.counts;
      throw err;
    });
    return {
      format: parsed.format,
      encoding: parsed.encoding,
      brand,
      rows: parsed.rows,
      orders: orders.length,
      matched: counts.matched,
      inserted: counts.inserted,
      updated: counts.updated,
      unchanged: rows.length - counts.inserted - counts.updated,
      demoRemoved: counts.demoRemoved,
      first: days[0] ?? null,
      last: days[days.length - 1] ?? null,
      notes: [],
    };
  }
}

/** Ends a dry run's transaction (rolled back) with its counts. */
class DryRunDone extends Error {
  constructor(readonly counts: { inserted: number; updated: number; demoRemoved: number; matched: number }) {
    super("dry run");
  }
}

/** A batch as the columns of WRITE_SQL ($2…$16). */
function columns(batch: readonly ConversionRow[]): unknown[] {
  return [
    batch.map((r) => r.platform), batch.map((r) => r.orderId), batch.map((r) => r.itemLine), batch.map((r) => r.affiliate),
    batch.map((r) => r.subId), batch.map((r) => r.clickTime), batch.map((r) => r.orderedAt), batch.map((r) => r.day),
    batch.map((r) => r.item), batch.map((r) => r.price.toFixed(2)), batch.map((r) => r.quantity),
    batch.map((r) => (r.commissionRate === null ? null : String(r.commissionRate))), batch.map((r) => r.commission.toFixed(2)),
    batch.map((r) => r.status), batch.map((r) => r.statusRaw),
  ];
}

