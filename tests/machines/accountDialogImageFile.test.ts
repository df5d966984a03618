import { describe, expect, it } from "vitest";
import { EMPTY_FILE, MAX_IMAGE_BYTES, TOO_LARGE, detectImageType, initials, progressPercent, sizeProblem } from "../../machines/accountDialog/imageFile";

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("image type from the first bytes (like the server)", () => {
  it.each([
    ["PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), "image/png"],
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg"],
    ["GIF87a", bytes("GIF87a"), "image/gif"],
    ["GIF89a", bytes("GIF89a"), "image/gif"],
    ["WebP", bytes("RIFF", [0, 0, 0, 0], "WEBP"), "image/webp"],
    ["RIFF but not WebP (WAV)", bytes("RIFF", [0, 0, 0, 0], "WAVE"), null],
    ["text", bytes("hello world\n"), null],
    ["SVG", bytes("<svg xmlns="), null],
    ["truncated PNG", bytes([0x89, 0x50, 0x4e]), null],
    ["empty", bytes(), null],
  ])("%s → %s", (_name, head, type) => {
    expect(detectImageType(head)).toBe(type);
  });
});

describe("size", () => {
  it.each([
    [0, EMPTY_FILE],
    [1, null],
    [MAX_IMAGE_BYTES, null],
    [MAX_IMAGE_BYTES + 1, TOO_LARGE],
  ])("%i bytes → %s", (size, problem) => {
    expect(sizeProblem(size)).toBe(problem);
  });
});

describe("progress and initials", () => {
  it.each([
    [0, 0],
    [0.424, 42],
    [1, 100],
    [1.5, 100],
    [-1, 0],
    [Number.NaN, 0],
  ])("fraction %d → %d %", (fraction, percent) => {
    expect(progressPercent(fraction)).toBe(percent);
  });

  it.each([
    ["Demo User", "DU"],
    ["  Somchai   Jaidee  ", "SJ"],
    ["Madonna", "MA"],
    ["", "?"],
    ["สมชาย ใจดี", "สใ"],
  ])("%j → %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
