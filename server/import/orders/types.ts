/** What the orders parsers produce: rows read from the file, then orders built from them. */
import type { Order, OrderStatus, Region } from "../../../domain/commerce";
import type { SourceRow, SourceTable } from "../read";

/** The layouts an orders file can have (`ImportOrdersResult.format`). */
export type OrdersFormat = "documented" | "shopee" | "lazada";

export interface RowIssue {
  readonly line: number;
  readonly reason: string;
}

/** One data row of the file, read and checked on its own. */
export interface OrderRow {
  readonly line: number;
  readonly platform: string;
  readonly orderId: string;
  readonly customerId: string;
  /** `YYYY-MM-DDTHH:MM:SS+07:00`. */
  readonly orderedAt: string;
  readonly status: OrderStatus;
  /** The export's own status word(s). */
  readonly statusRaw: string;
  /** Shopee: the row's Return / Refund Status, which makes the whole order returned. */
  readonly returned?: string;
  /** As written in the file (empty when not given). */
  readonly provinceRaw: string;
  readonly province: string | null;
  readonly location: Region | null;
  /** True when the location was given by the row itself (documented CSV `region`). */
  readonly locationGiven?: boolean;
  readonly product: string;
  readonly sku: string | null;
  readonly quantity: number;
  readonly price: number;
}

export interface ParsedOrders {
  readonly format: OrdersFormat;
  readonly encoding: SourceTable["encoding"];
  /** Data rows read (each row of the file that is not blank). */
  readonly rows: number;
  /** The orders, validated with the domain's `Order`, in the order their first row appears. */
  readonly orders: readonly Order[];
  /** Every bad row, in line order (empty = the file can be imported). */
  readonly errors: readonly RowIssue[];
}

/** How the rows of a layout make orders. */
export interface Grouping {
  /** Rows are units (Lazada): the same item, SKU and price in an order are counted into one item. */
  readonly unitRows: boolean;
  /** Units of one order may have different statuses (Lazada; see `build.ts`). */
  readonly statusPerUnit: boolean;
}

/** Reads one row (cut down to the layout's columns): the row, or why it cannot be read. */
export type RowReader = (row: SourceRow) => OrderRow | string;

export interface ParseContext {
  /** The current instant: an order dated more than a day after it is refused. */
  readonly now: Date;
}

/**
 * One layout of orders file. `fields` names each column the layout reads with its header
 * aliases (English and Thai; matched after `normalizeHeader`); `reader` makes the function that
 * reads the rows, one at a time and in file order, cut down to those columns: `col` says where
 * each field is in a row (undefined = not in the file).
 */
export interface FormatSpec<F extends string = string> {
  readonly format: OrdersFormat;
  /** How the layout is named in messages ("a Shopee order export"). */
  readonly label: string;
  readonly fields: Readonly<Record<F, readonly string[]>>;
  /** Fields whose column must be present. */
  readonly required: readonly F[];
  /** The header row is this layout's (given the normalized header names). */
  matches(index: ReadonlyMap<string, number>): boolean;
  readonly grouping: Grouping;
  reader(col: Readonly<Record<F, number | undefined>>, ctx: ParseContext): RowReader;
}

/** Lets a spec with its own field names sit in a list of specs. */
export const defineFormat = <F extends string>(spec: FormatSpec<F>): FormatSpec => spec as unknown as FormatSpec;
