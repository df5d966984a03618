/**
 * A write that fails half-way (a full disk) must leave nothing in uploads/: the real fs, with
 * writeFile failing after it created the file, as ENOSPC does.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type * as FsPromises from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";

const failWrites = vi.hoisted(() => ({ on: false }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  return {
    ...fs,
    writeFile: async (...args: Parameters<typeof fs.writeFile>) => {
      if (!failWrites.on) return fs.writeFile(...args);
      await fs.writeFile(args[0], new Uint8Array());
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    },
  };
});

const { UploadService } = await import("../../server/services/uploads");
const { FileUploadStore } = await import("../../server/storage/uploadStore");

// The smallest PNG: signature and IHDR of a 1 × 1 image (content sniffing reads the header).
const PNG = Uint8Array.from(Buffer.from("89504E470D0A1A0A0000000D4948445200000001000000010806000000" + "1F15C489" + "0000000A49444154789C6300010000050001" + "0D0A2DB40000000049454E44AE426082", "hex"));

const dirs: string[] = [];
afterEach(() => {
  failWrites.on = false;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("an upload whose write fails", () => {
  it("answers the failure and leaves no empty .tmp file behind", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "bd-upload-"));
    dirs.push(dataDir);
    const db = { query: vi.fn(async () => ({ rows: [], affectedRows: 0 })) };
    const service = new UploadService(db as never, new FileUploadStore(dataDir), 1024 * 1024);
    failWrites.on = true;
    await expect(service.store(PNG, 1)).rejects.toThrow(/ENOSPC/);
    expect(readdirSync(path.join(dataDir, "uploads"))).toEqual([]);
    expect(db.query).not.toHaveBeenCalled();
    failWrites.on = false;
    await service.store(PNG, 1);
    expect(readdirSync(path.join(dataDir, "uploads")).filter((f) => f.endsWith(".png"))).toHaveLength(1);
  });
});
