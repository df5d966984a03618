/**
 * Reads a KOL post-tracking sheet (docs/kol-import.md): the sheet agencies send after a campaign,
 * one row per post: KOL, platform, link, date, views, likes, comments, shares, fee; optionally
 * handle, followers, reach, saves, clicks, sales. CSV (UTF-8, UTF-16, Windows-874) or XLSX/XLS,
 * the kind told by the bytes (`../read.ts`), headers in English or Thai, found in the first rows.
 * Pure: no storage, no HTTP. Every row is checked; a bad one is in `errors` with its line.
 */
import { KOL_PLATFORMS, type KolPlatform } from "../../../domain/kolContract";
import { cleanHandle, satangOfBaht } from "../../../domain/kol";
import type { ImportRowIssue } from "../../../domain/metrics";
import { cleanCell, normalizeHeader, parseNumberCell } from "../normalize";
import { readTable } from "../read";
import { readSheetDate, type SourceEncoding } from "../sheet";
import { FileRefusedError } from "../types";

export { FileRefusedError } from "../types";
export { UnreadableFileError } from "../sheet";

/** Rows a sheet may hold (a campaign's posts: hundreds at most). */
export const KOL_SHEET_MAX_ROWS = 5_000;
/** Rows searched for the header (agencies put a title and the campaign's name above it). */
const HEADER_SEARCH_ROWS = 20;

type Column = "kol" | "handle" | "platform" | "link" | "date" | "views" | "likes" | "comments" | "shares" | "fee" | "followers" | "reach" | "saves" | "clicks" | "sales";

/** Header names of each column (matched after `normalizeHeader`, a trailing "(THB)", "(฿)" or "(บาท)" dropped). */
export const KOL_SHEET_COLUMNS: Readonly<Record<Column, readonly string[]>> = {
  kol: ["kol", "kol name", "name", "influencer", "creator", "ชื่อ kol", "ชื่อ", "ชื่ออินฟลูเอนเซอร์", "อินฟลูเอนเซอร์", "ชื่อ kol/influencer"],
  handle: ["handle", "username", "account", "@handle", "ชื่อบัญชี", "แอคเคาท์", "ยูสเซอร์เนม"],
  platform: ["platform", "channel", "แพลตฟอร์ม", "ช่องทาง"],
  link: ["link", "url", "permalink", "post link", "post url", "ลิงก์", "ลิงค์", "ลิงก์โพสต์", "ลิงค์โพสต์"],
  date: ["date", "post date", "posted", "published", "published at", "publish date", "วันที่", "วันที่โพสต์", "วันที่ลง"],
  views: ["views", "view", "video views", "ยอดวิว", "วิว"],
  likes: ["likes", "like", "reactions", "ไลก์", "ไลค์", "ยอดไลก์", "ยอดไลค์"],
  comments: ["comments", "comment", "คอมเมนต์", "คอมเมนท์", "ความคิดเห็น"],
  shares: ["shares", "share", "แชร์", "ยอดแชร์"],
  fee: ["fee", "kol fee", "cost", "rate", "ค่าจ้าง", "ค่าตัว"],
  followers: ["followers", "follower", "ผู้ติดตาม", "ยอดผู้ติดตาม", "ฟอลโลเวอร์"],
  reach: ["reach", "การเข้าถึง", "รีช"],
  saves: ["saves", "save", "บันทึก", "เซฟ", "ยอดเซฟ"],
  clicks: ["clicks", "click", "link clicks", "คลิก", "คลิ๊ก"],
  sales: ["sales", "promo code sales", "tracked sales", "ยอดขาย"],
};
export const KOL_SHEET_REQUIRED: readonly Column[] = ["kol", "platform", "link", "date", "views", "likes", "comments", "shares", "fee"];

export const UNRECOGNISED_KOL_SHEET =
  "is not a recognised KOL tracking sheet: expected a header row with the columns KOL, Platform, Link, Date, Views, Likes, Comments, Shares, Fee " +
  "(or ชื่อ KOL, แพลตฟอร์ม, ลิงก์, วันที่โพสต์, ยอดวิว, ไลก์, คอมเมนต์, แชร์, ค่าจ้าง), as CSV or XLSX (docs/kol-import.md)";

const PLATFORM_WORDS: Readonly<Record<string, KolPlatform>> = {
  tiktok: "tiktok", tt: "tiktok", ติ๊กต็อก: "tiktok", ติ๊กต๊อก: "tiktok",
  instagram: "instagram", ig: "instagram", ไอจี: "instagram",
  facebook: "facebook", fb: "facebook", เฟซบุ๊ก: "facebook", เฟสบุ๊ค: "facebook",
  youtube: "youtube", yt: "youtube", ยูทูป: "youtube", ยูทูบ: "youtube",
};

/** A platform as written ("TikTok", "IG", "Tik Tok") → its key, or null. */
export function platformOf(text: string): KolPlatform | null {
  const key = cleanCell(text).toLowerCase().replace(/[\s_.-]/g, "");
  return PLATFORM_WORDS[key] ?? ((KOL_PLATFORMS as readonly string[]).includes(key) ? (key as KolPlatform) : null);
}

const headerKey = (raw: string) => normalizeHeader(raw).replace(/\s*\((thb|฿|บาท)\)$/, "").replace(/\s+(thb|฿|บาท)$/, "");

/** One post of the sheet. */
export interface KolSheetRow {
  readonly line: number;
  readonly kol: string;
  /** Without "@"; '' when the sheet has none. */
  readonly handle: string;
  readonly platform: KolPlatform;
  readonly link: string;
  /** ISO 8601 with the Bangkok offset (dates without a time: midnight). */
  readonly publishedAt: string;
  /** Its Bangkok day. */
  readonly day: string;
  readonly views: number;
  readonly reach: number;
  readonly likes: number;
  readonly comments: number;
  readonly shares: number;
  readonly saves: number;
  readonly clicks: number | null;
  readonly salesSatang: number | null;
  /** Null where the row gives no fee. */
  readonly feeSatang: number | null;
  readonly followers: number | null;
}

export interface KolSheet {
  readonly encoding: SourceEncoding;
  readonly rows: readonly KolSheetRow[];
  readonly errors: readonly ImportRowIssue[];
  /** How columns were read (line 0: the file as a whole). */
  readonly notes: readonly ImportRowIssue[];
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * Reads a tracking sheet.
 *
 * @throws FileRefusedError when no header row is found or the sheet is too long; UnreadableFileError when the bytes are no table
 */
export function parseKolSheet(bytes: Uint8Array): KolSheet {
  const table = readTable(bytes, (cells) => findHeader(cells) !== null, HEADER_SEARCH_ROWS);
  let at = -1;
  let cols: Map<Column, number> | null = null;
  for (let i = 0; i < Math.min(table.rows.length, HEADER_SEARCH_ROWS); i++) {
    cols = findHeader(table.rows[i]!.cells);
    if (cols) {
      at = i;
      break;
    }
  }
  if (!cols) {
    // Which required columns a header-like first row lacks, when it looks like one.
    const first = table.rows[0];
    const seen = first ? new Set(first.cells.map(headerKey)) : new Set<string>();
    const missing = KOL_SHEET_REQUIRED.filter((c) => !KOL_SHEET_COLUMNS[c].some((a) => seen.has(a)));
    const partial = missing.length < KOL_SHEET_REQUIRED.length - 2;
    throw new FileRefusedError(partial ? `has no column ${missing.map((c) => KOL_SHEET_COLUMNS[c][0]).join(", ")}: ${UNRECOGNISED_KOL_SHEET}` : UNRECOGNISED_KOL_SHEET, first?.line);
  }
  const body = table.rows.slice(at + 1);
  if (body.length > KOL_SHEET_MAX_ROWS) throw new FileRefusedError(`has ${body.length} rows: a tracking sheet may hold at most ${KOL_SHEET_MAX_ROWS}`);
  const get = (cells: readonly string[], c: Column) => {
    const i = cols!.get(c);
    return i === undefined ? "" : cleanCell(cells[i]);
  };
  const rows: KolSheetRow[] = [];
  const errors: ImportRowIssue[] = [];
  const notes: ImportRowIssue[] = [];
  const optional = (["handle", "followers", "reach", "saves", "clicks", "sales"] as const).filter((c) => !cols!.has(c));
  if (optional.length > 0) notes.push({ line: 0, reason: `no column ${optional.join(", ")}: ${optional.includes("reach") ? "reach is 0, so the engagement rate of Facebook and Instagram posts is not known; " : ""}clicks and sales not known, saves 0` });
  const linkLine = new Map<string, number>();
  for (const { line, cells } of body) {
    if (cells.every((c) => cleanCell(c) === "")) continue;
    const problems: string[] = [];
    const kol = get(cells, "kol");
    if (kol === "") problems.push("KOL: is empty");
    else if (kol.length > 120) problems.push("KOL: may hold at most 120 characters");
    const handle = cleanHandle(get(cells, "handle"));
    if (/[\s@]/.test(handle)) problems.push(`handle: ${JSON.stringify(handle.slice(0, 40))} must be one word without spaces`);
    const platformText = get(cells, "platform");
    const platform = platformOf(platformText);
    if (platform === null) problems.push(`platform: ${JSON.stringify(platformText.slice(0, 40))} is not TikTok, Instagram, Facebook or YouTube`);
    const link = get(cells, "link");
    if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(link)) problems.push(`link: ${link === "" ? "is empty" : `${JSON.stringify(link.slice(0, 60))} is not an http(s) link`}`);
    else if (link.length > 2000) problems.push("link: may hold at most 2,000 characters");
    else if (linkLine.has(link)) problems.push(`link: the same post is on line ${linkLine.get(link)}`);
    const dateText = get(cells, "date");
    const t = readSheetDate(dateText);
    let publishedAt = "";
    let day = "";
    if (t === null || t === "nonexistent") problems.push(`date: ${dateText === "" ? "is empty" : `${JSON.stringify(dateText.slice(0, 30))} is not a date (YYYY-MM-DD or DD/MM/YYYY, optionally with HH:MM)`}`);
    else {
      day = `${t.y}-${pad2(t.mo)}-${pad2(t.d)}`;
      publishedAt = `${day}T${pad2(t.h)}:${pad2(t.mi)}:${pad2(t.s)}+07:00`;
    }
    const count = (c: Column, blank: number | null): number | null => {
      const text = get(cells, c);
      const n = parseNumberCell(text);
      if (!n.ok) {
        problems.push(`${c}: ${n.reason}`);
        return blank;
      }
      if (n.value === null) return blank;
      if (!Number.isInteger(n.value) || n.value < 0) {
        problems.push(`${c}: ${JSON.stringify(text.slice(0, 30))} must be a whole number of 0 or more`);
        return blank;
      }
      if (n.value > 1e12) {
        problems.push(`${c}: ${JSON.stringify(text.slice(0, 30))} is too large`);
        return blank;
      }
      return n.value;
    };
    const money = (c: Column): number | null => {
      const text = get(cells, c);
      const n = parseNumberCell(text);
      if (!n.ok) {
        problems.push(`${c}: ${n.reason}`);
        return null;
      }
      if (n.value === null) return null;
      if (n.value < 0 || n.value > 1_000_000_000 || Math.abs(Math.round(n.value * 100) - n.value * 100) > 1e-6) {
        problems.push(`${c}: ${JSON.stringify(text.slice(0, 30))} must be an amount in baht of 0 or more with at most 2 decimals`);
        return null;
      }
      return satangOfBaht(n.value);
    };
    const row = {
      views: count("views", 0)!, reach: count("reach", 0)!, likes: count("likes", 0)!, comments: count("comments", 0)!, shares: count("shares", 0)!,
      saves: count("saves", 0)!, clicks: count("clicks", null), followers: count("followers", null), salesSatang: money("sales"), feeSatang: money("fee"),
    };
    if (problems.length > 0) {
      for (const reason of problems) errors.push({ line, reason });
      continue;
    }
    linkLine.set(link, line);
    rows.push({ line, kol, handle, platform: platform!, link, publishedAt, day, ...row });
  }
  if (rows.length === 0 && errors.length === 0) throw new FileRefusedError("has a header but no post rows");
  return { encoding: table.encoding, rows, errors, notes };
}

/** The tracking sheet's columns in a header row, or null when a required one is missing. */
function findHeader(cells: readonly string[]): Map<Column, number> | null {
  const index = new Map<string, number>();
  cells.forEach((c, i) => {
    const k = headerKey(c);
    if (k !== "" && !index.has(k)) index.set(k, i);
  });
  const cols = new Map<Column, number>();
  for (const [col, aliases] of Object.entries(KOL_SHEET_COLUMNS) as Array<[Column, readonly string[]]>) {
    const i = aliases.map((a) => index.get(a)).find((x) => x !== undefined);
    if (i !== undefined) cols.set(col, i);
  }
  return KOL_SHEET_REQUIRED.every((c) => cols.has(c)) ? cols : null;
}
