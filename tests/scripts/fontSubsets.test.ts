import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { convert } from "fontverter";
import { Blob, Face } from "harfbuzzjs";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { LATIN_CORE, codePointsOf, fontSubsets, iconGlyphs, iconNamesIn, trimIconCss } from "../../scripts/fontSubsets";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ICONS_CSS = join(ROOT, "node_modules/primeicons/primeicons.css");
const FONTS_CSS = join(ROOT, "src/fonts.css");
const iconsCss = readFileSync(ICONS_CSS, "utf8");

/** The code points a WOFF2 font has glyphs for. */
async function coverage(woff2: Uint8Array): Promise<Set<number>> {
  const face = new Face(new Blob(await convert(woff2, "sfnt")));
  return new Set(face.collectUnicodes());
}

/** What the build makes of a style sheet: the plugin's transform. */
async function built(css: string, id: string): Promise<string> {
  const plugin = fontSubsets();
  const transform = plugin.transform as (this: unknown, code: string, id: string) => Promise<{ code: string } | null>;
  const out = await transform.call({ error: (message: string) => { throw new Error(message); } }, css, id);
  if (out === null) throw new Error(`not transformed: ${id}`);
  return out.code;
}

/** The font file a built style sheet's url() names, read from disk. */
const fontAt = (cssId: string, css: string, pattern: RegExp): Buffer => readFileSync(resolve(dirname(cssId), pattern.exec(css)![1]!));

/** Inclusive ranges of a CSS unicode-range ("U+0020-007E,U+00A0") as a set of code points. */
function rangeSet(value: string): Set<number> {
  const out = new Set<number>();
  for (const part of value.split(",")) {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-") as [string, string?];
    for (let c = parseInt(from, 16); c <= parseInt(to, 16); c++) out.add(c);
  }
  return out;
}

describe("the icon font cut to the icons the app names (issue 19)", () => {
  it("finds the icon names in the files of the given folders", () => {
    const dir = mkdtempSync(join(tmpdir(), "icons-"));
    mkdirSync(join(dir, "a"));
    writeFileSync(join(dir, "a", "x.tsx"), '<i className="pi pi-check" /> <i className={`pi ${busy ? "pi-spin pi-spinner" : "pi-user-plus"}`} />');
    writeFileSync(join(dir, "y.md"), "pi-trash (not code)");
    expect(iconNamesIn([dir])).toEqual(["check", "spin", "spinner", "user-plus"]);
  });

  it("keeps the rules of the used icons and the font's own rules, and points the font at the subset", () => {
    const out = trimIconCss(iconsCss, ["check", "spin", "user-plus"], "./subset.woff2");
    const selectors: string[] = [];
    postcss.parse(out).walkRules((rule) => void selectors.push(rule.selector));
    expect(selectors).toContain(".pi-check:before");
    expect(selectors).toContain(".pi-user-plus:before");
    expect(selectors).toContain(".pi-spin");
    expect(selectors).toContain(".pi");
    expect(selectors).not.toContain(".pi-trash:before");
    expect(selectors.filter((s) => /:before$/.test(s) && s !== ".pi:before")).toHaveLength(2);
    expect(out).toMatch(/src: url\("\.\/subset\.woff2"\) format\("woff2"\)/);
    expect(out).not.toMatch(/\.eot|\.ttf|\.svg/);
  });

  it("refuses an icon primeicons does not have, naming it", () => {
    expect(() => trimIconCss(iconsCss, ["check", "chek"], "./x.woff2")).toThrow("primeicons has no icon pi-chek");
  });

  it("builds a font with a glyph for every icon the app names, and few others", async () => {
    const used = iconNamesIn([join(ROOT, "src"), join(ROOT, "domain")]);
    const glyphs = iconGlyphs(iconsCss);
    const css = await built(iconsCss, ICONS_CSS);
    const font = fontAt(ICONS_CSS, css, /src: url\("([^"]+)"\)/);
    const covered = await coverage(font);
    const wanted = used.flatMap((name) => glyphs.get(name) ?? []);
    expect(wanted.length).toBeGreaterThan(40);
    for (const code of wanted) expect(covered.has(code), `U+${code.toString(16)}`).toBe(true);
    expect(covered.size).toBeLessThan(wanted.length + 5);
    expect(font.length).toBeLessThan(readFileSync(join(ROOT, "node_modules/primeicons/fonts/primeicons.woff2")).length / 3);
  });
});

describe("Prompt's Latin faces in two: the app's own characters, then the rest (issue 19)", () => {
  const fontsCss = readFileSync(FONTS_CSS, "utf8");
  const faces: Array<{ weight: string; src: string; range: string }> = [];
  postcss.parse(fontsCss).walkAtRules("font-face", (face) => {
    const get = (prop: string) => face.nodes?.find((n) => n.type === "decl" && n.prop === prop) as { value: string } | undefined;
    if (get("font-family")?.value !== '"Prompt"' || !/latin-\d+-normal/.test(get("src")?.value ?? "")) return;
    faces.push({ weight: get("font-weight")!.value, src: get("src")!.value, range: get("unicode-range")!.value });
  });

  it("declares, per weight, a core face with LATIN_CORE's range and the whole file for the rest of @fontsource's Latin range", () => {
    const core = new Set(codePointsOf(LATIN_CORE));
    for (const weight of ["400", "500", "600"]) {
      const ofWeight = faces.filter((f) => f.weight === weight);
      expect(ofWeight).toHaveLength(2);
      const [subset, whole] = [ofWeight.find((f) => f.src.includes("?subset=latin-core"))!, ofWeight.find((f) => !f.src.includes("?subset"))!];
      expect([...rangeSet(subset.range)].sort()).toEqual([...core].sort());
      // @fontsource's own declaration of the Latin face, with its range.
      const fontsource = readFileSync(join(ROOT, `node_modules/@fontsource/prompt/${weight}.css`), "utf8");
      const latin = rangeSet(new RegExp(`prompt-latin-${weight}-normal\\.woff2[^}]*unicode-range:\\s*([^;]+);`).exec(fontsource)![1]!);
      const rest = rangeSet(whole.range);
      expect([...rest].filter((c) => core.has(c))).toEqual([]);
      expect([...new Set([...core, ...rest])].sort()).toEqual([...latin].sort());
    }
  });

  it("builds each core face with every LATIN_CORE character the whole face has", async () => {
    const css = await built(fontsCss, FONTS_CSS);
    for (const weight of ["400", "500", "600"]) {
      const whole = await coverage(readFileSync(join(ROOT, `node_modules/@fontsource/prompt/files/prompt-latin-${weight}-normal.woff2`)));
      const subsetFile = fontAt(FONTS_CSS, css, new RegExp(`url\\("([^"]*prompt-latin-${weight}-normal-core\\.woff2)"\\)`));
      const subset = await coverage(subsetFile);
      const wanted = codePointsOf(LATIN_CORE).filter((c) => whole.has(c));
      expect(wanted.length).toBeGreaterThan(100);
      for (const code of wanted) expect(subset.has(code), `U+${code.toString(16)} in ${weight}`).toBe(true);
      expect(subsetFile.length).toBeLessThan(readFileSync(join(ROOT, `node_modules/@fontsource/prompt/files/prompt-latin-${weight}-normal.woff2`)).length * 0.75);
    }
    expect(css).not.toMatch(/url\([^)]*\?subset=/);
  });
});
