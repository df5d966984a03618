/**
 * Reading the cells of the social exports: counts, watch seconds, completion rates, publish times
 * (Bangkok wall times), days with and without a year, and post types. Numbers, dates and cleaning
 * are the shared rules of every import (`../normalize.ts`, `../sheet.ts`); this adds only what
 * the social files write differently.
 */
import type { PostType } from "../../../domain/social";
import { cleanCell, monthDayOf, parseNumberCell } from "../normalize";
import { readSheetDate, wallDay, wallTime, type SlashOrder, type WallTime } from "../sheet";

const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** A Bangkok wall time as an instant (Bangkok is UTC+7 all year). */
export const bangkokInstant = (t: WallTime): number => Date.UTC(t.y, t.mo - 1, t.d, t.h, t.mi, t.s) - BANGKOK_OFFSET_MS;

/** Collects a row's problems, each naming its column, while its cells are read. */
export class RowCheck {
  readonly problems: string[] = [];
  fail(column: string, why: string): null {
    this.problems.push(`${column}: ${why}`);
    return null;
  }
  get ok(): boolean {
    return this.problems.length === 0;
  }
}

const shown = (text: string) => JSON.stringify(text.slice(0, 40));

/**
 * A count (reach, likes…): a whole number, not negative. An empty cell (or `-`, `--`, `<5`) is
 * `empty`, which is 0 for the figures a post always has and null for those a platform may not give.
 */
export function countCell(raw: string | undefined, column: string, check: RowCheck, empty: 0 | null): number | null {
  const num = parseNumberCell(raw ?? "");
  if (!num.ok) return check.fail(column, num.reason);
  if (num.value === null) return empty;
  if (!Number.isInteger(num.value)) return check.fail(column, `${shown(cleanCell(raw))} is not a whole number`);
  if (num.value < 0) return check.fail(column, `${shown(cleanCell(raw))} is negative`);
  return num.value;
}

/** A signed whole number (a net change of followers); null when empty. */
export function signedCell(raw: string | undefined, column: string, check: RowCheck): number | null {
  const num = parseNumberCell(raw ?? "");
  if (!num.ok) return check.fail(column, num.reason);
  if (num.value === null) return null;
  if (!Number.isInteger(num.value)) return check.fail(column, `${shown(cleanCell(raw))} is not a whole number`);
  return num.value;
}

/** Seconds: `12.5`, `12.5s`, `0:12` or `1:02:03`; null when empty. */
export function secondsCell(raw: string | undefined, column: string, check: RowCheck): number | null {
  const text = cleanCell(raw);
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d+)?)$/.exec(text);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const num = parseNumberCell(text.replace(/\s*(s|sec|secs|seconds|วินาที)$/i, ""));
  if (!num.ok) return check.fail(column, `${shown(text)} is not a number of seconds`);
  if (num.value === null) return null;
  if (num.value < 0) return check.fail(column, `${shown(text)} is negative`);
  return num.value;
}

/**
 * A share of plays watched to the end, 0–1: `12.5%` is 0.125; a number above 1 without `%` is
 * read as a percent too (`12.5`), one from 0 to 1 as the fraction itself. Null when empty.
 */
export function rateCell(raw: string | undefined, column: string, check: RowCheck): number | null {
  const text = cleanCell(raw);
  const num = parseNumberCell(text);
  if (!num.ok) return check.fail(column, num.reason);
  if (num.value === null) return null;
  const rate = text.endsWith("%") || num.value > 1 ? num.value / 100 : num.value;
  if (rate < 0 || rate > 1) return check.fail(column, `${shown(text)} is not a share from 0 to 100 %`);
  return rate;
}

// --- Dates and times ---------------------------------------------------------------------------

const THAI_MONTHS: ReadonlyArray<readonly string[]> = [
  ["ม.ค.", "มกราคม"], ["ก.พ.", "กุมภาพันธ์"], ["มี.ค.", "มีนาคม"], ["เม.ย.", "เมษายน"], ["พ.ค.", "พฤษภาคม"], ["มิ.ย.", "มิถุนายน"],
  ["ก.ค.", "กรกฎาคม"], ["ส.ค.", "สิงหาคม"], ["ก.ย.", "กันยายน"], ["ต.ค.", "ตุลาคม"], ["พ.ย.", "พฤศจิกายน"], ["ธ.ค.", "ธันวาคม"],
];

/** Month and day of a date written with a month name: `May 28`, `28 May`, `28 พ.ค.` (English or Thai); null when not one. */
function namedMonthDay(name: string, dom: string): { month: number; day: number } | null {
  const thai = THAI_MONTHS.findIndex((names) => names.some((n) => n === name || n === `${name}.`));
  if (thai >= 0) {
    const day = Number(dom);
    return day >= 1 && day <= 31 ? { month: thai + 1, day } : null;
  }
  return monthDayOf(`${name} ${dom}`);
}

const MONTH_FIRST = /^([A-Za-z]+\.?)\s+(\d{1,2})(?:,?\s+(\d{4}))?(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const DAY_FIRST = /^(\d{1,2})\s+([A-Za-z]+\.?|[\u0E00-\u0E7F.]+)(?:,?\s+(\d{4}))?(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A date (and time) written with a month name: `May 28, 2025 18:30`, `28 May 2025`, `28 พ.ค. 2568`,
 * or without a year (`28 May`, `August 19`): then `year` is null.
 */
function namedDate(text: string): { month: number; day: number; year: number | null; h: number; mi: number; s: number } | null {
  let m = MONTH_FIRST.exec(text);
  let md: { month: number; day: number } | null = null;
  if (m) md = namedMonthDay(m[1]!.replace(/\.$/, ""), m[2]!);
  else if ((m = DAY_FIRST.exec(text))) md = namedMonthDay(m[2]!, m[1]!);
  if (!m || !md) return null;
  return { ...md, year: m[3] ? Number(m[3]) : null, h: Number(m[4] ?? 0), mi: Number(m[5] ?? 0), s: Number(m[6] ?? 0) };
}

/**
 * A publish time as a Bangkok wall time: the shared date rule (`YYYY-MM-DD HH:MM`, slashes in the
 * order given, an Excel serial, a workbook date cell), an ISO instant with an offset, or a month
 * name with a year (`May 28, 2025 18:30`).
 *
 * @returns the instant, or why the text is not one
 */
export function publishInstant(raw: string | undefined, slash: SlashOrder): number | string {
  const text = cleanCell(raw);
  if (text === "") return "is empty";
  const withOffset = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})$/.exec(text);
  if (withOffset) {
    const t = Date.parse(`${withOffset[1]}T${withOffset[2]}${withOffset[3]!.length === 5 ? `${withOffset[3]!.slice(0, 3)}:${withOffset[3]!.slice(3)}` : withOffset[3]}`);
    return Number.isNaN(t) ? `${shown(text)} is not a date and time that exists` : t;
  }
  const t = readSheetDate(text, slash);
  if (t === "nonexistent") return `${shown(text)} is not a date and time that exists`;
  if (t !== null) return bangkokInstant(t);
  const named = namedDate(text);
  if (named && named.year !== null) {
    const w = wallTime(named.year, named.month, named.day, named.h, named.mi, named.s);
    return w ? bangkokInstant(w) : `${shown(text)} is not a date and time that exists`;
  }
  return `${shown(text)} is not a date and time like ${slash === "month-first" ? "09/01/2025 21:13 (month first)" : "2025-09-01 21:13"}`;
}

/** A day: YYYY-MM-DD, or the month and day of a date written without a year (`28 May`), or why not. */
export function dayCell(raw: string | undefined): { day: string } | { month: number; dom: number } | string {
  const text = cleanCell(raw);
  if (text === "") return "is empty";
  const t = readSheetDate(text, "day-first");
  if (t === "nonexistent") return `${shown(text)} is not a date that exists`;
  if (t !== null) return { day: wallDay(t) };
  const named = namedDate(text);
  if (named) {
    if (named.year === null) return { month: named.month, dom: named.day };
    const w = wallTime(named.year, named.month, named.day);
    return w ? { day: wallDay(w) } : `${shown(text)} is not a date that exists`;
  }
  return `${shown(text)} is not a date like 2025-05-28 or 28 May`;
}

// --- Post types --------------------------------------------------------------------------------

/** Post types as the exports write them (English and Thai, normalized to lower case) → POST_TYPES. */
const TYPE_WORDS: ReadonlyArray<readonly [PostType, readonly string[]]> = [
  ["photo", ["photo", "photos", "image", "images", "picture", "รูปภาพ", "รูป", "ภาพถ่าย"]],
  ["video", ["video", "videos", "วิดีโอ"]],
  ["reel", ["reel", "reels", "รีล", "วิดีโอ reels", "reels วิดีโอ"]],
  ["link", ["link", "links", "share", "shared link", "ลิงก์"]],
  ["text", ["text", "status", "statuses", "status update", "ข้อความ", "สถานะ"]],
  ["carousel", ["carousel", "carousels", "album", "albums", "photo mode", "photo carousel", "multi photo", "อัลบั้ม", "คารูเซล", "โหมดรูปภาพ"]],
  ["live", ["live", "lives", "live video", "live videos", "ถ่ายทอดสด", "ไลฟ์", "วิดีโอถ่ายทอดสด"]],
];
const TYPE_OF = new Map<string, PostType>(TYPE_WORDS.flatMap(([type, words]) => words.map((w) => [w, type] as const)));

/** The post type a cell names, or null when it names none. */
export function postTypeOf(raw: string | undefined): PostType | null {
  return TYPE_OF.get(cleanCell(raw).replace(/\s+/g, " ").toLowerCase()) ?? null;
}

export const TYPE_WORDS_HELP = "Photos, Videos, Reels, Links, Status, Albums, Live (or photo, video, reel, link, text, carousel, live)";
