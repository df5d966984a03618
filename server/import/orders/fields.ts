/**
 * Reading the cells of an order row: date-times (Bangkok local or with an offset), money,
 * quantities, status words, and the text limits of the domain's `Order`.
 */
import type { OrderStatus, Region } from "../../../domain/commerce";
import { provinceOf } from "../../../domain/thaiRegions";
import { cleanCell, isEmptyValue, parseNumberCell } from "../normalize";
import { readSheetDate } from "../sheet";

/** Printable ASCII without spaces at either end: nothing for {@link cleanCell} to do. */
const PLAIN_ASCII = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** {@link cleanCell}, with a fast path for the plain ASCII cells most of a file is made of. */
export const clean = (raw: string | undefined): string => (raw === undefined ? "" : PLAIN_ASCII.test(raw) ? raw : cleanCell(raw));

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const show = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

const ISO_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DAY_MON = /^(\d{1,2})[\s-]([a-z]{3,4})[a-z]*\.?[\s-](\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/i;

/** Earliest order date an import takes; anything earlier is a misread date. */
export const MIN_ORDER_DAY = "2000-01-01";

/** Bangkok is UTC+7 all year (no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 3600_000;

/** An instant as the ISO text the import stores: Bangkok wall time with `+07:00`. */
export function bangkokIso(ms: number): string {
  return `${new Date(ms + BANGKOK_OFFSET_MS).toISOString().slice(0, 19)}+07:00`;
}

function localToMs(y: number, mo: number, d: number, h: number, mi: number, s: number): number | null {
  // A Buddhist-era year (2567 = 2024) is read as such.
  const year = y > 2400 ? y - 543 : y;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const ms = Date.UTC(year, mo - 1, d, h, mi, s);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return ms - BANGKOK_OFFSET_MS;
}

/** Which date layouts a column may use; `day-first` = `DD/MM/YYYY` (Thai Excel). */
export type DateStyle = "iso" | "day-first" | "day-month-name";

/**
 * Reads an order date-time: `YYYY-MM-DD HH:MM[:SS]` (Bangkok local; a day alone is 00:00), ISO
 * with an offset or `Z`, an Excel serial (a workbook date column saved as a number), and, when
 * the style allows, `DD/MM/YYYY HH:MM` or `DD Mon YYYY HH:MM`. Buddhist-era years are converted.
 * Apart from the offset and month-name forms, this is the date rule the metrics import uses too
 * (`../sheet.ts`).
 *
 * @returns the instant as `YYYY-MM-DDTHH:MM:SS+07:00`
 */
export function readDateTime(raw: string, styles: readonly DateStyle[], now: Date): Read<string> {
  const text = clean(raw);
  if (text === "") return { ok: false, reason: "is empty" };
  let ms: number | null;
  let m: RegExpExecArray | null;
  let wall: ReturnType<typeof readSheetDate>;
  if ((m = ISO_OFFSET.exec(text))) {
    const off = m[8]!.toUpperCase();
    const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? "00"}${m[7] ? `.${m[7]}` : ""}${off === "Z" ? "Z" : off.includes(":") ? off : `${off.slice(0, 3)}:${off.slice(3)}`}`;
    const local = localToMs(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
    const parsed = Date.parse(iso);
    ms = local === null || Number.isNaN(parsed) ? null : parsed;
  } else if (styles.includes("day-month-name") && (m = DAY_MON.exec(text))) {
    const mo = MONTHS[m[2]!.toLowerCase()];
    ms = mo === undefined ? null : localToMs(Number(m[3]), mo, Number(m[1]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  } else if ((wall = readSheetDate(text, styles.includes("day-first") ? "day-first" : null)) !== null) {
    // YYYY-MM-DD[ HH:MM[:SS]], DD/MM/YYYY when the style allows, an Excel serial: the one date rule (../sheet.ts).
    ms = wall === "nonexistent" ? null : Date.UTC(wall.y, wall.mo - 1, wall.d, wall.h, wall.mi, wall.s) - BANGKOK_OFFSET_MS;
  } else {
    const expected = [
      "YYYY-MM-DD HH:MM",
      ...(styles.includes("iso") ? ["an ISO date-time with an offset"] : []),
      ...(styles.includes("day-first") ? ["DD/MM/YYYY HH:MM"] : []),
      ...(styles.includes("day-month-name") ? ["DD Mon YYYY HH:MM"] : []),
    ];
    return { ok: false, reason: `${show(text)} is not a date-time (expected ${expected.join(" or ")})` };
  }
  if (ms === null) return { ok: false, reason: `${show(text)} is not an existing date and time` };
  const iso = bangkokIso(ms);
  if (iso.slice(0, 10) < MIN_ORDER_DAY) return { ok: false, reason: `${show(text)} is before ${MIN_ORDER_DAY}` };
  if (ms > now.getTime() + 24 * 3600_000) return { ok: false, reason: `${show(text)} is in the future` };
  return { ok: true, value: iso };
}

const PLAIN_NUMBER = /^\d{1,15}(\.\d{1,15})?$/;

/** A price per unit in THB: a number ≥ 0 (`฿1,234.50`, `1234.5 THB`), rounded to the satang. */
export function readPrice(raw: string): Read<number> {
  const num = PLAIN_NUMBER.test(raw) ? { ok: true as const, value: Number(raw) } : parseNumberCell(raw);
  if (!num.ok) return { ok: false, reason: num.reason };
  if (num.value === null) return { ok: false, reason: "is empty" };
  if (num.value < 0) return { ok: false, reason: `${num.value} is negative` };
  if (num.value > 10_000_000) return { ok: false, reason: `${num.value} is more than 10,000,000` };
  return { ok: true, value: Math.round(num.value * 100) / 100 };
}

/** A quantity: a whole number from 1 to 100,000 (`2`, `2.0`, `1,200`). */
export function readQuantity(raw: string): Read<number> {
  const num = PLAIN_NUMBER.test(raw) ? { ok: true as const, value: Number(raw) } : parseNumberCell(raw);
  if (!num.ok) return { ok: false, reason: num.reason };
  if (num.value === null) return { ok: false, reason: "is empty" };
  if (!Number.isInteger(num.value)) return { ok: false, reason: `${num.value} is not a whole number` };
  if (num.value < 1) return { ok: false, reason: `${num.value} is less than 1` };
  if (num.value > 100_000) return { ok: false, reason: `${num.value} is more than 100,000` };
  return { ok: true, value: num.value };
}

/** A key of the status tables: clean, lower case, spaces collapsed. */
export const statusKey = (raw: string): string => clean(raw).replace(/\s+/g, " ").toLowerCase();

/** Reads a status word through a table (keys as {@link statusKey} makes them). */
export function readStatus(raw: string, table: ReadonlyMap<string, OrderStatus>, known: string): Read<OrderStatus> {
  const text = clean(raw);
  if (text === "") return { ok: false, reason: "is empty" };
  const status = table.get(statusKey(text));
  return status ? { ok: true, value: status } : { ok: false, reason: `${show(text)} is not a known status word (${known})` };
}

/** A status table from lists of words per status. */
export function statusTable(words: Record<OrderStatus, readonly string[]>): ReadonlyMap<string, OrderStatus> {
  const map = new Map<string, OrderStatus>();
  for (const [status, list] of Object.entries(words) as Array<[OrderStatus, readonly string[]]>) {
    for (const w of list) map.set(statusKey(w), status);
  }
  return map;
}

/**
 * An id read as text. A number Excel rounded to scientific notation (`4.05123E+14`) cannot be
 * turned back into the id, so it is refused.
 */
export function readId(raw: string, max: number): Read<string> {
  const text = clean(raw).replace(/\.0+$/, "");
  if (text === "") return { ok: false, reason: "is empty" };
  if (/^\d+(\.\d+)?e\+?\d+$/i.test(text)) return { ok: false, reason: `${show(text)} is an id that Excel turned into a rounded number: export again, or format the column as text` };
  if (text.length > max) return { ok: false, reason: `is longer than ${max} characters` };
  return { ok: true, value: text };
}

/** Free text cut to a length (product names with their variation may run long). */
export const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

// The same few dozen province spellings fill a whole file: each is looked up once.
const provinces = new Map<string, ReturnType<typeof provinceOf>>();
function provinceCached(text: string): ReturnType<typeof provinceOf> {
  let p = provinces.get(text);
  if (p === undefined) {
    p = provinceOf(text);
    if (provinces.size >= 5_000) provinces.clear();
    provinces.set(text, p);
  }
  return p;
}

/** A province as stored: its English name when recognised, else the text as written (cut to 100). */
export interface ProvinceRead {
  readonly provinceRaw: string;
  readonly province: string | null;
  readonly location: Region | null;
}

/**
 * The shipping province from the first candidate cell that names a known province (Thai or
 * English, bilingual `เชียงใหม่/ Chiang Mai` forms too); when none does, the first non-empty
 * cell as written, without a region.
 */
export function readProvince(...candidates: ReadonlyArray<string | undefined>): ProvinceRead {
  let firstText = "";
  for (const raw of candidates) {
    const text = clean(raw);
    if (text === "" || isEmptyValue(text)) continue;
    const p = provinceCached(text);
    if (p) return { provinceRaw: text, province: p.en, location: p.region };
    if (firstText === "") firstText = text;
  }
  return { provinceRaw: firstText, province: firstText === "" ? null : cut(firstText, 100), location: null };
}

/** A cell as text: {@link cleanCell}, and control characters (line breaks in a cell) read as one space. */
export const textCell = (raw: string | undefined): string => {
  const text = clean(raw);
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(text) ? text.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/ {2,}/g, " ").trim() : text;
};

/** Required free text (a customer, a product): {@link textCell}, not empty, at most `max` characters. */
export function readText(raw: string, max: number): Read<string> {
  const text = textCell(raw);
  if (text === "" || isEmptyValue(text)) return { ok: false, reason: "is empty" };
  if (text.length > max) return { ok: false, reason: `is longer than ${max} characters` };
  return { ok: true, value: text };
}
