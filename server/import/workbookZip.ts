/**
 * The decompression-bomb check of an XLSX workbook (a ZIP), run before SheetJS reads it
 * (`openFirstSheet` in `sheet.ts`). SheetJS unpacks every member of the ZIP into memory at once,
 * trusting the sizes written in it: a 2 MB upload holding one 2 GB member of zeros takes the
 * server to gigabytes. So the ZIP is walked here the way SheetJS walks it (the last end-of-central-
 * directory record, its central directory entries, each one's local header), and refused when:
 *
 * - the members together **declare** more than {@link MAX_WORKBOOK_INFLATED_BYTES} unpacked;
 * - a member of over 1 MB declares it unpacks more than {@link MAX_MEMBER_RATIO} times its packed
 *   size (spreadsheet XML packs 3 to 30 times; zeros pack 1,000 times);
 * - a member **actually** unpacks to more than it declares: each deflated member is inflated with
 *   Node's zlib, stopped as soon as its output passes the declared size (`maxOutputLength`), so
 *   at most one member's declared size, and never more than the bound, is in memory.
 *
 * And, within those bounds, when its worksheets hold more than {@link MAX_WORKBOOK_CELLS} cells:
 * SheetJS keeps every cell of the sheet as an object, about 350 bytes each, so a workbook of
 * 100,000 rows of 11 columns took the server's RSS up by 413 MB and one of 200,000 rows ran the
 * reading worker out of memory (the import answered 500). The cells are counted in the worksheets'
 * XML as it is unpacked here anyway.
 *
 * A ZIP that cannot be walked (no end record, an entry outside the file, a damaged deflate
 * stream) is refused as unreadable. XLS (an OLE compound file) is not compressed: not checked.
 */
import { inflateRawSync } from "node:zlib";

/** The most all the members of a workbook may unpack to, together. */
export const MAX_WORKBOOK_INFLATED_BYTES = 200 * 1024 * 1024;
/** The most a member larger than {@link RATIO_CHECKED_FROM} may unpack to per packed byte. */
export const MAX_MEMBER_RATIO = 200;
const RATIO_CHECKED_FROM = 1024 * 1024;
/**
 * The most cells the worksheets of a workbook may hold: what SheetJS reads within the server's
 * 500 MB (about 40,000 rows of an export with 10 filled columns). A larger sheet is read as CSV,
 * row by row.
 */
export const MAX_WORKBOOK_CELLS = 400_000;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

const MB = 1024 * 1024;
const mb = (n: number) => (n >= 10 * MB ? Math.round(n / MB).toLocaleString("en-US") : (n / MB).toFixed(1));

/** Why a workbook is refused; `sheet.ts` turns it into an UnreadableFileError. */
export class WorkbookZipError extends Error {}

/** The start of the message for a file that is not a readable workbook at all. */
export const NOT_A_WORKBOOK = "the file looks like a spreadsheet but could not be read as XLSX or XLS";
const damaged = (why: string) => new WorkbookZipError(`${NOT_A_WORKBOOK}: ${why}`);

interface Member {
  readonly name: string;
  readonly method: number;
  readonly dataStart: number;
  /** Packed size from the central directory (ZIP64 field when present), at most the bytes left in the file. */
  readonly packed: number;
  /** The larger of the unpacked sizes the central directory and the local header declare. */
  readonly declared: number;
}

/** The members of a ZIP, read as SheetJS reads them (`parse_zip` in its CFB module). */
function members(b: Uint8Array): Member[] {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const inside = (at: number, len: number) => {
    if (at < 0 || at + len > b.length) throw damaged("its ZIP structure points outside the file");
  };
  const u16 = (at: number) => {
    inside(at, 2);
    return view.getUint16(at, true);
  };
  const u32 = (at: number) => {
    inside(at, 4);
    return view.getUint32(at, true);
  };
  const u64 = (at: number) => u32(at) + u32(at + 4) * 2 ** 32;
  /** The ZIP64 sizes of an extra field, when it has them. */
  const zip64 = (from: number, len: number): { usz: number; csz: number } | null => {
    let p = from;
    while (p <= from + len - 4) {
      const type = u16(p);
      const size = u16(p + 2);
      if (type === 0x0001 && size >= 16) return { usz: u64(p + 4), csz: u64(p + 12) };
      p += 4 + size;
    }
    return null;
  };

  // The last end-of-central-directory signature, searched from the end (as SheetJS does).
  let eocd = b.length - 4;
  while (eocd >= 0 && !(b[eocd] === 0x50 && b[eocd + 1] === 0x4b && b[eocd + 2] === 0x05 && b[eocd + 3] === 0x06)) eocd--;
  if (eocd < 0) throw damaged("it has no ZIP central directory");
  const count = u16(eocd + 8);
  let p = u32(eocd + 16);
  const out: Member[] = [];
  for (let i = 0; i < count; i++) {
    let packed = u32(p + 20);
    let centralSize = u32(p + 24);
    const nameLen = u16(p + 28);
    const extraLen = u16(p + 30);
    const commentLen = u16(p + 32);
    const offset = u32(p + 42);
    inside(p + 46, nameLen + extraLen);
    const name = new TextDecoder().decode(b.subarray(p + 46, p + 46 + nameLen));
    const z = zip64(p + 46 + nameLen, extraLen);
    if (z?.usz) centralSize = z.usz;
    if (z?.csz) packed = z.csz;
    p += 46 + nameLen + extraLen + commentLen;

    // The local header (SheetJS takes the method and its own sizes from it).
    const method = u16(offset + 8);
    let localSize = u32(offset + 22);
    const localNameLen = u16(offset + 26);
    const localExtraLen = u16(offset + 28);
    const lz = zip64(offset + 30 + localNameLen, localExtraLen);
    if (lz?.usz) localSize = lz.usz;
    const dataStart = offset + 30 + localNameLen + localExtraLen;
    inside(dataStart, 0);
    // A packed size past the end of the file would hide the ratio: the bytes there are what there is.
    out.push({ name, method, dataStart, packed: Math.min(packed, b.length - dataStart), declared: Math.max(centralSize, localSize) });
  }
  return out;
}

const LT = 0x3c;
const COLON = 0x3a;
/** Whether byte `b` ends an element's name (white space, `>` or `/`). */
const endsName = (b: number | undefined) => b === 0x20 || b === 0x3e || b === 0x2f || b === 0x0a || b === 0x0d || b === 0x09;

/** The cell elements of a worksheet's XML: `<c …>`, `<c/>`, also with a namespace prefix (`<x:c …>`). */
export function countCells(xml: Uint8Array): number {
  let cells = 0;
  for (let at = xml.indexOf(LT); at >= 0; at = xml.indexOf(LT, at + 1)) {
    let name = at + 1;
    // A prefix: letters, digits, '_', '-' or '.' up to a colon, within the next 16 bytes.
    for (let i = name; i < name + 16 && i < xml.length; i++) {
      const b = xml[i]!;
      if (b === COLON) {
        name = i + 1;
        break;
      }
      if (!((b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b === 0x5f || b === 0x2d || b === 0x2e)) break;
    }
    if (xml[name] === 0x63 && endsName(xml[name + 1])) cells++;
  }
  return cells;
}

/**
 * Checks that a workbook's ZIP unpacks to no more than the bounds (see the top of this file).
 * Does nothing for bytes that are not a ZIP.
 *
 * @throws WorkbookZipError with the reason, meant for the user
 */
export function checkWorkbookZip(bytes: Uint8Array): void {
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)) return;
  const list = members(bytes);
  const limit = `${mb(MAX_WORKBOOK_INFLATED_BYTES)} MB`;
  const declaredTotal = list.reduce((sum, m) => sum + (m.method === 8 ? m.declared : 0), 0);
  if (declaredTotal > MAX_WORKBOOK_INFLATED_BYTES) {
    throw new WorkbookZipError(
      `the workbook unpacks to ${mb(declaredTotal)} MB, more than the ${limit} a workbook may unpack to (a decompression bomb, or a sheet too large): save the sheet as CSV`,
    );
  }
  for (const m of list) {
    if (m.method !== 8) continue;
    if (m.declared > RATIO_CHECKED_FROM && m.declared > m.packed * MAX_MEMBER_RATIO) {
      throw new WorkbookZipError(
        `the workbook's part ${m.name} claims to unpack ${Math.round(m.declared / Math.max(m.packed, 1))} times its size (${mb(m.declared)} MB), ` +
          `more than any spreadsheet does (at most ${MAX_MEMBER_RATIO}): the file is a decompression bomb or damaged`,
      );
    }
  }
  // Declared sizes can lie: each member is unpacked, and stopped one byte past what it declares.
  let cells = 0;
  for (const m of list) {
    if (m.method !== 8 && m.method !== 0) continue;
    try {
      const xml = m.method === 8
        ? inflateRawSync(bytes.subarray(m.dataStart, m.dataStart + m.packed), { maxOutputLength: m.declared + 1 })
        : bytes.subarray(m.dataStart, m.dataStart + m.packed);
      if (WORKSHEET.test(m.name)) cells += countCells(xml);
    } catch (err) {
      if ((err as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE") {
        throw new WorkbookZipError(
          `the workbook's part ${m.name} unpacks to more than the ${m.declared.toLocaleString("en-US")} bytes it declares: the file is a decompression bomb or damaged`,
        );
      }
      throw damaged(`its part ${m.name} is damaged (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  if (cells > MAX_WORKBOOK_CELLS) {
    throw new WorkbookZipError(
      `the workbook's sheets hold ${cells.toLocaleString("en-US")} cells, more than the ${MAX_WORKBOOK_CELLS.toLocaleString("en-US")} the server reads from a workbook: save the sheet as CSV (a CSV is read row by row, up to the import's row limit)`,
    );
  }
}
