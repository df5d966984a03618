/**
 * Rows → orders: the rows of one order (same platform and order id) are grouped, checked to agree
 * on what belongs to the order (date, customer, status, address), turned into items, and the
 * order is validated with the domain's `Order` schema.
 */
import { Schema, SchemaIssue } from "effect";
import { Order, type OrderStatus } from "../../../domain/commerce";
import { cut } from "./fields";
import type { Grouping, OrderRow, RowIssue } from "./types";

/** Most items one order may hold (`Order.items`). */
export const MAX_ITEMS_PER_ORDER = 500;

const isOrder = Schema.is(Order);
const decodeOrder = Schema.decodeUnknownResult(Order);
const formatter = SchemaIssue.makeFormatterStandardSchemaV1();

/** How an instant is shown in messages: Bangkok wall time, to the minute (seconds when they matter). */
const shown = (iso: string) => (iso.slice(17, 19) === "00" ? iso.slice(0, 16) : iso.slice(0, 19)).replace("T", " ");

/**
 * Lazada units of one order can each have their own status. The order takes the first of these
 * that one of its units has: pending (something is still on its way), completed, returned, cancelled.
 */
const UNIT_PRECEDENCE: readonly OrderStatus[] = ["pending", "completed", "returned", "cancelled"];

const FIELD_NAMES: Record<string, string> = {
  platform: "platform", orderId: "order id", customerId: "customer", orderedAt: "order date", status: "status",
  statusRaw: "status", location: "region", province: "province", items: "items",
  product: "product", sku: "SKU", quantity: "quantity", price: "price",
};

/** The reason the schema refuses an order, and the line to blame. */
function schemaReason(o: unknown, lines: readonly number[]): RowIssue {
  const res = decodeOrder(o);
  if (res._tag === "Success") return { line: lines[0]!, reason: "order: is invalid" };
  const first = formatter(res.failure.issue).issues[0];
  const path = (first?.path ?? []).map((p) => (typeof p === "object" && p !== null && "key" in p ? (p as { key: unknown }).key : p));
  let line = lines[0]!;
  if (path[0] === "items" && typeof path[1] === "number") line = lines[path[1]] ?? line;
  const field = [...path].reverse().find((p) => typeof p === "string") as string | undefined;
  return { line, reason: `${field ? (FIELD_NAMES[field] ?? field) : "order"}: ${first?.message ?? "is invalid"}` };
}

/** What an order keeps of its first row (not the row itself, which dies young). */
type FirstRow = Pick<OrderRow, "line" | "platform" | "orderId" | "customerId" | "orderedAt" | "status" | "statusRaw">;

interface Pending {
  readonly first: FirstRow;
  bad: boolean;
  province: string | null;
  provinceRaw: string;
  provinceLine: number;
  location: OrderRow["location"];
  locationGiven: boolean;
  returnedBy: string | null;
  readonly items: Array<{ product: string; sku?: string; quantity: number; price: number }>;
  readonly lines: number[];
  /** unitRows: item key → index in items. */
  readonly unitIndex: Map<string, number> | null;
  /** statusPerUnit: the statuses and status words of the units. */
  readonly statuses: Set<OrderStatus> | null;
  readonly raws: Set<string> | null;
}

/**
 * Groups rows into orders as they are read (rows of an order need not be next to each other).
 * Each row is checked against the first row of its order; `finish` builds and validates the orders.
 */
export class OrderCollector {
  private readonly pending = new Map<string, Pending>();
  private readonly errors: RowIssue[] = [];
  /** One copy of each repeated text (products, SKUs, customers, status words): files repeat them on most rows. */
  private readonly texts = new Map<string, string>();

  private intern(s: string): string {
    const seen = this.texts.get(s);
    if (seen !== undefined) return seen;
    if (this.texts.size < 200_000) this.texts.set(s, s);
    return s;
  }

  constructor(private readonly grouping: Grouping) {}

  /** A row that could not be read. */
  reject(issue: RowIssue): void {
    this.errors.push(issue);
  }

  add(r: OrderRow): void {
    const product = this.intern(r.product);
    const sku = r.sku === null ? null : this.intern(r.sku);
    const key = `${r.platform}\u0000${r.orderId}`;
    const o = this.pending.get(key);
    if (!o) {
      const { unitRows, statusPerUnit } = this.grouping;
      const first: FirstRow = {
        line: r.line, platform: r.platform, orderId: r.orderId, customerId: this.intern(r.customerId), orderedAt: r.orderedAt,
        status: r.status, statusRaw: this.intern(r.statusRaw),
      };
      this.pending.set(key, {
        first, bad: false, province: r.province, provinceRaw: r.provinceRaw, provinceLine: r.line, location: r.location,
        locationGiven: r.locationGiven === true, returnedBy: r.returned ?? null,
        items: [{ product, ...(sku !== null ? { sku } : {}), quantity: r.quantity, price: r.price }],
        lines: [r.line],
        unitIndex: unitRows ? new Map([[`${product}\u0000${sku ?? ""}\u0000${r.price}`, 0]]) : null,
        statuses: statusPerUnit ? new Set([r.status]) : null,
        raws: statusPerUnit ? new Set([first.statusRaw]) : null,
      });
      return;
    }
    const first = o.first;
    const problems: string[] = [];
    if (r.orderedAt !== first.orderedAt) problems.push(`order date ${shown(r.orderedAt)} differs from ${shown(first.orderedAt)} on line ${first.line}`);
    if (r.customerId !== first.customerId) problems.push(`customer ${JSON.stringify(r.customerId)} differs from ${JSON.stringify(first.customerId)} on line ${first.line}`);
    if (o.statuses === null && r.statusRaw !== first.statusRaw) {
      problems.push(`status ${JSON.stringify(r.statusRaw)} differs from ${JSON.stringify(first.statusRaw)} on line ${first.line}`);
    }
    if (r.provinceRaw !== "") {
      if (o.provinceRaw === "") {
        o.province = r.province;
        o.provinceRaw = r.provinceRaw;
        o.provinceLine = r.line;
        if (!o.locationGiven) o.location = r.location;
      } else if (r.provinceRaw !== o.provinceRaw && (r.province === null || r.province !== o.province)) {
        problems.push(`province ${JSON.stringify(r.provinceRaw)} differs from ${JSON.stringify(o.provinceRaw)} on line ${o.provinceLine}`);
      }
    }
    if (r.locationGiven) {
      if (!o.locationGiven) {
        o.location = r.location;
        o.locationGiven = true;
      } else if (r.location !== o.location) problems.push(`region ${r.location} differs from ${o.location} given for the same order`);
    }
    if (problems.length > 0) {
      o.bad = true;
      this.errors.push({ line: r.line, reason: `order ${first.orderId}: ${problems.join("; ")}` });
      return;
    }
    if (r.returned) o.returnedBy ??= r.returned;
    o.statuses?.add(r.status);
    o.raws?.add(this.intern(r.statusRaw));
    if (o.unitIndex !== null) {
      const k = `${product}\u0000${sku ?? ""}\u0000${r.price}`;
      const at = o.unitIndex.get(k);
      if (at !== undefined) {
        o.items[at]!.quantity += r.quantity;
        return;
      }
      o.unitIndex.set(k, o.items.length);
    }
    o.items.push({ product, ...(sku !== null ? { sku } : {}), quantity: r.quantity, price: r.price });
    o.lines.push(r.line);
  }

  /**
   * Builds and checks the orders, pausing after every `perStep` of them (see parseOrdersSteps).
   *
   * @returns the orders (in the order their first row appears) and every bad row, in line order
   */
  *finish(perStep: number): Generator<void, { orders: Order[]; errors: RowIssue[] }, void> {
    const orders: Order[] = [];
    const errors = this.errors;
    let built = 0;
    for (const o of this.pending.values()) {
      if (++built % perStep === 0) yield;
      if (o.bad) continue;
      const { first, items, lines } = o;
      const id = first.orderId;
      let status = first.status;
      let statusRaw = first.statusRaw;
      if (o.statuses !== null && o.raws !== null) {
        status = UNIT_PRECEDENCE.find((s) => o.statuses!.has(s)) ?? first.status;
        statusRaw = [...o.raws].join(", ");
      }
      if (o.returnedBy !== null) {
        status = "returned";
        statusRaw = `${statusRaw}; ${o.returnedBy}`;
      }
      // numeric(14, 2): an order worth a trillion baht is a misread file, not an order.
      const basketCents = items.reduce((sum, it) => sum + it.quantity * Math.round(it.price * 100), 0);
      if (basketCents >= 1e14) {
        errors.push({ line: lines[0]!, reason: `order ${id}: its value (${(basketCents / 100).toExponential(2)} THB) is too large to be an order` });
        continue;
      }
      if (items.length > MAX_ITEMS_PER_ORDER) {
        errors.push({ line: lines[MAX_ITEMS_PER_ORDER]!, reason: `order ${id}: has ${items.length} items; an order holds at most ${MAX_ITEMS_PER_ORDER}` });
        continue;
      }
      const order = {
        platform: first.platform,
        orderId: id,
        customerId: first.customerId,
        orderedAt: first.orderedAt,
        status,
        statusRaw: cut(statusRaw, 100),
        location: o.location,
        province: o.province,
        items,
      };
      if (!isOrder(order)) {
        errors.push(schemaReason(order, lines));
        continue;
      }
      orders.push(order);
    }
    this.pending.clear();
    this.texts.clear();
    return { orders, errors };
  }
}
