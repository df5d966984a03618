/**
 * Reads an orders file of any supported layout: the documented orders CSV, a Shopee Seller Centre
 * order export or a Lazada Seller Center order export (CSV or XLSX). The layout is recognised
 * from the header row, never from the file name. Pure: no storage, no HTTP.
 */
import { findColumn, headerIndex } from "../normalize";
import { OrderCollector } from "./build";
import { documentedFormat } from "./documented";
import { lazadaFormat } from "./lazada";
import { shopeeFormat } from "./shopee";
import { ROWS_PER_STEP } from "../slices";
import { readOrdersTable } from "./table";
import { FileRefusedError } from "../types";
import type { FormatSpec, ParseContext, ParsedOrders, RowIssue } from "./types";

export { FileRefusedError } from "../types";
export { UnreadableFileError } from "../sheet";
export { MAX_ORDER_ROWS } from "./table";
export type { OrdersFormat, ParsedOrders, RowIssue } from "./types";

export const ORDER_FORMATS: readonly FormatSpec[] = [documentedFormat, shopeeFormat, lazadaFormat];

export const UNRECOGNISED_ORDERS =
  "is not a recognised orders file: expected the documented orders CSV (order_id, platform, customer_id, ordered_at, status, " +
  "product, sku, quantity, price, province, region), a Shopee order export (Order ID / หมายเลขคำสั่งซื้อ, Order Status / " +
  "สถานะการสั่งซื้อ, Order Creation Date / วันที่ทำการสั่งซื้อ, …) or a Lazada order export (orderNumber, orderItemId, " +
  "createTime, paidPrice, … or the older Order Number, Order Item Id, Created at, Paid Price, …), as CSV or XLSX";

/**
 * Reads an orders file all at once (the CLI, the reading worker, tests): {@link parseOrdersSteps}
 * without its pauses.
 *
 * @param ctx - `now`: orders dated more than a day after it are refused
 * @throws FileRefusedError or UnreadableFileError when the file as a whole cannot be read
 * @returns the orders, or (in `errors`) every bad row with its line; errors empty = importable
 */
export function parseOrdersFile(bytes: Uint8Array, ctx: ParseContext): ParsedOrders {
  const steps = parseOrdersSteps(bytes, ctx);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Reads an orders file, pausing after every {@link ROWS_PER_STEP} rows read or orders built, so
 * that a caller can do other work between the steps (the server answers other requests:
 * parseOrdersInSlices in slices.ts). Its return value is {@link parseOrdersFile}'s.
 *
 * @throws FileRefusedError or UnreadableFileError when the file as a whole cannot be read
 */
export function* parseOrdersSteps(bytes: Uint8Array, ctx: ParseContext): Generator<void, ParsedOrders, void> {
  if (bytes.length === 0) throw new FileRefusedError("is empty");
  const table = readOrdersTable(bytes, (cells) => {
    const index = headerIndex(cells);
    return ORDER_FORMATS.some((f) => f.matches(index));
  });
  for (let h = 0; h < table.head.length; h++) {
    const header = table.head[h]!;
    const index = headerIndex(header.cells);
    const spec = ORDER_FORMATS.find((f) => f.matches(index));
    if (!spec) continue;

    const original: Record<string, number | undefined> = {};
    for (const [field, aliases] of Object.entries(spec.fields)) original[field] = findColumn(index, aliases);
    const missing = spec.required.filter((f) => original[f] === undefined);
    if (missing.length > 0) {
      const names = missing.map((f) => spec.fields[f]!.join(" / ")).join(", ");
      throw new FileRefusedError(`looks like ${spec.label} but has no ${missing.length === 1 ? "column" : "columns"} ${names}`, header.line);
    }
    // Only the columns read are kept from each row.
    const used = [...new Set(Object.values(original).filter((i): i is number => i !== undefined))];
    const col: Record<string, number | undefined> = {};
    for (const [field, i] of Object.entries(original)) col[field] = i === undefined ? undefined : used.indexOf(i);

    const read = spec.reader(col, ctx);
    const collector = new OrderCollector(spec.grouping);
    let rows = 0;
    for (const { row, issue } of table.rows(h, used)) {
      if (row === undefined) collector.reject(issue);
      else {
        const r = read(row);
        if (typeof r === "string") collector.reject({ line: row.line, reason: r });
        else collector.add(r);
      }
      if (++rows % ROWS_PER_STEP === 0) yield;
    }
    if (rows === 0) throw new FileRefusedError(`has the header of ${spec.label} (line ${header.line}) but no orders below it`, header.line);
    const built = yield* collector.finish(ROWS_PER_STEP);
    return { format: spec.format, encoding: table.encoding, rows, orders: built.orders, errors: sortIssues(built.errors) };
  }
  throw new FileRefusedError(UNRECOGNISED_ORDERS);
}

/** One entry per line and reason, in line order. */
export function sortIssues(issues: readonly RowIssue[]): RowIssue[] {
  const seen = new Set<string>();
  return [...issues]
    .sort((a, b) => a.line - b.line)
    .filter((e) => (seen.has(`${e.line}\u0000${e.reason}`) ? false : (seen.add(`${e.line}\u0000${e.reason}`), true)));
}
