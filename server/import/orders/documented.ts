/**
 * The documented orders CSV (docs/orders-import.md): one row per item, the order's fields
 * repeated on each of its rows. Columns in any order; `sku`, `province` and `region` optional.
 */
import { ORDER_STATUSES, PLATFORMS, REGIONS, type Region } from "../../../domain/commerce";
import { clean, readDateTime, readId, readPrice, readProvince, readQuantity, readStatus, readText, statusTable, textCell } from "./fields";
import { defineFormat, type OrderRow } from "./types";

export const DOCUMENTED_COLUMNS = {
  order_id: ["order_id"],
  platform: ["platform"],
  customer_id: ["customer_id"],
  ordered_at: ["ordered_at"],
  status: ["status"],
  product: ["product"],
  sku: ["sku"],
  quantity: ["quantity"],
  price: ["price"],
  province: ["province"],
  region: ["region"],
} as const;
type Field = keyof typeof DOCUMENTED_COLUMNS;

export const DOCUMENTED_REQUIRED: readonly Field[] = ["order_id", "platform", "customer_id", "ordered_at", "status", "product", "quantity", "price"];

/** The status words of the documented layout: the domain's own, in any case. */
const STATUS = statusTable({ completed: ["completed"], pending: ["pending"], cancelled: ["cancelled"], returned: ["returned"] });
const STATUS_LIST = `expected ${ORDER_STATUSES.slice(0, -1).join(", ")} or ${ORDER_STATUSES[ORDER_STATUSES.length - 1]}`;

const REGION_BY_KEY = new Map<string, Region>(REGIONS.map((r) => [r.toLowerCase(), r]));
const PLATFORM_BY_KEY = new Map<string, string>(PLATFORMS.map((p) => [p.toLowerCase(), p]));

export const documentedFormat = defineFormat<Field>({
  format: "documented",
  label: "the documented orders CSV",
  fields: DOCUMENTED_COLUMNS,
  required: DOCUMENTED_REQUIRED,
  matches: (index) => index.has("order_id") && index.has("ordered_at"),
  grouping: { unitRows: false, statusPerUnit: false },
  reader: (col, ctx) => (row): OrderRow | string => {
    const cell = (f: Field) => {
      const i = col[f];
      return i === undefined ? "" : (row.cells[i] ?? "");
    };
    const problems: string[] = [];
    const need = <T>(field: Field, r: { ok: true; value: T } | { ok: false; reason: string }): T | undefined => {
      if (r.ok) return r.value;
      problems.push(`${field}: ${r.reason}`);
      return undefined;
    };
    const orderId = need("order_id", readId(cell("order_id"), 100));
    const platformText = need("platform", readText(cell("platform"), 50));
    const customerId = need("customer_id", readText(cell("customer_id"), 200));
    const orderedAt = need("ordered_at", readDateTime(cell("ordered_at"), ["iso"], ctx.now));
    const status = need("status", readStatus(cell("status"), STATUS, STATUS_LIST));
    const product = need("product", readText(cell("product"), 300));
    const skuText = textCell(cell("sku"));
    if (skuText.length > 100) problems.push("sku: is longer than 100 characters");
    const quantity = need("quantity", readQuantity(cell("quantity")));
    const price = need("price", readPrice(cell("price")));
    const regionText = clean(cell("region"));
    const region = regionText === "" ? null : (REGION_BY_KEY.get(regionText.replace(/\s+/g, " ").toLowerCase()) ?? null);
    if (regionText !== "" && region === null) problems.push(`region: ${JSON.stringify(regionText.slice(0, 40))} is not one of ${REGIONS.join(", ")}`);
    if (problems.length > 0) return problems.join("; ");
    const prov = readProvince(cell("province"));
    return {
      line: row.line,
      platform: PLATFORM_BY_KEY.get(platformText!.toLowerCase()) ?? platformText!,
      orderId: orderId!,
      customerId: customerId!,
      orderedAt: orderedAt!,
      status: status!,
      statusRaw: status!,
      ...prov,
      location: region ?? prov.location,
      ...(region !== null ? { locationGiven: true } : {}),
      product: product!,
      sku: skuText === "" ? null : skuText,
      quantity: quantity!,
      price: price!,
    };
  },
});
