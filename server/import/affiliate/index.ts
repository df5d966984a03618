/**
 * Reads an affiliate conversion report of any supported layout (formats.ts): the Shopee Affiliate
 * conversion report, the Lazada affiliate conversion report or the documented affiliate CSV, as
 * CSV (UTF-8, UTF-16, Windows-874; any delimiter) or XLSX. The layout is recognised from the
 * header row, never from the file name. The file is read with the orders import's table reader
 * (`../orders/table.ts`: encodings, the first sheet of a workbook, binary files refused). Every row
 * is checked; a bad one is in `errors` with its line (the caller then writes nothing). Pure: no
 * storage, no HTTP.
 */
import { affiliateStatusOf } from "../../../domain/affiliate";
import { AFFILIATE_PLATFORMS, type AffiliateImportFormat, type AffiliatePlatform, type AffiliateStatus } from "../../../domain/affiliateContract";
import { findColumn, headerIndex, isEmptyValue, parseNumberCell } from "../normalize";
import { clean, cut, readDateTime, readId, readPrice, readQuantity, readText, textCell, type Read } from "../orders/fields";
import { readOrdersTable } from "../orders/table";
import type { SourceEncoding } from "../sheet";
import { FileRefusedError } from "../types";
import { AFFILIATE_FORMATS, type AffiliateField } from "./formats";

export { FileRefusedError } from "../types";
export { UnreadableFileError } from "../sheet";

export interface RowIssue {
  readonly line: number;
  readonly reason: string;
}

/** One item of an order an affiliate brought, as stored. */
export interface ConversionRow {
  /** The file's line. */
  readonly line: number;
  readonly platform: AffiliatePlatform;
  readonly orderId: string;
  /** 1, 2, … within the order, in file order. */
  readonly itemLine: number;
  readonly affiliate: string;
  readonly subId: string | null;
  /** `YYYY-MM-DDTHH:MM:SS+07:00`, or null. */
  readonly clickTime: string | null;
  readonly orderedAt: string;
  /** The Bangkok day of orderedAt. */
  readonly day: string;
  readonly item: string;
  readonly price: number;
  readonly quantity: number;
  /** 0.08 = 8 %; null when not given. */
  readonly commissionRate: number | null;
  readonly commission: number;
  readonly status: AffiliateStatus;
  readonly statusRaw: string;
}

export interface ParsedAffiliate {
  readonly format: AffiliateImportFormat;
  readonly encoding: SourceEncoding;
  /** Data rows read. */
  readonly rows: number;
  readonly conversions: readonly ConversionRow[];
  /** Every bad row, in line order (empty = the file can be imported). */
  readonly errors: readonly RowIssue[];
}

export const UNRECOGNISED_AFFILIATE =
  "is not a recognised affiliate report: expected a Shopee Affiliate conversion report (Order id / รหัสการสั่งซื้อ, Affiliate Username, " +
  "Order Time / เวลาที่สั่งซื้อ, Item Name, Price(฿), Qty, Item Total Commission(฿) / คอมมิชชั่นสินค้าโดยรวม(฿), Order Status, …), a Lazada " +
  "affiliate conversion report (Order Number, Member ID, Order Time, Item Name, Item Price, Payout, Status, …) or the documented affiliate CSV " +
  "(platform, order_id, affiliate, sub_id, click_time, ordered_at, item, price, quantity, commission_rate, commission, status), as CSV or XLSX";

const show = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** A commission rate: `8%`, `8` (a number above 1 is a percentage) or `0.08`. */
function readRate(raw: string): Read<number | null> {
  const text = clean(raw);
  if (text === "" || isEmptyValue(text)) return { ok: true, value: null };
  const num = parseNumberCell(text);
  if (!num.ok) return { ok: false, reason: num.reason };
  if (num.value === null) return { ok: true, value: null };
  const rate = text.includes("%") || num.value > 1 ? num.value / 100 : num.value;
  if (rate < 0 || rate > 1) return { ok: false, reason: `${show(text)} is not a rate from 0 to 100 %` };
  return { ok: true, value: Math.round(rate * 1e6) / 1e6 };
}

/** A commission in THB: a number ≥ 0, rounded to the satang (an empty cell is refused). */
function readMoney(raw: string): Read<number> {
  return readPrice(raw);
}

/**
 * Reads an affiliate report.
 *
 * @param ctx - `now`: conversions dated more than a day after it are refused
 * @throws FileRefusedError or UnreadableFileError when the file as a whole cannot be read
 */
export function parseAffiliateFile(bytes: Uint8Array, ctx: { readonly now: Date }): ParsedAffiliate {
  if (bytes.length === 0) throw new FileRefusedError("is empty");
  const table = readOrdersTable(bytes, (cells) => {
    const index = headerIndex(cells);
    return AFFILIATE_FORMATS.some((f) => f.matches(index));
  });
  for (let h = 0; h < table.head.length; h++) {
    const header = table.head[h]!;
    const index = headerIndex(header.cells);
    const spec = AFFILIATE_FORMATS.find((f) => f.matches(index));
    if (!spec) continue;
    const original: Partial<Record<AffiliateField, number>> = {};
    for (const [field, aliases] of Object.entries(spec.fields) as Array<[AffiliateField, readonly string[]]>) {
      const i = findColumn(index, aliases);
      if (i !== undefined) original[field] = i;
    }
    const missing = spec.required.filter((f) => original[f] === undefined);
    if (missing.length > 0) {
      const names = missing.map((f) => spec.fields[f]!.join(" / ")).join(", ");
      throw new FileRefusedError(`looks like ${spec.label} but has no ${missing.length === 1 ? "column" : "columns"} ${names}`, header.line);
    }
    // Only the columns read are kept from each row; the header's own words name them in messages.
    const used = [...new Set(Object.values(original))];
    const at = (f: AffiliateField) => (original[f] === undefined ? undefined : used.indexOf(original[f]));
    const name = (f: AffiliateField) => (original[f] === undefined ? f : clean(header.cells[original[f]]) || f);

    const errors: RowIssue[] = [];
    const conversions: ConversionRow[] = [];
    const linesOf = new Map<string, { count: number; orderedAt: string; line: number }>();
    let rows = 0;
    for (const { row, issue } of table.rows(h, used)) {
      rows++;
      if (row === undefined) {
        errors.push(issue);
        continue;
      }
      const cell = (f: AffiliateField) => {
        const i = at(f);
        return i === undefined ? "" : (row.cells[i] ?? "");
      };
      const problems: string[] = [];
      const need = <T>(f: AffiliateField, r: Read<T>): T | undefined => {
        if (r.ok) return r.value;
        problems.push(`${name(f)}: ${r.reason}`);
        return undefined;
      };
      let platform: AffiliatePlatform | undefined = spec.platform ?? undefined;
      if (spec.platform === null) {
        const text = clean(cell("platform"));
        platform = AFFILIATE_PLATFORMS.find((p) => p.toLowerCase() === text.toLowerCase());
        if (platform === undefined) problems.push(`${name("platform")}: ${text === "" ? "is empty" : `${show(text)} is not Shopee or Lazada`}`);
      }
      const orderId = need("orderId", readId(cell("orderId"), 100));
      const affiliate = need("affiliate", readText(cell("affiliate"), 200));
      const orderedAt = need("orderedAt", readDateTime(cell("orderedAt"), ["iso", "day-first"], ctx.now));
      const clickText = clean(cell("clickTime"));
      const clickTime = clickText === "" || isEmptyValue(clickText) ? null : need("clickTime", readDateTime(clickText, ["iso", "day-first"], ctx.now)) ?? null;
      const item = need("item", readText(cell("item"), 1000));
      const price = need("price", readPrice(cell("price")));
      const quantity = at("quantity") === undefined ? 1 : need("quantity", readQuantity(cell("quantity")));
      const commissionRate = need("commissionRate", readRate(cell("commissionRate")));
      const commission = need("commission", readMoney(cell("commission")));
      const statusText = textCell(cell("status"));
      let status: AffiliateStatus | undefined;
      if (statusText === "") problems.push(`${name("status")}: is empty`);
      else if (platform !== undefined) {
        const s = affiliateStatusOf(statusText, platform);
        if (s === null) problems.push(`${name("status")}: ${show(statusText)} is not a known status word (e.g. ${platform === "Shopee" ? "Completed, Pending, Cancelled, สำเร็จ, รอดำเนินการ, ยกเลิก" : "Delivered, Pending, Shipped, Cancelled, Returned"})`);
        else status = s;
      }
      // Shopee's item status may cancel an item of an order that is not cancelled (a refunded or rejected item).
      const itemStatusText = textCell(cell("itemStatus"));
      if (status !== undefined && platform !== undefined && itemStatusText !== "" && affiliateStatusOf(itemStatusText, platform) === "cancelled") status = "cancelled";
      const subs = [textCell(cell("subId")), textCell(cell("subId2"))].filter((x) => x !== "" && !isEmptyValue(x));
      if (problems.length === 0 && platform !== undefined) {
        const key = `${platform}\u001f${orderId!}`;
        const seen = linesOf.get(key);
        if (seen !== undefined && seen.orderedAt !== orderedAt) {
          problems.push(`${name("orderedAt")}: order ${orderId} is dated ${orderedAt!.replace("T", " ").slice(0, 19)} here but ${seen.orderedAt.replace("T", " ").slice(0, 19)} on line ${seen.line}`);
        }
      }
      if (problems.length > 0) {
        errors.push({ line: row.line, reason: problems.join("; ") });
        continue;
      }
      const key = `${platform!}\u001f${orderId!}`;
      const seen = linesOf.get(key) ?? { count: 0, orderedAt: orderedAt!, line: row.line };
      seen.count++;
      linesOf.set(key, seen);
      conversions.push({
        line: row.line, platform: platform!, orderId: orderId!, itemLine: seen.count, affiliate: affiliate!,
        subId: subs.length === 0 ? null : cut(subs.join("-"), 200), clickTime, orderedAt: orderedAt!, day: orderedAt!.slice(0, 10),
        item: cut(item!, 300), price: price!, quantity: quantity!, commissionRate: commissionRate!, commission: commission!,
        status: status!, statusRaw: cut(itemStatusText !== "" && status === "cancelled" && affiliateStatusOf(statusText, platform!) !== "cancelled" ? `${statusText} / ${itemStatusText}` : statusText, 100),
      });
    }
    if (rows === 0) throw new FileRefusedError(`has the header of ${spec.label} (line ${header.line}) but no conversions below it`, header.line);
    errors.sort((a, b) => a.line - b.line);
    return { format: spec.format, encoding: table.encoding, rows, conversions, errors };
  }
  throw new FileRefusedError(UNRECOGNISED_AFFILIATE);
}
