import { describe, expect, it } from "vitest";
import { REGIONS, type Region } from "../../domain/commerce";
import { PROVINCES, provinceKey, provinceOf, regionOfProvince } from "../../domain/thaiRegions";

const COUNTS: Record<Region, number> = {
  "Bangkok and Vicinity": 6, Central: 9, Eastern: 7, Western: 4, "Upper Northern": 8, "Lower Northern": 9,
  "Upper Northeastern": 12, "Lower Northeastern": 8, Southern: 14,
};

describe("the 77 provinces", () => {
  it("lists 77 provinces, each once, in Thai and English", () => {
    expect(PROVINCES).toHaveLength(77);
    expect(new Set(PROVINCES.map((p) => p.en)).size).toBe(77);
    expect(new Set(PROVINCES.map((p) => p.th)).size).toBe(77);
    for (const p of PROVINCES) expect(p.th, p.en).toBe(p.th.normalize("NFC"));
  });

  it("puts every province in one of the nine regions, with the stated counts", () => {
    const counts = Object.fromEntries(REGIONS.map((r) => [r, 0])) as Record<Region, number>;
    for (const p of PROVINCES) counts[p.region]++;
    expect(counts).toEqual(COUNTS);
  });

  it.each(PROVINCES.map((p) => [p.en, p.th, p.region] as const))("maps %s / %s to %s by either name", (en, th, region) => {
    expect(regionOfProvince(en)).toBe(region);
    expect(regionOfProvince(th)).toBe(region);
    expect(regionOfProvince(en.toUpperCase())).toBe(region);
    expect(regionOfProvince(`จังหวัด${th}`)).toBe(region);
    expect(regionOfProvince(`${th}/ ${en}`)).toBe(region);
  });

  it("puts Bangkok and its five neighbours in Bangkok and Vicinity", () => {
    for (const n of ["Bangkok", "Nonthaburi", "Pathum Thani", "Samut Prakan", "Samut Sakhon", "Nakhon Pathom"]) {
      expect(regionOfProvince(n), n).toBe("Bangkok and Vicinity");
    }
  });
});

describe("regionOfProvince", () => {
  it.each([
    { name: "Bangkok", region: "Bangkok and Vicinity" },
    { name: "กรุงเทพมหานคร", region: "Bangkok and Vicinity" },
    { name: "กรุงเทพฯ", region: "Bangkok and Vicinity" },
    { name: "กรุงเทพ ฯ", region: "Bangkok and Vicinity" },
    { name: "กทม.", region: "Bangkok and Vicinity" },
    { name: "Krung Thep Maha Nakhon", region: "Bangkok and Vicinity" },
    { name: "  bangkok  ", region: "Bangkok and Vicinity" },
    { name: "กรุงเทพมหานคร/ Bangkok", region: "Bangkok and Vicinity" },
    { name: "Bangkok (กรุงเทพมหานคร)", region: "Bangkok and Vicinity" },
    { name: "จ.เชียงใหม่", region: "Upper Northern" },
    { name: "จ. เชียงใหม่", region: "Upper Northern" },
    { name: "จังหวัด เชียงใหม่", region: "Upper Northern" },
    { name: "Chiangmai", region: "Upper Northern" },
    { name: "Chiang Mai Province", region: "Upper Northern" },
    { name: "Chonburi", region: "Eastern" },
    { name: "Chon Buri", region: "Eastern" },
    { name: "ชลบุรี/ Chon Buri", region: "Eastern" },
    { name: "Ayutthaya", region: "Central" },
    { name: "อยุธยา", region: "Central" },
    { name: "Korat", region: "Lower Northeastern" },
    { name: "Sisaket", region: "Lower Northeastern" },
    { name: "Buriram", region: "Lower Northeastern" },
    { name: "Tak", region: "Lower Northern" },
    { name: "Kanchanaburi", region: "Western" },
    { name: "Bueng Kan", region: "Upper Northeastern" },
    { name: "Surat Thani", region: "Southern" },
    { name: "\uFEFFภูเก็ต\u200B", region: "Southern" },
  ] as const)("maps $name to $region", ({ name, region }) => {
    expect(regionOfProvince(name)).toBe(region);
  });

  it("reads สระอำ typed as nikhahit + sara aa (the NFKC form) as สระอำ", () => {
    // ลำปาง: ล + ำ (U+0E33); the same name with ำ typed as U+0E4D U+0E32.
    expect(regionOfProvince("\u0E25\u0E33\u0E1B\u0E32\u0E07")).toBe("Upper Northern");
    expect(regionOfProvince("\u0E25\u0E4D\u0E32\u0E1B\u0E32\u0E07")).toBe("Upper Northern");
    expect(regionOfProvince("ลำปาง".normalize("NFKC"))).toBe("Upper Northern");
  });

  it.each(["", "   ", "Atlantis", "กรุงเทพมหานครนิวยอร์ก", "Kuala Lumpur", "บางปะกง/ Bang Pakong", "12345"])("answers null for %j", (name) => {
    expect(regionOfProvince(name)).toBeNull();
  });

  it("answers null for null and undefined", () => {
    expect(regionOfProvince(null)).toBeNull();
    expect(regionOfProvince(undefined)).toBeNull();
  });

  it("gives the canonical names", () => {
    expect(provinceOf("chonburi")).toMatchObject({ en: "Chon Buri", th: "ชลบุรี", region: "Eastern" });
    expect(provinceKey("จังหวัด  Nakhon-Si Thammarat ")).toBe("nakhonsithammarat");
  });
});
