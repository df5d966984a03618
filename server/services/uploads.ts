import { createHash } from "node:crypto";
import type { Storage } from "../storage/storage";
import type { DatabaseUploadStore, FileUploadStore, UploadStore } from "../storage/uploadStore";
import { ServiceError } from "./errors";

export interface ImageKind { readonly contentType: string; readonly ext: string }

const KINDS: Record<string, ImageKind> = {
  png: { contentType: "image/png", ext: "png" },
  jpg: { contentType: "image/jpeg", ext: "jpg" },
  gif: { contentType: "image/gif", ext: "gif" },
  webp: { contentType: "image/webp", ext: "webp" },
};

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type recognised from the file's first bytes, whatever its name or declared type. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return KINDS.png!;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return KINDS.jpg!;
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return KINDS.gif!;
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return KINDS.webp!;
  return null;
}

/** The longest side an uploaded image may have, in pixels (a profile picture or a file for a page). */
export const MAX_IMAGE_SIDE = 4096;

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 65536 + u16be(b, at + 2);

/** A JPEG's size from its first frame header (SOF0–SOF15 but DHT, JPG and DAC), walking the segments. */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) { at += 1; continue; } // fill byte
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { at += 2; continue; } // no length
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    at += 2 + u16be(b, at + 2);
  }
  return null;
}

/**
 * The width and height an image declares in its header, read without decoding it; null when
 * the header does not say (a truncated or malformed file).
 */
export function imageSize(bytes: Uint8Array, kind: ImageKind): { width: number; height: number } | null {
  const b = bytes;
  switch (kind.ext) {
    case "png":
      return b.length >= 24 && startsWith(b, ascii("IHDR"), 12) ? { width: u32be(b, 16), height: u32be(b, 20) } : null;
    case "gif":
      return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : null;
    case "jpg":
      return jpegSize(b);
    case "webp":
      if (startsWith(b, ascii("VP8 "), 12) && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
      if (startsWith(b, ascii("VP8L"), 12) && b.length >= 25 && b[20] === 0x2f) {
        const [b1, b2, b3, b4] = [b[21]!, b[22]!, b[23]!, b[24]!];
        return { width: 1 + (b1 | ((b2 & 0x3f) << 8)), height: 1 + ((b2 >> 6) | (b3 << 2) | ((b4 & 0x0f) << 10)) };
      }
      if (startsWith(b, ascii("VP8X"), 12) && b.length >= 30) return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
      return null;
    default:
      return null;
  }
}

const NAME = /^([a-f0-9]{64})\.(png|jpg|gif|webp)$/;

export class UploadService {
  constructor(private readonly db: Storage, readonly files: UploadStore, readonly maxBytes: number) {}

  /** Stores an image under its SHA-256 (the same bytes are stored once) and returns its URL. */
  async store(bytes: Uint8Array, userId: number): Promise<{ url: string; contentType: string; size: number; sha256: string }> {
    if (bytes.length === 0) throw new ServiceError("invalid", "file is empty", { field: "file" });
    if (bytes.length > this.maxBytes) throw new ServiceError("too_large", `file is larger than ${this.maxBytes} bytes`, { field: "file" });
    const kind = sniffImage(bytes);
    if (!kind) throw new ServiceError("invalid", "file must be a PNG, JPEG, WebP or GIF image", { field: "file" });
    // Checked from the header before anything is stored: a 50,000 × 50,000 image is small as a
    // file and huge for every browser that shows it.
    const size = imageSize(bytes, kind);
    if (size === null) throw new ServiceError("invalid", "the image's width and height could not be read from its header", { field: "file" });
    if (size.width === 0 || size.height === 0 || size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) {
      throw new ServiceError("invalid", `image must be 1 to ${MAX_IMAGE_SIDE} px a side, not ${size.width} × ${size.height}`, { field: "file" });
    }
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const name = `${sha256}.${kind.ext}`;
    // The bytes first: a row in uploads always has its bytes in the store.
    await this.files.put(name, bytes, kind.contentType);
    await this.db.query(
      "INSERT INTO uploads (sha256, content_type, size, created_by) VALUES ($1, $2, $3, $4) ON CONFLICT (sha256) DO NOTHING",
      [sha256, kind.contentType, bytes.length, userId],
    );
    return { url: `/uploads/${name}`, contentType: kind.contentType, size: bytes.length, sha256 };
  }

  /** The stored image for a served name, or null (unknown or malformed names never reach the store). */
  async read(name: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const m = NAME.exec(name);
    if (!m) return null;
    const bytes = await this.files.get(name);
    return bytes ? { bytes, contentType: KINDS[m[2]!]!.contentType } : null;
  }
}

/**
 * Copies the images kept in DATA_DIR/uploads (by a server with UPLOAD_STORE=files, which was the
 * only store before issue 13) into the database store, so that the URLs already handed out keep
 * working on every server. Only a file named `<sha256 of its bytes>.<ext of their image type>` is
 * copied; names the database already holds are skipped, so running it at every start costs one
 * query. The files are left where they are.
 */
export async function copyUploadFiles(from: FileUploadStore, to: DatabaseUploadStore): Promise<{ copied: number; skipped: string[] }> {
  const names = (await from.names()).filter((n) => NAME.test(n));
  const present = await to.existing(names);
  let copied = 0;
  const skipped: string[] = [];
  for (const name of names) {
    if (present.has(name)) continue;
    const bytes = await from.get(name);
    const [sha, ext] = name.split(".") as [string, string];
    const kind = bytes && sniffImage(bytes);
    if (!bytes || createHash("sha256").update(bytes).digest("hex") !== sha || kind?.ext !== ext) {
      skipped.push(name);
      continue;
    }
    await to.put(name, bytes, kind.contentType);
    copied++;
  }
  return { copied, skipped };
}
