import { createHash, randomUUID } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile, readFile } from "node:fs/promises";
import path from "node:path";
import type { Storage } from "../storage/storage";
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

const NAME = /^([a-f0-9]{64})\.(png|jpg|gif|webp)$/;

export class UploadService {
  readonly dir: string;
  constructor(private readonly db: Storage, dataDir: string, readonly maxBytes: number) {
    this.dir = path.join(dataDir, "uploads");
  }

  /** Stores an image under its SHA-256 (the same bytes are stored once) and returns its URL. */
  async store(bytes: Uint8Array, userId: number): Promise<{ url: string; contentType: string; size: number; sha256: string }> {
    if (bytes.length === 0) throw new ServiceError("invalid", "file is empty", { field: "file" });
    if (bytes.length > this.maxBytes) throw new ServiceError("too_large", `file is larger than ${this.maxBytes} bytes`, { field: "file" });
    const kind = sniffImage(bytes);
    if (!kind) throw new ServiceError("invalid", "file must be a PNG, JPEG, WebP or GIF image", { field: "file" });
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const name = `${sha256}.${kind.ext}`;
    const target = path.join(this.dir, name);
    await mkdir(this.dir, { recursive: true });
    const exists = await stat(target).then(() => true, () => false);
    if (!exists) {
      // Write then rename, so a crash never leaves a half-written file under the final name.
      const tmp = path.join(this.dir, `.${randomUUID()}.tmp`);
      try {
        await writeFile(tmp, bytes, { mode: 0o644 });
        await rename(tmp, target);
      } catch (err) {
        // A failed write (a full disk) leaves no partial or empty file behind.
        await rm(tmp, { force: true }).catch(() => undefined);
        throw err;
      }
    }
    await this.db.query(
      "INSERT INTO uploads (sha256, content_type, size, created_by) VALUES ($1, $2, $3, $4) ON CONFLICT (sha256) DO NOTHING",
      [sha256, kind.contentType, bytes.length, userId],
    );
    return { url: `/uploads/${name}`, contentType: kind.contentType, size: bytes.length, sha256 };
  }

  /** The stored file for a served name, or null (unknown or malformed names never touch the disk). */
  async read(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    const m = NAME.exec(name);
    if (!m) return null;
    const kind = KINDS[m[2]!]!;
    try {
      return { bytes: await readFile(path.join(this.dir, name)), contentType: kind.contentType };
    } catch {
      return null;
    }
  }
}
