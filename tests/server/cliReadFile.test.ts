// The CLIs' file reading (server/cli/readFile.ts): bytes as written, size limit, missing file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCliFile } from "../../server/cli/readFile";
import { ServiceError } from "../../server/services/errors";

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "bd-cli-read-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const failure = (f: () => unknown): { kind: string; message: string } => {
  try {
    f();
  } catch (err) {
    if (err instanceof ServiceError) return { kind: err.kind, message: err.message };
    throw err;
  }
  throw new Error("expected a failure");
};

describe("readCliFile", () => {
  it("returns the file's bytes unchanged (a BOM and non-UTF-8 bytes included)", () => {
    const file = path.join(tmp, "bytes.csv");
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0xa1, 0x0a, 0x00, 0xff]);
    writeFileSync(file, bytes);
    expect(Array.from(readCliFile(file, 100))).toEqual(Array.from(bytes));
  });

  it("takes a file of exactly the limit and refuses one byte more", () => {
    const file = path.join(tmp, "ten.csv");
    writeFileSync(file, "0123456789");
    expect(readCliFile(file, 10)).toHaveLength(10);
    expect(failure(() => readCliFile(file, 9))).toEqual({ kind: "too_large", message: `${file} is larger than 9 bytes` });
  });

  it.each([
    ["a missing file", () => path.join(tmp, "nope.csv"), "ENOENT"],
    ["a folder", () => {
      const dir = path.join(tmp, "folder.csv");
      mkdirSync(dir, { recursive: true });
      return dir;
    }, "EISDIR"],
  ])("names %s with the system's code", (_what, make, code) => {
    const file = make();
    expect(failure(() => readCliFile(file, 1000))).toEqual({ kind: "invalid", message: `cannot read ${file}: ${code}` });
  });
});
