/**
 * Shopee Seller Centre order export (EXPORTS.md §1), XLSX or CSV, Thai or English headers. One row
 * per SKU line; the order's fields repeat on each of its rows (older files leave them blank on
 * rows 2+, so they are filled down). Only the columns below are read; order-level amounts (total,
 * vouchers, shipping) are not: an order's value is the sum of its lines, Deal Price × Quantity.
 */
import { isEmptyValue } from "../normalize";
import { clean, cut, readDateTime, readId, readPrice, readProvince, readQuantity, readStatus, readText, statusTable, textCell } from "./fields";
import { defineFormat, type OrderRow } from "./types";

/** Header aliases, English then Thai (the Thai names of real Thai-shop exports). */
export const SHOPEE_COLUMNS = {
  orderId: ["Order ID", "หมายเลขคำสั่งซื้อ"],
  status: ["Order Status", "สถานะการสั่งซื้อ"],
  returnStatus: ["Return / Refund Status", "Return/Refund Status", "สถานะการคืนเงินหรือคืนสินค้า"],
  customer: ["Username (Buyer)", "ชื่อผู้ใช้ (ผู้ซื้อ)"],
  createdAt: ["Order Creation Date", "วันที่ทำการสั่งซื้อ"],
  product: ["Product Name", "ชื่อสินค้า"],
  variation: ["Variation Name", "ชื่อตัวเลือก"],
  sku: ["SKU Reference No.", "เลขอ้างอิง SKU (SKU Reference No.)"],
  parentSku: ["Parent SKU Reference No.", "เลขอ้างอิง Parent SKU"],
  price: ["Deal Price", "ราคาขาย"],
  quantity: ["Quantity", "จำนวน"],
  // The Thai file has จังหวัด twice: the shipping address first, the tax-invoice address later.
  // Headers match the first column of a name, so this is the shipping province.
  province: ["Province", "จังหวัด"],
} as const;
type Field = keyof typeof SHOPEE_COLUMNS;

/** Order-level fields: filled down from the row above when a row leaves its order id blank. */
const ORDER_FIELDS: readonly Field[] = ["orderId", "status", "returnStatus", "customer", "createdAt", "province"];

/** Order Status words (Thai and English, any case). */
export const SHOPEE_STATUS_WORDS = {
  completed: ["Completed", "สำเร็จแล้ว", "Delivered", "Order Received", "จัดส่งสำเร็จแล้ว", "ส่งสำเร็จ", "เสร็จสมบูรณ์"],
  pending: [
    "Unpaid", "รอการชำระเงิน", "ยังไม่ชำระ", "To ship", "ที่ต้องจัดส่ง", "รอจัดส่ง", "ที่จะจัดส่ง", "Ready to ship",
    "Shipping", "กำลังจัดส่ง", "Shipped", "จัดส่งแล้ว", "To receive", "ที่ต้องได้รับ",
  ],
  cancelled: ["Cancelled", "Canceled", "ยกเลิกแล้ว", "ยกเลิก"],
  returned: ["Return/Refund", "Return / Refund", "Returned", "Refunded", "คืนเงิน/คืนสินค้า", "คืนสินค้า/คืนเงิน", "คืนเงินแล้ว", "คืนสินค้าแล้ว"],
} as const;
const STATUS = statusTable(SHOPEE_STATUS_WORDS);
const KNOWN = "e.g. สำเร็จแล้ว, ที่ต้องจัดส่ง, กำลังจัดส่ง, ยกเลิกแล้ว, Completed, To ship, Cancelled";

/**
 * A Return / Refund Status that does not mean the order came back: a request that was refused or
 * withdrawn. Any other text in the column makes the order returned.
 */
const NO_RETURN = /ปฏิเสธ|ยกเลิก|ไม่อนุมัติ|reject|cancel|withdr|declin|^no$|^ไม่มี$/i;

export const shopeeFormat = defineFormat<Field>({
  format: "shopee",
  label: "a Shopee order export",
  fields: SHOPEE_COLUMNS,
  required: ["orderId", "status", "customer", "createdAt", "product", "price", "quantity"],
  matches: (index) => ["order id", "หมายเลขคำสั่งซื้อ"].some((k) => index.has(k))
    && ["order status", "สถานะการสั่งซื้อ"].some((k) => index.has(k))
    && ["order creation date", "วันที่ทำการสั่งซื้อ"].some((k) => index.has(k)),
  grouping: { unitRows: false, statusPerUnit: false },
  reader(col, ctx) {
    // The cells of the row above, as read (filled down itself): only cells, never a closure, so
    // that no row keeps the rows before it alive.
    let above: readonly string[] | null = null;
    const at = (f: Field) => col[f];
    const orderCols = ORDER_FIELDS.map(at).filter((i): i is number => i !== undefined);
    return (row): OrderRow | string => {
      let cells = row.cells;
      const idCol = at("orderId");
      const productCol = at("product");
      const blankId = idCol === undefined || clean(cells[idCol]) === "";
      if (above !== null && blankId && productCol !== undefined && clean(cells[productCol]) !== "") {
        const filled = [...cells];
        for (const i of orderCols) if (clean(filled[i]) === "") filled[i] = above[i] ?? "";
        cells = filled;
      }
      above = cells;
      const cell = (f: Field) => {
        const i = col[f];
        return i === undefined ? "" : (cells[i] ?? "");
      };

      const problems: string[] = [];
      const need = <T>(header: string, r: { ok: true; value: T } | { ok: false; reason: string }): T | undefined => {
        if (r.ok) return r.value;
        problems.push(`${header}: ${r.reason}`);
        return undefined;
      };
      const orderId = need("Order ID", readId(cell("orderId"), 100));
      const status = need("Order Status", readStatus(cell("status"), STATUS, KNOWN));
      const customerId = need("Username (Buyer)", readText(cell("customer"), 200));
      const orderedAt = need("Order Creation Date", readDateTime(cell("createdAt"), ["iso", "day-first"], ctx.now));
      const name = need("Product Name", readText(cell("product"), 1000));
      const quantity = need("Quantity", readQuantity(cell("quantity")));
      const price = need("Deal Price", readPrice(cell("price")));
      const skuText = [textCell(cell("sku")), textCell(cell("parentSku"))].find((s) => s !== "" && !isEmptyValue(s)) ?? "";
      if (skuText.length > 100) problems.push("SKU Reference No.: is longer than 100 characters");
      if (problems.length > 0) return problems.join("; ");
      const variation = textCell(cell("variation"));
      const returnText = clean(cell("returnStatus"));
      const returned = returnText !== "" && !isEmptyValue(returnText) && !NO_RETURN.test(returnText);
      return {
        line: row.line,
        platform: "Shopee",
        orderId: orderId!,
        customerId: customerId!,
        orderedAt: orderedAt!,
        status: status!,
        statusRaw: clean(cell("status")),
        ...(returned ? { returned: returnText } : {}),
        ...readProvince(cell("province")),
        product: cut(variation === "" || isEmptyValue(variation) ? name! : `${name} (${variation})`, 300),
        sku: skuText === "" ? null : skuText,
        quantity: quantity!,
        price: price!,
      };
    };
  },
});
