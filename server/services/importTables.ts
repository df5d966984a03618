/**
 * The tables a large import writes its new orders into on the embedded database, before one
 * short transaction makes them children of `orders` and `order_items` (issue 13, item 4;
 * migration 012 explains the design), and the merge that later moves their rows into the real
 * tables in small batches.
 *
 * Names: `orders_import_<tag>` and `order_items_import_<tag>`, the same tag for one import. A
 * pair that never joined the real tables (the process died before the import's commit) is
 * dropped when the server starts ({@link dropUnattachedImportTables}); a pair that joined them
 * is merged (by the server after each import, and when it starts).
 */
import type { Queryable, Storage } from "../storage/storage";

export const ORDERS_IMPORT_PREFIX = "orders_import_";
export const ITEMS_IMPORT_PREFIX = "order_items_import_";

/** Rows moved from a child into the real table per transaction: a few tens of milliseconds of the one connection. */
export const MERGE_BATCH = 5_000;

/** The two tables of one import. */
export interface ImportTables {
  readonly orders: string;
  readonly items: string;
}

let sequence = 0;

/** Names for one import's tables, unused by any other import (the time, and a number within this process). */
export function importTableNames(): ImportTables {
  const tag = `${Date.now().toString(36)}_${process.pid}_${++sequence}`;
  return { orders: `${ORDERS_IMPORT_PREFIX}${tag}`, items: `${ITEMS_IMPORT_PREFIX}${tag}` };
}

/** Both real tables' import children (attached: true) or import tables that never joined them. */
async function importTablesIn(q: Queryable, attached: boolean): Promise<Array<{ table: string; parent: string | null }>> {
  return (await q.query<{ table: string; parent: string | null }>(`
SELECT c.relname AS table, p.relname AS parent
  FROM pg_class c
  LEFT JOIN pg_inherits i ON i.inhrelid = c.oid
  LEFT JOIN pg_class p ON p.oid = i.inhparent
 WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
   AND (starts_with(c.relname, $1) OR starts_with(c.relname, $2))
   AND (p.oid IS NOT NULL) = $3
 ORDER BY starts_with(c.relname, $1) DESC, c.relname`, [ORDERS_IMPORT_PREFIX, ITEMS_IMPORT_PREFIX, attached])).rows;
}

/** Drops the import tables that never joined the real tables (an import cut off before its commit). Only when no import runs: at start-up. */
export async function dropUnattachedImportTables(db: Queryable): Promise<number> {
  const tables = await importTablesIn(db, false);
  for (const t of tables) await db.query(`DROP TABLE IF EXISTS ${quoteName(t.table)}`);
  return tables.length;
}

/** Whether any import child is still attached (waiting for its merge). */
export async function importChildrenLeft(db: Queryable): Promise<number> {
  return (await importTablesIn(db, true)).length;
}

/**
 * Moves the rows of every attached import table into its parent, MERGE_BATCH rows per
 * transaction, then drops the emptied table. Orders first, then items. Each batch is deleted
 * from the child and inserted into the parent by one statement, so readers see every row exactly
 * once throughout; the triggers that would count the rows again skip them (migration 012). The
 * tables of a brand deleted meanwhile (a brand's deletion reaches only the parent's rows) are
 * dropped.
 */
export async function mergeImportTables(db: Storage, batch = MERGE_BATCH): Promise<{ tables: number; rows: number }> {
  let rows = 0;
  const tables = await importTablesIn(db, true);
  for (const { table, parent } of tables) {
    const child = quoteName(table);
    const into = parent === "orders" ? "orders" : "order_items";
    // An import's tables hold one brand's rows. When the brand was deleted meanwhile (which
    // reaches only the real tables' rows), they are dropped instead.
    const brand = (await db.query<{ brand_id: number; gone: boolean }>(
      `SELECT c.brand_id, NOT EXISTS (SELECT 1 FROM brands b WHERE b.id = c.brand_id) AS gone FROM ${child} c LIMIT 1`,
    )).rows[0];
    while (brand !== undefined && !brand.gone) {
      const moved = await db.transaction(async (tx) => {
        await tx.query("SET LOCAL brand_dashboard.moving_rows = 'on'");
        return (await tx.query(`
WITH moved AS (DELETE FROM ${child} WHERE ctid = ANY (ARRAY(SELECT ctid FROM ${child} LIMIT ${batch})) RETURNING *)
INSERT INTO ${into} SELECT * FROM moved`)).affectedRows;
      });
      rows += moved;
      if (moved === 0) break;
    }
    await db.query(`DROP TABLE ${child}`);
  }
  return { tables: tables.length, rows };
}

/** A table name of ours as an SQL identifier (the names are made by {@link importTableNames}: letters, digits and `_`). */
function quoteName(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not an import table's name: ${name}`);
  return `"${name}"`;
}
