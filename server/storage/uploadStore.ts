/**
 * Where the bytes of uploaded images are kept, by their served name (`<sha256>.<ext>`). Two
 * implementations (UPLOAD_STORE): files in DATA_DIR/uploads, which only the server on that
 * directory sees (the embedded default), and the database's upload_files table, which every
 * server on that database sees (the default with DATABASE_URL). Names are checked by the upload
 * service before they get here; what the bytes are (type, size, dimensions) too.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config";
import type { Storage } from "./storage";

export interface UploadStore {
  readonly kind: Config["uploadStore"];
  /**
   * Keeps the bytes under the name, unless that name is already kept (content-addressed: the
   * same name always holds the same bytes). Once it resolves, every reader of the store sees them.
   */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes kept under the name, or null. */
  get(name: string): Promise<Uint8Array | null>;
}

/** DATA_DIR/uploads: one file per name, written to a temporary file and renamed. */
export class FileUploadStore implements UploadStore {
  readonly kind = "files" as const;
  readonly dir: string;
  constructor(dataDir: string) {
    this.dir = path.join(dataDir, "uploads");
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    const target = path.join(this.dir, name);
    await mkdir(this.dir, { recursive: true });
    if (await stat(target).then(() => true, () => false)) return;
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

  async get(name: string): Promise<Uint8Array | null> {
    try {
      return await readFile(path.join(this.dir, name));
    } catch {
      return null;
    }
  }

  /** The names of the files in the directory (none when it does not exist), temporary files left out. */
  async names(): Promise<string[]> {
    const entries = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile() && !e.name.startsWith(".")).map((e) => e.name).sort();
  }
}

/** How many images one server reads from the database at once. */
export const DATABASE_READS_AT_ONCE = 4;

/** Runs at most max jobs at once; the others wait their turn, first come first served. */
class Limit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly max: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.max) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await job();
    } finally {
      // The slot goes straight to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** The upload_files table (migration 009): one row per name, the bytes as bytea. */
export class DatabaseUploadStore implements UploadStore {
  readonly kind = "database" as const;
  /**
   * Reads at once: each holds its image two or three times over while it is read (the text from
   * the database, the bytes), so 20 reads of a 5 MB image at once took the process from ~85 to
   * ~330 MB RSS; with 4 at once ~200 MB. More wait their turn.
   */
  private readonly reads: Limit;
  constructor(private readonly db: Storage, maxReads = DATABASE_READS_AT_ONCE) {
    this.reads = new Limit(maxReads);
  }

  async put(name: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.db.query(
      "INSERT INTO upload_files (name, content_type, bytes) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING",
      [name, contentType, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)],
    );
  }

  async get(name: string): Promise<Uint8Array | null> {
    return this.reads.run(async () => {
      // As base64, not bytea's hex text: two thirds of the text for node-postgres to take in and
      // decode. Node's decoder skips the line breaks encode() puts in.
      const res = await this.db.query<{ b64: string }>("SELECT encode(bytes, 'base64') AS b64 FROM upload_files WHERE name = $1", [name]);
      const row = res.rows[0];
      return row ? Buffer.from(row.b64, "base64") : null;
    });
  }

  /** Which of these names are kept already. */
  async existing(names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const res = await this.db.query<{ name: string }>("SELECT name FROM upload_files WHERE name = ANY($1::text[])", [names]);
    return new Set(res.rows.map((r) => r.name));
  }
}

/** The store UPLOAD_STORE names, over the server's database and DATA_DIR. */
export function openUploadStore(config: Pick<Config, "uploadStore" | "dataDir">, db: Storage): FileUploadStore | DatabaseUploadStore {
  return config.uploadStore === "database" ? new DatabaseUploadStore(db) : new FileUploadStore(config.dataDir);
}
