/**
 * The layouts of an affiliate conversion report (docs/affiliate-import.md): the Shopee Affiliate
 * conversion report (English or Thai headers), the Lazada affiliate conversion report, and the
 * documented CSV. Each names the columns it reads with their header aliases (matched after
 * `normalizeHeader`: case, spaces, a trailing `*` do not matter) and how its header is known.
 */
import type { AffiliateImportFormat, AffiliatePlatform } from "../../../domain/affiliateContract";
import { findColumn } from "../normalize";

/** The fields a conversion row is read from. */
export type AffiliateField =
  | "platform" | "orderId" | "affiliate" | "subId" | "subId2" | "clickTime" | "orderedAt" | "item" | "price" | "quantity"
  | "commissionRate" | "commission" | "status" | "itemStatus";

export interface AffiliateFormatSpec {
  readonly format: AffiliateImportFormat;
  /** How the layout is named in messages. */
  readonly label: string;
  /** The platform of every row; null: the file's `platform` column tells. */
  readonly platform: AffiliatePlatform | null;
  readonly fields: Readonly<Partial<Record<AffiliateField, readonly string[]>>>;
  readonly required: readonly AffiliateField[];
  /** The header row is this layout's (given the normalized header names). */
  matches(index: ReadonlyMap<string, number>): boolean;
}

const has = (index: ReadonlyMap<string, number>, names: readonly string[]) => findColumn(index, names) !== undefined;

/** Shopee Affiliate conversion report (Seller Centre › Affiliate Marketing Solution › Conversion report), English and Thai. */
export const SHOPEE_AFFILIATE_COLUMNS = {
  orderId: ["Order id", "Order ID", "รหัสการสั่งซื้อ", "เลขที่คำสั่งซื้อ", "หมายเลขคำสั่งซื้อ"],
  affiliate: ["Affiliate Username", "Affiliate Name", "Affiliate ID", "Affiliate", "ชื่อผู้ใช้ Affiliate", "ชื่อ Affiliate", "ชื่อผู้ใช้แอฟฟิลิเอต", "ชื่อแอฟฟิลิเอต"],
  subId: ["Sub_id1", "Sub_id", "Sub ID"],
  subId2: ["Sub_id2"],
  clickTime: ["Click Time", "เวลาที่คลิก"],
  orderedAt: ["Order Time", "Purchase Time", "เวลาที่สั่งซื้อ", "วันที่สั่งซื้อ"],
  item: ["Item Name", "ชื่อสินค้า", "ชื่อรายการสินค้า"],
  price: ["Price(฿)", "Price", "Item Price(฿)", "ราคาสินค้า(฿)", "ราคา(฿)", "ราคาสินค้า"],
  quantity: ["Qty", "Quantity", "จำนวน"],
  commissionRate: ["Item Seller Commission Rate", "Commission Rate", "อัตราคอมมิชชั่นร้านค้าของสินค้า", "คอมมิชชั่นสินค้า(%)", "อัตราค่าคอมมิชชั่น"],
  commission: ["Item Total Commission(฿)", "Item Total Commission", "คอมมิชชั่นสินค้าโดยรวม(฿)", "คอมมิชชั่นสินค้าโดยรวม"],
  status: ["Order Status", "สถานะการสั่งซื้อ", "สถานะ"],
  itemStatus: ["Affiliate Item Status", "สถานะสินค้า Affiliate"],
} as const;

export const shopeeAffiliateFormat: AffiliateFormatSpec = {
  format: "shopee-affiliate",
  label: "a Shopee Affiliate conversion report",
  platform: "Shopee",
  fields: SHOPEE_AFFILIATE_COLUMNS,
  required: ["orderId", "affiliate", "orderedAt", "item", "price", "quantity", "commission", "status"],
  matches: (index) => has(index, SHOPEE_AFFILIATE_COLUMNS.orderId) && has(index, SHOPEE_AFFILIATE_COLUMNS.commission),
};

/** Lazada affiliate conversion report (Seller Center › Lazada Affiliate › Conversion report). */
export const LAZADA_AFFILIATE_COLUMNS = {
  orderId: ["Order Number", "Order ID", "Order No.", "Check Out ID", "หมายเลขคำสั่งซื้อ"],
  affiliate: ["Member ID", "Affiliate Member ID", "Affiliate Name", "Publisher Name", "Affiliate ID", "Affiliate", "ชื่อแอฟฟิลิเอต"],
  subId: ["Aff Sub ID", "Sub ID", "Sub ID 1"],
  subId2: ["Sub ID 2"],
  clickTime: ["Click Time", "เวลาที่คลิก"],
  orderedAt: ["Order Time", "Order Date", "Order Created Time", "เวลาสั่งซื้อ"],
  item: ["Item Name", "Product Name", "ชื่อสินค้า"],
  price: ["Item Price", "Unit Price", "Price", "Order Amount", "ราคาสินค้า"],
  quantity: ["Quantity", "Qty", "จำนวน"],
  commissionRate: ["Commission Rate", "Payout Rate", "อัตราค่าคอมมิชชั่น"],
  commission: ["Est. Payout", "Estimated Payout", "Payout", "Commission", "ค่าคอมมิชชั่น"],
  status: ["Order Status", "Status", "Conversion Status", "สถานะ"],
} as const;

export const lazadaAffiliateFormat: AffiliateFormatSpec = {
  format: "lazada-affiliate",
  label: "a Lazada affiliate conversion report",
  platform: "Lazada",
  fields: LAZADA_AFFILIATE_COLUMNS,
  required: ["orderId", "affiliate", "orderedAt", "item", "price", "commission", "status"],
  matches: (index) => has(index, LAZADA_AFFILIATE_COLUMNS.orderId) && has(index, ["Payout", "Est. Payout", "Estimated Payout"]),
};

/** The documented affiliate CSV (docs/affiliate-import.md). */
export const DOCUMENTED_AFFILIATE_COLUMNS = {
  platform: ["platform"],
  orderId: ["order_id"],
  affiliate: ["affiliate"],
  subId: ["sub_id"],
  clickTime: ["click_time"],
  orderedAt: ["ordered_at"],
  item: ["item"],
  price: ["price"],
  quantity: ["quantity"],
  commissionRate: ["commission_rate"],
  commission: ["commission"],
  status: ["status"],
} as const;

export const documentedAffiliateFormat: AffiliateFormatSpec = {
  format: "csv",
  label: "the documented affiliate CSV",
  platform: null,
  fields: DOCUMENTED_AFFILIATE_COLUMNS,
  required: ["platform", "orderId", "affiliate", "orderedAt", "item", "price", "quantity", "commission", "status"],
  matches: (index) => index.has("order_id") && index.has("affiliate") && index.has("commission"),
};

/** In the order they are tried. */
export const AFFILIATE_FORMATS: readonly AffiliateFormatSpec[] = [documentedAffiliateFormat, shopeeAffiliateFormat, lazadaAffiliateFormat];
