/**
 * Cleaning of header names and cells, the way the real exports need it (EXPORTS.md, "What an
 * importer should do"): BOMs, zero-width characters and non-breaking spaces removed, Thai kept in
 * NFC (never NFKC, which decomposes สระอำ), numbers with thousands separators, ฿/THB and %, and
 * the placeholders Meta and TikTok write for "no value".
 */
import { sheetDay, type SlashOrder } from "./sheet";

// BOM, zero-width space/non-joiner/joiner, word joiner, soft hyphen: invisible, dropped.
// (An alternation, not a class: a class holding the zero-width joiner reads as a joined sequence.)
const INVISIBLE = /\uFEFF|\u200B|\u200C|\u200D|\u2060|\u00AD/g;
// Non-breaking and other odd spaces: read as a plain space.
const ODD_SPACES = /[\u00A0\u2007\u202F\u3000\t]/g;

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** A cell as text: invisible characters dropped, odd spaces made plain, NFC, trimmed. */
export function cleanCell(raw: string | undefined): string {
  if (raw === undefined) return "";
  // Printable ASCII has nothing to drop, replace or compose: most cells of a large export.
  if (PRINTABLE_ASCII.test(raw)) return raw.trim();
  return raw.replaceAll("\u0000", "").replace(INVISIBLE, "").replace(ODD_SPACES, " ").normalize("NFC").trim();
}

/** A header name as it is matched: clean, spaces collapsed, lower case, a leading or trailing `*` dropped. */
export function normalizeHeader(raw: string | undefined): string {
  return cleanCell(raw).replace(/\s+/g, " ").replace(/^\*+\s*|\s*\*+$/g, "").toLowerCase();
}

/** Cell texts that mean "no value" in the exports; an import leaves such a value out, it is not 0. */
const EMPTY_TOKENS = new Set(["", "-", "--", "—", "n/a", "na", "<5", "undefined", "null", "none"]);

export function isEmptyValue(text: string): boolean {
  return EMPTY_TOKENS.has(cleanCell(text).toLowerCase());
}

export type NumberCell = { ok: true; value: number | null } | { ok: false; reason: string };

const PLAIN = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Reads a number cell: `1,234.56`, `฿1,234.56`, `1234.56 THB`, `12.5%` (→ 12.5), `(120)` is
 * refused. Commas must group thousands (`12,34` is refused rather than guessed).
 *
 * @returns value null for the "no value" placeholders (`-`, `--`, `N/A`, `<5`, `undefined`, blank)
 */
export function parseNumberCell(raw: string): NumberCell {
  const text = cleanCell(raw);
  if (EMPTY_TOKENS.has(text.toLowerCase())) return { ok: true, value: null };
  const bare = text.replace(/^฿\s*|\s*฿$/g, "").replace(/\s*THB$/i, "").replace(/^THB\s*/i, "").replace(/\s*%$/, "").trim();
  let num: number;
  if (PLAIN.test(bare)) num = Number(bare);
  else if (GROUPED.test(bare)) num = Number(bare.replace(/,/g, ""));
  else return { ok: false, reason: `${JSON.stringify(text.slice(0, 40))} is not a number` };
  if (!Number.isFinite(num)) return { ok: false, reason: `${JSON.stringify(text.slice(0, 40))} is not a finite number` };
  return { ok: true, value: num };
}

/** A header row as a lookup: normalized name → first column with that name (later duplicates are ignored). */
export function headerIndex(cells: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  cells.forEach((c, i) => {
    const key = normalizeHeader(c);
    if (key !== "" && !map.has(key)) map.set(key, i);
  });
  return map;
}

/** The column of the first alias present in the header, or undefined. */
export function findColumn(index: ReadonlyMap<string, number>, aliases: readonly string[]): number | undefined {
  for (const a of aliases) {
    const i = index.get(normalizeHeader(a));
    if (i !== undefined) return i;
  }
  return undefined;
}

/** `YYYY-MM-DD`, optionally followed by a time (`T00:00:00`, ` 10:12`): the day part, or null. */
export function isoDayOf(raw: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(cleanCell(raw));
  return m ? m[1]! : null;
}

/** `MM/DD/YYYY HH:MM` (Meta post exports' Publish time): the day as YYYY-MM-DD, or null. */
export function usSlashDayOf(raw: string): string | null {
  const text = cleanCell(raw);
  return text.includes("/") ? sheetDay(text, "month-first") : null;
}

/**
 * The day of a date cell by the one date rule of both imports (`sheet.ts`): `YYYY-MM-DD` (a
 * time may follow), `DD/MM/YYYY` day first as Thai Excel writes it (month first where the
 * source writes so), an Excel serial, a Buddhist-era year converted; null when it is none.
 */
export function dayOf(raw: string, slash: SlashOrder = "day-first"): string | null {
  const text = cleanCell(raw);
  // An ISO date-time with an offset (2025-09-08T10:12:00+07:00) counts as the day written.
  return sheetDay(text, slash) ?? isoDayOf(text);
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** `August 19` (a date without a year, as Meta's Viewers.csv writes it): month and day, or null. */
export function monthDayOf(raw: string): { month: number; day: number } | null {
  const m = /^([a-z]+)\.?\s+(\d{1,2})$/i.exec(cleanCell(raw));
  if (!m) return null;
  const name = m[1]!.toLowerCase();
  const month = MONTHS.findIndex((full) => full === name || (name.length >= 3 && full.startsWith(name)));
  const day = Number(m[2]);
  return month < 0 || day < 1 || day > 31 ? null : { month: month + 1, day };
}

/**
 * Years for dates written without one, in file order (oldest first): the last date is taken to
 * be the latest such day not after `today` (the export date), and each earlier date that is
 * later in the calendar than the one after it is put in the year before.
 */
export function inferYears(dates: ReadonlyArray<{ month: number; day: number }>, today: string): string[] {
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const out: string[] = new Array<string>(dates.length);
  let year = ty;
  let next: { month: number; day: number } | null = null;
  for (let i = dates.length - 1; i >= 0; i--) {
    const d = dates[i]!;
    if (next === null) {
      if (d.month > tm || (d.month === tm && d.day > td)) year -= 1;
    } else if (d.month > next.month || (d.month === next.month && d.day > next.day)) {
      year -= 1;
    }
    out[i] = `${year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
    next = d;
  }
  return out;
}
