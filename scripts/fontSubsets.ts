/**
 * The fonts a page loads before its first paint, cut to what the app shows (issue 19). On a phone
 * every byte that arrives before the largest paint counts: the icon font and Prompt's three Latin
 * faces were 92 KB of the 345 KB a module page loaded before it (Lighthouse's mobile preset).
 *
 * - **The icons.** primeicons ships 314 glyphs (35 KB); the app names about 60. This build
 *   transform keeps, in primeicons.css, the rules of the icons the app's code names
 *   (`pi-<name>` in src/ and domain/) and points its `@font-face` at a subset of the font with
 *   only their glyphs (7 KB). A name primeicons does not have stops the build. Dev mode keeps
 *   the whole font.
 * - **Prompt's Latin.** A face in src/fonts.css whose URL ends in `?subset=latin-core` becomes
 *   that file cut to LATIN_CORE (ASCII, the punctuation the messages use, ×, ÷, ·, °, €, ™, −: 12
 *   KB instead of 18). The same file, whole, is declared beside it for the rest of its range
 *   (accented letters in a brand's or a customer's name), which the browser fetches only when
 *   such a character is on screen. src/fonts.css writes both ranges; a test keeps them equal to
 *   LATIN_CORE and to @fontsource's Latin range.
 *
 * The subsets are written once per content under node_modules/.cache/font-subsets/ and Vite emits
 * them as assets (content-hashed names, so a changed subset is a new URL).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import postcss, { type Rule } from "postcss";
import subsetFont from "subset-font";
import type { Plugin } from "vite";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CACHE = join(ROOT, "node_modules", ".cache", "font-subsets");
const PRIMEICONS_CSS = /\/node_modules\/primeicons\/primeicons\.css$/;
const FONTS_CSS = /\/src\/fonts\.css$/;
const SUBSET_URL = /url\((["'])([^"')]+)\?subset=latin-core\1\)/g;

/** The code points the core Latin faces carry (inclusive ranges). */
export const LATIN_CORE: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x007e], [0x00a0, 0x00a0], [0x00b0, 0x00b0], [0x00b7, 0x00b7], [0x00d7, 0x00d7], [0x00f7, 0x00f7],
  [0x2000, 0x206f], [0x20ac, 0x20ac], [0x2122, 0x2122], [0x2191, 0x2191], [0x2193, 0x2193], [0x2212, 0x2212], [0x2215, 0x2215],
];

export const codePointsOf = (ranges: ReadonlyArray<readonly [number, number]>): number[] =>
  ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));

/** The icon names (`pi-<name>` → `<name>`) the files under `dirs` name, sorted. */
export function iconNamesIn(dirs: readonly string[]): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(tsx?|css)$/.test(entry)) for (const m of readFileSync(path, "utf8").matchAll(/\bpi-([a-z0-9]+(?:-[a-z0-9]+)*)/g)) names.add(m[1]!);
    }
  };
  for (const dir of dirs) walk(dir);
  return [...names].sort();
}

/** The icon of a `.pi-<name>:before` rule, or null for the other rules (.pi, .pi-spin, keyframes). */
const iconOfRule = (rule: Rule): string | null => /^\.pi-([a-z0-9-]+):before$/.exec(rule.selector.trim())?.[1] ?? null;

/** The icon glyphs primeicons.css declares: name → code point. */
export function iconGlyphs(css: string): Map<string, number> {
  const glyphs = new Map<string, number>();
  postcss.parse(css).walkRules((rule) => {
    const name = iconOfRule(rule);
    rule.walkDecls("content", (decl) => {
      const code = /^["']\\([0-9a-f]+)["']$/i.exec(decl.value.trim())?.[1];
      if (name !== null && code !== undefined) glyphs.set(name, parseInt(code, 16));
    });
  });
  return glyphs;
}

/**
 * primeicons.css with only the icons in `used` and its font at `fontUrl` (woff2 only: every
 * browser the app supports reads it). Throws on a name primeicons does not have (a typo shows an
 * empty box otherwise); the class names of its other rules (pi-spin, pi-fw) are names it has.
 */
export function trimIconCss(css: string, used: readonly string[], fontUrl: string): string {
  const root = postcss.parse(css);
  const known = new Set<string>();
  root.walkRules((rule) => {
    for (const m of rule.selector.matchAll(/\.pi-([a-z0-9-]+)/g)) known.add(m[1]!);
  });
  const unknown = used.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`primeicons has no icon ${unknown.map((n) => `pi-${n}`).join(", ")} (named in src/ or domain/)`);
  const keep = new Set(used);
  root.walkRules((rule) => {
    const name = iconOfRule(rule);
    if (name !== null && !keep.has(name)) rule.remove();
  });
  root.walkAtRules("font-face", (face) => {
    face.walkDecls("src", (decl) => void decl.remove());
    face.append({ prop: "src", value: `url("${fontUrl}") format("woff2")` });
  });
  return root.toString();
}

/** `font` cut to `codePoints`, as WOFF2, written once under the cache; its path. */
async function subsetFile(font: string, codePoints: readonly number[], name: string): Promise<string> {
  const text = String.fromCodePoint(...codePoints);
  const source = readFileSync(font);
  const key = createHash("sha256").update(source).update(text).digest("hex").slice(0, 12);
  const path = join(CACHE, key, `${name}.woff2`);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, await subsetFont(source, text, { targetFormat: "woff2" }));
  }
  return path;
}

/** A CSS url for `file` as seen from the style sheet `cssId`. */
const urlFrom = (cssId: string, file: string) => {
  const rel = relative(dirname(cssId), file).split("\\").join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
};

export function fontSubsets(): Plugin {
  return {
    name: "brand-dashboard:font-subsets",
    enforce: "pre",
    apply: "build",
    async transform(code, id) {
      const file = id.replace(/\?.*$/, "");
      if (PRIMEICONS_CSS.test(file)) {
        const used = iconNamesIn([join(ROOT, "src"), join(ROOT, "domain")]);
        const glyphs = iconGlyphs(code);
        const points = used.flatMap((name) => glyphs.get(name) ?? []);
        const font = await subsetFile(join(dirname(file), "fonts", "primeicons.woff2"), points, "primeicons");
        try {
          return { code: trimIconCss(code, used, urlFrom(file, font)), map: null };
        } catch (error) {
          this.error(error instanceof Error ? error.message : String(error));
        }
      }
      if (FONTS_CSS.test(file)) {
        const subsets = new Map<string, string>();
        for (const m of code.matchAll(SUBSET_URL)) {
          const source = join(ROOT, "node_modules", m[2]!);
          subsets.set(m[2]!, await subsetFile(source, codePointsOf(LATIN_CORE), basename(source, ".woff2") + "-core"));
        }
        return { code: code.replace(SUBSET_URL, (_, quote: string, url: string) => `url(${quote}${urlFrom(file, subsets.get(url)!)}${quote})`), map: null };
      }
      return null;
    },
  };
}
