/**
 * Lazada Seller Center order export (EXPORTS.md §2), XLSX or CSV, current camelCase headers or the
 * older Title Case ones. One row per **unit** (`orderItemId`) and no quantity column: the units
 * of an order with the same item, SKU and paid price make one item whose quantity is their count,
 * so the order's value is the sum of `paidPrice`.
 */
import { isEmptyValue } from "../normalize";
import { clean, cut, readDateTime, readId, readPrice, readProvince, readStatus, readText, statusTable, textCell } from "./fields";
import { defineFormat, type OrderRow } from "./types";

/** Header aliases: current (camelCase) then older (Title Case). */
export const LAZADA_COLUMNS = {
  orderItemId: ["orderItemId", "Order Item Id"],
  orderNumber: ["orderNumber", "Order Number"],
  createTime: ["createTime", "Created at"],
  customerName: ["customerName", "Customer Name"],
  sellerSku: ["sellerSku", "Seller SKU"],
  lazadaSku: ["lazadaSku", "Lazada SKU"],
  itemName: ["itemName", "Item Name"],
  variation: ["variation", "Variation"],
  paidPrice: ["paidPrice", "Paid Price"],
  status: ["status", "Status"],
  shippingRegion: ["shippingRegion", "Shipping Region"],
  billingAddr3: ["billingAddr3", "Billing Address3"],
  shippingCity: ["shippingCity", "Shipping City"],
} as const;
type Field = keyof typeof LAZADA_COLUMNS;

/** Status words, any case; `_`, `-` and spaces are the same (`ready_to_ship` = `Ready to ship`). */
export const LAZADA_STATUS_WORDS = {
  completed: ["delivered", "confirmed", "completed"],
  pending: ["pending", "unpaid", "ready_to_ship", "packed", "repacked", "shipped", "in_transit", "to_ship"],
  cancelled: ["canceled", "cancelled", "failed", "failed_delivery", "lost_by_3pl", "damaged_by_3pl"],
  returned: ["returned", "package_returned", "shipped_back", "shipped_back_success", "return", "refunded"],
} as const;
const unitKey = (s: string) => s.replace(/[_-]+/g, " ");
const STATUS = statusTable({
  completed: LAZADA_STATUS_WORDS.completed.map(unitKey),
  pending: LAZADA_STATUS_WORDS.pending.map(unitKey),
  cancelled: LAZADA_STATUS_WORDS.cancelled.map(unitKey),
  returned: LAZADA_STATUS_WORDS.returned.map(unitKey),
});
const KNOWN = "e.g. delivered, confirmed, pending, ready_to_ship, shipped, canceled, returned";

export const lazadaFormat = defineFormat<Field>({
  format: "lazada",
  label: "a Lazada order export",
  fields: LAZADA_COLUMNS,
  required: ["orderNumber", "createTime", "customerName", "itemName", "paidPrice", "status"],
  matches: (index) => ["ordernumber", "order number"].some((k) => index.has(k))
    && ["orderitemid", "order item id", "paidprice", "paid price"].some((k) => index.has(k)),
  grouping: { unitRows: true, statusPerUnit: true },
  reader(col, ctx) {
    const unitLine = new Map<string, number>();
    return (row): OrderRow | string => {
      const cell = (f: Field) => {
        const i = col[f];
        return i === undefined ? "" : (row.cells[i] ?? "");
      };
      const problems: string[] = [];
      const need = <T>(header: string, r: { ok: true; value: T } | { ok: false; reason: string }): T | undefined => {
        if (r.ok) return r.value;
        problems.push(`${header}: ${r.reason}`);
        return undefined;
      };
      const orderId = need("orderNumber", readId(cell("orderNumber"), 100));
      const itemId = clean(cell("orderItemId")).replace(/\.0+$/, "");
      if (itemId !== "") {
        const seen = unitLine.get(itemId);
        if (seen !== undefined) problems.push(`orderItemId: ${itemId} is already on line ${seen}`);
        else unitLine.set(itemId, row.line);
      }
      const statusText = clean(cell("status"));
      const status = need("status", readStatus(unitKey(statusText), STATUS, KNOWN));
      const customerId = need("customerName", readText(cell("customerName"), 200));
      const orderedAt = need("createTime", readDateTime(cell("createTime"), ["day-month-name", "iso", "day-first"], ctx.now));
      const name = need("itemName", readText(cell("itemName"), 1000));
      const price = need("paidPrice", readPrice(cell("paidPrice")));
      const skuText = [textCell(cell("sellerSku")), textCell(cell("lazadaSku"))].find((s) => s !== "" && !isEmptyValue(s)) ?? "";
      if (skuText.length > 100) problems.push("sellerSku: is longer than 100 characters");
      if (problems.length > 0) return problems.join("; ");
      const variation = textCell(cell("variation"));
      return {
        line: row.line,
        platform: "Lazada",
        orderId: orderId!,
        customerId: customerId!,
        orderedAt: orderedAt!,
        status: status!,
        statusRaw: statusText,
        ...readProvince(cell("shippingRegion"), cell("billingAddr3"), cell("shippingCity")),
        product: cut(variation === "" || isEmptyValue(variation) ? name! : `${name} (${variation})`, 300),
        sku: skuText === "" ? null : skuText,
        quantity: 1,
        price: price!,
      };
    };
  },
});
