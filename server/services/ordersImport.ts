/**
 * Importing orders (issue 6): a documented CSV, or a Shopee or Lazada order export, into the
 * orders of one brand. All or nothing (every row is checked before anything is written, then one
 * transaction), and idempotent: orders are keyed by (brand, platform, order id), an order that is
 * already stored as the file has it is left alone, a changed one is overwritten (items replaced).
 * Knows nothing of HTTP: it takes bytes and names and throws ServiceError.
 */
import type { ImportOrdersResult, Order } from "../../domain/commerce";
import { MAX_LISTED_ROW_ERRORS } from "../../domain/metrics";
import { FileRefusedError, UnreadableFileError, parseOrdersFile, type ParsedOrders } from "../import/orders";
import type { ParseContext } from "../import/orders/types";
import type { Queryable, Storage } from "../storage/storage";
import { ServiceError } from "./errors";
import { ImportRefusedError } from "./metrics";

export { ImportRefusedError } from "./metrics";

/** Largest file an orders import takes (100,000 rows of a wide Shopee export fit). */
export const ORDERS_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Orders compared with the stored ones per query. */
const LOOKUP_BATCH = 5_000;
/** Orders written by one import from which the planner's statistics are refreshed afterwards (PGlite has no autovacuum). */
const ANALYZE_AFTER = 5_000;
/** Rows per statement that stages the orders or items of an import, or writes customers' first days. */
const WRITE_BATCH = 5_000;

/**
 * Refreshes the planner's statistics of the orders tables after a large write: the figures'
 * plans depend on them, and PGlite has no autovacuum to do it.
 */
export async function analyzeOrders(q: Queryable): Promise<void> {
  await q.query("ANALYZE orders, order_items, order_customers, order_product_days");
}

/** Reads an orders file: {@link parseOrdersFile} in this thread, or the server's worker thread (parseOffThread.ts). */
export type OrdersFileReader = (bytes: Uint8Array, ctx: ParseContext) => Promise<ParsedOrders>;

const readInThisThread: OrdersFileReader = async (bytes, ctx) => parseOrdersFile(bytes, ctx);

/** Who imports: a signed-in user (only their brands) or the CLI (any brand). */
export interface OrdersImportScope { readonly userId?: number }

export interface OrdersImportOptions {
  /** Check the file and count what would change, but write nothing. */
  readonly dryRun?: boolean;
}

interface Prepared {
  readonly order: Order;
  readonly day: string;
  /** The order's value, THB: the sum of quantity × price of its items. */
  readonly basket: number;
}

/** Separators of the items signature: control characters, which the import drops from every cell. */
const FIELD = "\u001f";
const ITEM = "\u001e";
const NULL_SKU = "\u001d";

/** The stored items of order `o` in the form of `Prepared.items`: product, SKU, quantity and price of each line, in line order. */
const ITEMS_SIGNATURE = `(SELECT coalesce(string_agg(concat_ws(E'\\x1f', i.product, coalesce(i.sku, E'\\x1d'), i.quantity::text, i.price::text), E'\\x1e' ORDER BY i.line), '')
    FROM order_items i WHERE i.brand_id = o.brand_id AND i.platform = o.platform AND i.order_id = o.order_id)`;

/**
 * The new and the changed orders of a batch (by their 1-based position in it): an order is
 * unchanged only when every field and every item (in order) is the same and it is not demo.
 */
const CLASSIFY_SQL = `
SELECT n.k::int AS k, o.order_id IS NULL AS fresh
  FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
       WITH ORDINALITY AS n(platform, order_id, customer_id, ordered_at, status, status_raw, location, province, items, k)
  LEFT JOIN orders o ON o.brand_id = $1 AND o.platform = n.platform AND o.order_id = n.order_id
 WHERE o.order_id IS NULL OR o.demo OR o.customer_id <> n.customer_id OR o.ordered_at <> n.ordered_at
    OR o.status <> n.status OR o.status_raw <> n.status_raw
    OR o.location IS DISTINCT FROM n.location OR o.province IS DISTINCT FROM n.province
    OR ${ITEMS_SIGNATURE} <> n.items
 ORDER BY n.k`;

/** The temporary tables an import's rows are staged in ({@link OrdersImportService.stage}). */
interface Staging {
  readonly orders: string;
  readonly items: string;
}

/** Numbers the staging tables of the imports of this process (a temporary table lives as long as its connection). */
let stagingSeq = 0;

/** Names for one import's staging tables, unused by any other import of this process. */
function stagingTables(): Staging {
  const n = ++stagingSeq;
  return { orders: `import_orders_${n}`, items: `import_items_${n}` };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The items of an order as {@link ITEMS_SIGNATURE} writes the stored ones. */
const signature = (order: Order): string =>
  order.items.map((it) => [it.product, it.sku ?? NULL_SKU, String(it.quantity), it.price.toFixed(2)].join(FIELD)).join(ITEM);

function prepare(order: Order): Prepared {
  // Prices are whole satang (the parsers round them), so the sum is exact in satang.
  const basketCents = order.items.reduce((s, it) => s + it.quantity * Math.round(it.price * 100), 0);
  return {
    order,
    // The import writes every instant as Bangkok wall time with +07:00: the day is its date part.
    day: order.orderedAt.slice(0, 10),
    basket: basketCents / 100,
  };
}

export class OrdersImportService {
  /** The embedded database's imports in progress, one chain per brand (see importEmbedded). */
  private readonly brandTurns = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Storage,
    private readonly now: () => Date = () => new Date(),
    /** Called after an import wrote something (to drop cached figures of the brand). */
    private readonly onImported: (brandId: number, brand: string) => void = () => undefined,
    /** How the file is read (the server: in a worker thread, so that it keeps answering meanwhile). */
    private readonly readFile: OrdersFileReader = readInThisThread,
  ) {}

  /** The brand's id; a user may only name one of their brands. */
  private async brandId(brand: string, scope: OrdersImportScope): Promise<number> {
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
   * Imports one orders file into a brand.
   *
   * @throws ImportRefusedError (400, with every bad row) when the file or any row is refused: nothing is written
   * @throws ServiceError forbidden (field brand) when the brand is not one of the user's
   */
  async importFile(bytes: Uint8Array, fields: { readonly brand: string }, scope: OrdersImportScope = {}, opts: OrdersImportOptions = {}): Promise<ImportOrdersResult> {
    if (bytes.length > ORDERS_IMPORT_MAX_BYTES) throw new ServiceError("too_large", `is larger than ${ORDERS_IMPORT_MAX_BYTES} bytes`, { field: "file" });
    const brandId = await this.brandId(fields.brand, scope);
    const parsed = await this.parse(bytes);
    const prepared = parsed.orders.map(prepare);

    const base = { format: parsed.format, rows: parsed.rows, orders: prepared.length };
    if (opts.dryRun) {
      const { fresh, changed } = await this.classify(this.db, brandId, prepared);
      return { ...base, inserted: fresh.length, updated: changed.length, unchanged: prepared.length - fresh.length - changed.length };
    }
    const counts = this.db.kind === "pglite"
      ? await this.importEmbedded(brandId, prepared)
      : await this.db.transaction(async (tx) => {
        // One import per brand at a time: the comparison below must see what the writes change.
        await tx.query("SELECT pg_advisory_xact_lock(7006, $1)", [brandId]);
        const { fresh, changed } = await this.classify(tx, brandId, prepared);
        if (fresh.length + changed.length > 0) await this.writeStaged(tx, brandId, await this.stage(tx, stagingTables(), fresh, changed, true), prepared);
        return { inserted: fresh.length, updated: changed.length, unchanged: prepared.length - fresh.length - changed.length };
      });
    if (counts.inserted + counts.updated >= ANALYZE_AFTER) await analyzeOrders(this.db);
    if (counts.inserted + counts.updated > 0) this.onImported(brandId, fields.brand.trim());
    return { ...base, ...counts };
  }

  /**
   * The write on the embedded database, which is one connection: while a transaction runs, no
   * other request's statement does. So the orders are compared with the stored ones before it,
   * and the new and changed ones staged in temporary tables, a batch per statement (other
   * requests are answered between them); the transaction only copies the staged rows into the
   * real tables, one statement per table, so the items' statement-level triggers run once (about
   * half the hold of writing 5,000 rows per statement from parameters: docs/orders-import.md).
   * That is safe because nothing else can write the brand's orders meanwhile: the data
   * directory is this process's alone (server/storage/lock.ts), and imports of one brand take
   * their turn here. A file that changes nothing writes nothing.
   */
  private importEmbedded(brandId: number, prepared: readonly Prepared[]): Promise<{ inserted: number; updated: number; unchanged: number }> {
    const previous = this.brandTurns.get(brandId) ?? Promise.resolve();
    const turn = previous.then(async () => {
      const { fresh, changed } = await this.classify(this.db, brandId, prepared);
      if (fresh.length + changed.length > 0) {
        const staging = stagingTables();
        try {
          await this.stage(this.db, staging, fresh, changed, false);
          await this.db.transaction((tx) => this.writeStaged(tx, brandId, staging, prepared));
        } finally {
          // A drop that fails (the database closing) must not hide the import's own error; a
          // temporary table left behind goes with the connection.
          await this.db.query(`DROP TABLE IF EXISTS ${staging.orders}, ${staging.items}`).catch(() => undefined);
        }
      }
      return { inserted: fresh.length, updated: changed.length, unchanged: prepared.length - fresh.length - changed.length };
    });
    const settled = turn.then(() => undefined, () => undefined);
    this.brandTurns.set(brandId, settled);
    void settled.then(() => {
      if (this.brandTurns.get(brandId) === settled) this.brandTurns.delete(brandId);
    });
    return turn;
  }

  /** Reads and checks the file; any bad row refuses the whole file. */
  private async parse(bytes: Uint8Array): Promise<ParsedOrders> {
    let parsed: ParsedOrders;
    try {
      parsed = await this.readFile(bytes, { now: this.now() });
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

  /**
   * Which orders are new and which differ from the stored ones. Compared in the database, a batch
   * at a time, so that only the keys of new and changed orders come back (a re-import of an
   * unchanged file reads nothing into memory).
   */
  private async classify(q: Queryable, brandId: number, orders: readonly Prepared[]): Promise<{ fresh: Prepared[]; changed: Prepared[] }> {
    const fresh: Prepared[] = [];
    const changed: Prepared[] = [];
    for (let i = 0; i < orders.length; i += LOOKUP_BATCH) {
      const batch = orders.slice(i, i + LOOKUP_BATCH);
      const res = await q.query<{ k: number; fresh: boolean }>(CLASSIFY_SQL, [
        brandId,
        batch.map((p) => p.order.platform), batch.map((p) => p.order.orderId), batch.map((p) => p.order.customerId),
        batch.map((p) => p.order.orderedAt), batch.map((p) => p.order.status), batch.map((p) => p.order.statusRaw),
        batch.map((p) => p.order.location), batch.map((p) => p.order.province), batch.map((p) => signature(p.order)),
      ]);
      for (const r of res.rows) (r.fresh ? fresh : changed).push(batch[r.k - 1]!);
    }
    return { fresh, changed };
  }

  /**
   * Puts the new and the changed orders, and their items, into two temporary tables of this
   * connection (one statement per WRITE_BATCH rows), so that the write copies them into the real
   * tables with one statement per table ({@link writeStaged}). On the embedded database this runs
   * before the write's transaction, between other requests' statements; there a temporary table is
   * the connection's, so it is dropped by the caller; on PostgreSQL inside the transaction, which
   * drops it at commit.
   */
  private async stage(q: Queryable, staging: Staging, fresh: readonly Prepared[], changed: readonly Prepared[], dropAtCommit: boolean): Promise<Staging> {
    const onCommit = dropAtCommit ? " ON COMMIT DROP" : "";
    await q.query(`CREATE TEMP TABLE ${staging.orders} (fresh boolean NOT NULL, platform text, order_id text, customer_id text, ordered_at timestamptz,
      day date, status text, status_raw text, location text, province text, basket numeric(14, 2))${onCommit}`);
    await q.query(`CREATE TEMP TABLE ${staging.items} (platform text, order_id text, line integer, product text, sku text, quantity integer,
      price numeric(14, 2), day date, status text, location text, basket numeric(14, 2), product_repeat boolean)${onCommit}`);
    for (const [list, isFresh] of [[fresh, true], [changed, false]] as const) {
      for (let i = 0; i < list.length; i += WRITE_BATCH) {
        const batch = list.slice(i, i + WRITE_BATCH);
        await q.query(
          `INSERT INTO ${staging.orders}
           SELECT $1::boolean, * FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::date[], $7::text[], $8::text[], $9::text[], $10::text[], $11::numeric[])`,
          [isFresh,
            batch.map((p) => p.order.platform), batch.map((p) => p.order.orderId), batch.map((p) => p.order.customerId),
            batch.map((p) => p.order.orderedAt), batch.map((p) => p.day), batch.map((p) => p.order.status),
            batch.map((p) => p.order.statusRaw), batch.map((p) => p.order.location), batch.map((p) => p.order.province),
            batch.map((p) => p.basket)],
        );
      }
    }
    // The items, with the copies of their order's fields that order_items keeps (day, status,
    // location, basket, product_repeat) written here rather than looked up row by row by the
    // table's trigger.
    type ItemColumns = {
      platform: string[]; orderId: string[]; line: number[]; product: string[]; sku: Array<string | null>; quantity: number[]; price: number[];
      day: string[]; status: string[]; location: Array<string | null>; basket: number[]; repeat: boolean[];
    };
    const empty = (): ItemColumns => ({ platform: [], orderId: [], line: [], product: [], sku: [], quantity: [], price: [], day: [], status: [], location: [], basket: [], repeat: [] });
    let cols = empty();
    const flush = async () => {
      if (cols.orderId.length === 0) return;
      await q.query(
        `INSERT INTO ${staging.items}
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::int[], $7::numeric[],
                              $8::date[], $9::text[], $10::text[], $11::numeric[], $12::boolean[])`,
        [cols.platform, cols.orderId, cols.line, cols.product, cols.sku, cols.quantity, cols.price,
          cols.day, cols.status, cols.location, cols.basket, cols.repeat],
      );
      cols = empty();
    };
    for (const list of [fresh, changed]) {
      for (const p of list) {
        const o = p.order;
        o.items.forEach((it, i) => {
          cols.platform.push(o.platform); cols.orderId.push(o.orderId); cols.line.push(i + 1); cols.product.push(it.product);
          cols.sku.push(it.sku ?? null); cols.quantity.push(it.quantity); cols.price.push(it.price);
          cols.day.push(p.day); cols.status.push(o.status); cols.location.push(o.location); cols.basket.push(p.basket);
          // An earlier line of the order holds the same product (products count an order once).
          cols.repeat.push(i > 0 && o.items.slice(0, i).some((e) => e.product === it.product));
        });
        if (cols.orderId.length >= WRITE_BATCH) await flush();
      }
    }
    await flush();
    // The joins of the write are planned from these (a temporary table has no statistics until then).
    await q.query(`ANALYZE ${staging.orders}, ${staging.items}`);
    return staging;
  }

  /**
   * Inserts the new orders, overwrites the changed ones (items replaced) and keeps first_day, from
   * the staged rows, one statement per table: the items' triggers (the daily product sums) and
   * checks then run once for all of them. In the caller's transaction.
   */
  private async writeStaged(tx: Queryable, brandId: number, staging: Staging, all: readonly Prepared[]): Promise<void> {
    await tx.query(
      `INSERT INTO orders (brand_id, platform, order_id, customer_id, ordered_at, day, status, status_raw, location, province, basket, demo)
       SELECT $1::int, n.platform, n.order_id, n.customer_id, n.ordered_at, n.day, n.status, n.status_raw, n.location, n.province, n.basket, false
         FROM ${staging.orders} n WHERE n.fresh`,
      [brandId],
    );
    // Items of the changed orders first: the orders' update then has no items left to copy its fields to.
    await tx.query(
      `DELETE FROM order_items i USING ${staging.orders} n
        WHERE NOT n.fresh AND i.brand_id = $1 AND i.platform = n.platform AND i.order_id = n.order_id`,
      [brandId],
    );
    await tx.query(
      `UPDATE orders o
          SET customer_id = n.customer_id, ordered_at = n.ordered_at, day = n.day, status = n.status, status_raw = n.status_raw,
              location = n.location, province = n.province, basket = n.basket, demo = false
         FROM ${staging.orders} n
        WHERE NOT n.fresh AND o.brand_id = $1 AND o.platform = n.platform AND o.order_id = n.order_id`,
      [brandId],
    );
    await tx.query(
      `INSERT INTO order_items (brand_id, platform, order_id, line, product, sku, quantity, price, day, status, location, basket, product_repeat)
       SELECT $1::int, * FROM ${staging.items}`,
      [brandId],
    );
    // Each customer's first order day: never later than it was (first_day = least(stored, new)).
    const firstDay = new Map<string, string>();
    for (const p of all) {
      const d = firstDay.get(p.order.customerId);
      if (d === undefined || p.day < d) firstDay.set(p.order.customerId, p.day);
    }
    const customers = [...firstDay.entries()];
    for (let i = 0; i < customers.length; i += WRITE_BATCH) {
      const batch = customers.slice(i, i + WRITE_BATCH);
      await tx.query(
        `INSERT INTO order_customers AS c (brand_id, customer_id, first_day)
         SELECT $1::int, n.customer_id, n.first_day FROM unnest($2::text[], $3::date[]) AS n(customer_id, first_day)
         ON CONFLICT (brand_id, customer_id) DO UPDATE SET first_day = EXCLUDED.first_day
          WHERE EXCLUDED.first_day < c.first_day`,
        [brandId, batch.map((c) => c[0]), batch.map((c) => c[1])],
      );
    }
  }
}
