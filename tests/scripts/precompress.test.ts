import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressDir } from "../../scripts/precompress";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("precompressDir: the build's files compressed ahead of time (issue 19)", () => {
  it("writes a brotli and a gzip copy beside each script, style sheet, SVG and JSON file, in sub-folders too", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "bd-precompress-"));
    mkdirSync(path.join(dir, "nested"));
    const script = `export const x = ${JSON.stringify("a".repeat(5000))};`;
    const css = `.card { color: red; }\n`.repeat(200);
    writeFileSync(path.join(dir, "page-1.js"), script);
    writeFileSync(path.join(dir, "nested", "style-2.css"), css);
    expect(precompressDir(dir)).toBe(2);
    expect(brotliDecompressSync(readFileSync(path.join(dir, "page-1.js.br"))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(dir, "page-1.js.gz"))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(path.join(dir, "nested", "style-2.css.br"))).toString()).toBe(css);
    expect(readFileSync(path.join(dir, "page-1.js.br")).length).toBeLessThan(readFileSync(path.join(dir, "page-1.js.gz")).length);
  });

  it("leaves small files, fonts and images as they are", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "bd-precompress-"));
    writeFileSync(path.join(dir, "tiny.js"), "export {};");
    writeFileSync(path.join(dir, "font.woff2"), Buffer.alloc(4096, 7));
    expect(precompressDir(dir)).toBe(0);
    expect(existsSync(path.join(dir, "tiny.js.br"))).toBe(false);
    expect(existsSync(path.join(dir, "font.woff2.br"))).toBe(false);
  });
});
