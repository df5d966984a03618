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

/** The upload_files table (migration 009): one row per name, the bytes as bytea. */
export class DatabaseUploadStore implements UploadStore {
  readonly kind = "database" as const;
  constructor(private readonly db: Storage) {}

  async put(name: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.db.query(
      "INSERT INTO upload_files (name, content_type, bytes) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING",
      [name, contentType, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)],
    );
  }

  async get(name: string): Promise<Uint8Array | null> {
    const res = await this.db.query<{ bytes: Uint8Array }>("SELECT bytes FROM upload_files WHERE name = $1", [name]);
    const row = res.rows[0];
    return row ? new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null;
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
