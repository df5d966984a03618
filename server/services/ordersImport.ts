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
import { importTableNames, mergeImportTables, type ImportTables } from "./importTables";
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
 * New orders from which an import on the embedded database writes them into tables of its own
 * and attaches those (importEmbedded); fewer are copied inside the write's transaction, which
 * then holds the database about a tenth of a second per 5,000 orders.
 */
export const ATTACH_FROM = 5_000;

/**
 * Refreshes the planner's statistics of the orders tables after a large write: the figures'
 * plans depend on them, and PGlite has no autovacuum to do it.
 */
export async function analyzeOrders(q: Queryable): Promise<void> {
  // One statement per table: on the embedded database each holds the one connection.
  for (const table of ["orders", "order_items", "order_customers", "order_product_days"]) await q.query(`ANALYZE ${table}`);
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
  /** The new orders' daily product sums (embedded database, from ATTACH_FROM new orders). */
  readonly days: string;
}

/** Numbers the staging tables of the imports of this process (a temporary table lives as long as its connection). */
let stagingSeq = 0;

/** Names for one import's staging tables, unused by any other import of this process. */
function stagingTables(): Staging {
  const n = ++stagingSeq;
  return { orders: `import_orders_${n}`, items: `import_items_${n}`, days: `import_days_${n}` };
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

/**
 * The new orders' items summed per day, platform, status and product, as `order_product_days`
 * holds them (what its insert trigger adds for rows inserted into `order_items`): quantity,
 * amount (quantity × price, summed in satang, exact) and the orders holding the product (a line
 * repeating a product of its order not counted again). Columns for `unnest`.
 */
function productDays(orders: readonly Prepared[]) {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sums = new Map<string, { day: string; platform: string; status: string; product: string; quantity: number; satang: number; orders: number }>();
  for (const p of orders) {
    const o = p.order;
    o.items.forEach((it, i) => {
      const key = [p.day, o.platform, o.status, it.product].join(FIELD);
      let sum = sums.get(key);
      if (sum === undefined) {
        sum = { day: p.day, platform: o.platform, status: o.status, product: it.product, quantity: 0, satang: 0, orders: 0 };
        sums.set(key, sum);
      }
      sum.quantity += it.quantity;
      sum.satang += it.quantity * Math.round(it.price * 100);
      if (!o.items.slice(0, i).some((e) => e.product === it.product)) sum.orders++;
    });
  }
  // In the order of the table's key: the upsert then walks its index from one end to the other.
  const rows = [...sums.values()].sort((a, b) => cmp(a.day, b.day) || cmp(a.platform, b.platform) || cmp(a.status, b.status) || cmp(a.product, b.product));
  return {
    day: rows.map((r) => r.day), platform: rows.map((r) => r.platform), status: rows.map((r) => r.status), product: rows.map((r) => r.product),
    quantity: rows.map((r) => r.quantity), amount: rows.map((r) => (r.satang / 100).toFixed(2)), orders: rows.map((r) => r.orders),
  };
}

export class OrdersImportService {
  /**
   * The imports of this server, one at a time: a 200,000-row file takes the server ~200 MB up
   * while it is read and written, so two at once would take it past its 500 MB budget.
   */
  private turn: Promise<void> = Promise.resolve();
  /** The merges of imported tables into the real ones, one after the other (see importTables.ts). */
  private merging: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Storage,
    private readonly now: () => Date = () => new Date(),
    /** Called after an import wrote something (to drop cached figures of the brand). */
    private readonly onImported: (brandId: number, brand: string) => void = () => undefined,
    /** How the file is read (the server: in a worker thread, so that it keeps answering meanwhile). */
    private readonly readFile: OrdersFileReader = readInThisThread,
    /** New orders from which the embedded database's import attaches tables of its own ({@link ATTACH_FROM}). */
    private readonly attachFrom = ATTACH_FROM,
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
    const brandId = this.brandId(fields.brand, scope);
    brandId.catch(() => undefined); // awaited below and in the turn
    // After the imports asked for before this one (see `turn`), in the order they were asked
    // for: the turn is taken before the brand is looked up (on PostgreSQL two lookups can end
    // in either order).
    const mine = this.turn.then(async () => this.importInTurn(bytes, await brandId, fields.brand, opts));
    this.turn = mine.then(() => undefined, () => undefined);
    // A brand that is not the user's is refused at once, not after the imports before it.
    await brandId;
    return mine;
  }

  /** One import, once the imports before it are done (see `turn`). */
  private async importInTurn(bytes: Uint8Array, brandId: number, brand: string, opts: OrdersImportOptions): Promise<ImportOrdersResult> {
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
        if (fresh.length + changed.length > 0) await this.writeStaged(tx, brandId, await this.stage(tx, stagingTables(), fresh, changed, true), prepared, true);
        return { inserted: fresh.length, updated: changed.length, unchanged: prepared.length - fresh.length - changed.length };
      });
    if (counts.inserted + counts.updated >= ANALYZE_AFTER) await analyzeOrders(this.db.background());
    if (counts.inserted + counts.updated > 0) this.onImported(brandId, brand.trim());
    return { ...base, ...counts };
  }

  /**
   * The write on the embedded database, which is one connection: while a transaction runs, no
   * other request's statement does. So everything that can be done before the transaction is:
   * the orders are compared with the stored ones, the new and changed ones staged in temporary
   * tables a batch per statement (other requests are answered between them); from
   * {@link ATTACH_FROM} new orders, these and their items are then copied into tables of their
   * own, indexed and checked, and their daily product sums made ({@link addImportTables}), and
   * the transaction only makes those tables children
   * of the real ones (migration 012: every reader sees all of the import from its commit on, none
   * before), adds the daily sums, writes the changed orders and the customers' first days. The
   * rows are merged into the real tables afterwards, in the background, a batch at a time.
   * That is safe because nothing else can write the brand's orders meanwhile: the data directory
   * is this process's alone (server/storage/lock.ts), and this service's imports take their turn
   * (importFile). A file that changes nothing writes nothing.
   */
  private async importEmbedded(brandId: number, prepared: readonly Prepared[]): Promise<{ inserted: number; updated: number; unchanged: number }> {
    // Every statement of the import waits for the other requests' (Storage.background).
    const db = this.db.background();
    const { fresh, changed } = await this.classify(db, brandId, prepared);
    if (fresh.length + changed.length > 0) {
      const staging = stagingTables();
      const added = fresh.length >= Math.max(1, this.attachFrom) ? importTableNames() : null;
      let attached = false;
      try {
        await this.stage(db, staging, fresh, changed, false);
        if (added !== null) await this.addImportTables(db, brandId, staging, added, fresh);
        await db.transaction(async (tx) => {
          if (added !== null) await this.attachImportTables(tx, brandId, added, staging);
          await this.writeStaged(tx, brandId, staging, prepared, added === null);
        });
        attached = added !== null;
      } finally {
        // A drop that fails (the database closing) must not hide the import's own error; a
        // temporary table left behind goes with the connection, an import table that never
        // joined the real ones is dropped when the server starts.
        const drop = [staging.orders, staging.items, staging.days, ...(added !== null && !attached ? [added.orders, added.items] : [])];
        await db.query(`DROP TABLE IF EXISTS ${drop.join(", ")}`).catch(() => undefined);
      }
      if (attached) this.mergeInBackground();
    }
    return { inserted: fresh.length, updated: changed.length, unchanged: prepared.length - fresh.length - changed.length };
  }

  /** Merges the imported tables into the real ones after the merges asked for before (a failure is logged: the rows stay where they are, seen as they were). */
  mergeInBackground(): Promise<void> {
    this.merging = this.merging
      .then(() => mergeImportTables(this.db.background()))
      .then(async ({ rows }) => {
        if (rows >= ANALYZE_AFTER) await analyzeOrders(this.db.background());
      })
      .catch((err: unknown) => console.error(`orders import: merging the imported orders into the real tables failed: ${err instanceof Error ? err.message : String(err)}`));
    return this.merging;
  }

  /** Resolves when the merges asked for so far are done (for the tests, and anyone closing the database). */
  merged(): Promise<void> {
    return this.merging;
  }

  /**
   * Copies the staged new orders and their items into tables of their own, made like the real
   * ones (outside any transaction, one statement each, then their indexes), and stages the new
   * orders' daily product sums ({@link productDays}) for the transaction. Every item copied has
   * its order there, since only the items of the staged new orders are copied (the check of
   * migration 010 does not run for a child's rows).
   */
  private async addImportTables(db: Storage, brandId: number, staging: Staging, added: ImportTables, fresh: readonly Prepared[]): Promise<void> {
    await db.query(`CREATE TABLE ${added.orders} (LIKE orders INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    await db.query(`CREATE TABLE ${added.items} (LIKE order_items INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    await db.query(
      `INSERT INTO ${added.orders} (brand_id, platform, order_id, customer_id, ordered_at, day, status, status_raw, location, province, basket, demo)
       SELECT $1::int, n.platform, n.order_id, n.customer_id, n.ordered_at, n.day, n.status, n.status_raw, n.location, n.province, n.basket, false
         FROM ${staging.orders} n WHERE n.fresh`,
      [brandId],
    );
    await db.query(
      `INSERT INTO ${added.items} (brand_id, platform, order_id, line, product, sku, quantity, price, day, status, location, basket, product_repeat)
       SELECT $1::int, i.* FROM ${staging.items} i
        WHERE EXISTS (SELECT 1 FROM ${staging.orders} n WHERE n.fresh AND n.platform = i.platform AND n.order_id = i.order_id)`,
      [brandId],
    );
    // The real tables' keys, and the index every range reads by.
    await db.query(`CREATE UNIQUE INDEX ON ${added.orders} (brand_id, platform, order_id)`);
    await db.query(`CREATE INDEX ON ${added.orders} (brand_id, day)`);
    await db.query(`CREATE UNIQUE INDEX ON ${added.items} (brand_id, platform, order_id, line)`);
    await db.query(`CREATE INDEX ON ${added.items} (brand_id, day)`);
    await db.query(`ANALYZE ${added.orders}`);
    await db.query(`ANALYZE ${added.items}`);
    // The new orders' daily product sums, for the transaction to add to order_product_days.
    const days = productDays(fresh);
    await db.query(`CREATE TEMP TABLE ${staging.days} (day date, platform text, status text, product text, quantity int8, amount numeric, orders int)`);
    for (let i = 0; i < days.day.length; i += WRITE_BATCH) {
      const part = <T>(a: readonly T[]) => a.slice(i, i + WRITE_BATCH);
      await db.query(
        `INSERT INTO ${staging.days} SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::int8[], $6::numeric[], $7::int[])`,
        [part(days.day), part(days.platform), part(days.status), part(days.product), part(days.quantity), part(days.amount), part(days.orders)],
      );
    }
  }

  /**
   * In the write's transaction: the import's tables become children of the real ones (the
   * triggers of an insert do not run for them, so what they do is done here: the daily product
   * rows, from the sums staged by {@link addImportTables}, and the version of the brand's
   * orders).
   */
  private async attachImportTables(tx: Queryable, brandId: number, added: ImportTables, staging: Staging): Promise<void> {
    await tx.query(`ALTER TABLE ${added.orders} INHERIT orders`);
    await tx.query(`ALTER TABLE ${added.items} INHERIT order_items`);
    await tx.query(
      `INSERT INTO order_product_days AS d (brand_id, day, platform, status, product, quantity, amount, orders)
       SELECT $1::int, n.* FROM ${staging.days} n
       ON CONFLICT (brand_id, day, platform, status, product) DO UPDATE
          SET quantity = d.quantity + EXCLUDED.quantity, amount = d.amount + EXCLUDED.amount, orders = d.orders + EXCLUDED.orders`,
      [brandId],
    );
    await tx.query(
      `INSERT INTO orders_versions AS v (brand_id, version) VALUES ($1, 1)
       ON CONFLICT (brand_id) DO UPDATE SET version = v.version + 1`,
      [brandId],
    );
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
    await q.query(`ANALYZE ${staging.orders}`);
    await q.query(`ANALYZE ${staging.items}`);
    return staging;
  }

  /**
   * Inserts the new orders (unless `withFresh` is false: the embedded database's import adds them
   * as tables of their own), overwrites the changed ones (items replaced) and keeps first_day,
   * from the staged rows, one statement per table: the items' triggers (the daily product sums)
   * and checks then run once for all of them. In the caller's transaction.
   */
  private async writeStaged(tx: Queryable, brandId: number, staging: Staging, all: readonly Prepared[], withFresh: boolean): Promise<void> {
    if (withFresh) {
      await tx.query(
        `INSERT INTO orders (brand_id, platform, order_id, customer_id, ordered_at, day, status, status_raw, location, province, basket, demo)
         SELECT $1::int, n.platform, n.order_id, n.customer_id, n.ordered_at, n.day, n.status, n.status_raw, n.location, n.province, n.basket, false
           FROM ${staging.orders} n WHERE n.fresh`,
        [brandId],
      );
    }
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
       SELECT $1::int, i.* FROM ${staging.items} i
        WHERE $2 OR EXISTS (SELECT 1 FROM ${staging.orders} n WHERE NOT n.fresh AND n.platform = i.platform AND n.order_id = i.order_id)`,
      [brandId, withFresh],
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
