import { describe, expect, it } from "vitest";
import { BAHT, THAI_FACES, warmThaiFaces } from "@/app/warmFonts";

describe("warmThaiFaces (issue 19)", () => {
  it("asks for Prompt's Thai faces in the weights pages draw ฿ in, by the baht sign itself", () => {
    const asked: Array<[string, string | undefined]> = [];
    warmThaiFaces({ load: (font: string, text?: string) => (asked.push([font, text]), Promise.resolve([])) });
    expect(asked).toEqual([["400 1em Prompt", "\u0e3f"], ["600 1em Prompt", "\u0e3f"]]);
    expect(THAI_FACES).toHaveLength(2);
    // ฿ lies in the Thai faces' unicode-range only (src/fonts.css: U+0E01-0E5B).
    expect(BAHT.codePointAt(0)).toBeGreaterThanOrEqual(0x0e01);
    expect(BAHT.codePointAt(0)).toBeLessThanOrEqual(0x0e5b);
  });

  it("leaves a face that fails to load to the stand-in font: no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      expect(() => warmThaiFaces({ load: () => Promise.reject(new Error("offline")) })).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
