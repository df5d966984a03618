/**
 * A module key's English message comes with the code that uses it (issue 19, docs/i18n.md): the
 * catalogue plugin (`scripts/i18nCatalogues.ts`) prepends to every app source module holding a
 * literal of module keys the registration of their messages.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { transformWithOxc } from "vite";
import { compileBundle, i18nCatalogues, isAppSource, keysUsedBy, moduleKeysOf, withMessageRegistration } from "../../scripts/i18nCatalogues";
import { sourceFiles } from "../../scripts/i18nLiterals";

const ROOT = join(import.meta.dirname, "../..");
const KEYS = moduleKeysOf();
const ENGLISH = compileBundle("en", "app");
const ADS_METRICS = KEYS.get("ads")!.filter((k) => k.startsWith("ads.metric."));

describe("the keys a module uses", () => {
  it("are its key literals, in strings of any quote", () => {
    expect(keysUsedBy(`const a = t("ads.title"); const b = t('kol.tier.nano');`, KEYS)).toEqual(["ads.title", "kol.tier.nano"]);
  });

  it("are none for a module without module keys (common keys are always loaded)", () => {
    expect(keysUsedBy(`export const x = 1; t("common.signIn.title"); const s = "hello.world";`, KEYS)).toEqual([]);
    expect(withMessageRegistration(`export const x = "no keys here";`, KEYS, {})).toBeNull();
  });

  it("include every key a template or a concatenation can build", () => {
    expect(ADS_METRICS.length).toBeGreaterThan(3);
    expect(keysUsedBy("const label = (m) => t(`ads.metric.${m}`);", KEYS)).toEqual([...ADS_METRICS].sort());
    expect(keysUsedBy(`const label = (m) => t("ads.metric." + m);`, KEYS)).toEqual([...ADS_METRICS].sort());
    expect(keysUsedBy("const label = (m) => t(`kol.${m}`);", KEYS)).toEqual([...KEYS.get("kol")!].sort());
  });

  it("leave out strings that start no key: events, ids", () => {
    expect(KEYS.get("crm")!.some((k) => k.startsWith("crm.retry"))).toBe(false);
    expect(keysUsedBy(`send({ type: "crm.retry" });`, KEYS)).toEqual([]);
  });

  it("leave out property names (a CIR section's id, an event's handler), not the same text as a value", () => {
    expect(KEYS.get("o2o")).toContain("o2o.views");
    expect(keysUsedBy(`const S = { "brandEx.figures": 1, "o2o.views": { a: 1 } };`, KEYS)).toEqual([]);
    expect(keysUsedBy(`const S = { views: "o2o.views" };`, KEYS)).toEqual(["o2o.views"]);
    expect(keysUsedBy(`const k = ok ? "o2o.views" : "common.x";`, KEYS)).toEqual(["o2o.views"]);
  });
});

describe("the catalogue plugin", () => {
  const plugin = i18nCatalogues();
  const transform = (code: string, id: string) =>
    (plugin.transform as (code: string, id: string) => { code: string } | null).call({ addWatchFile: () => undefined }, code, id);
  const load = (id: string) => (plugin.load as (id: string) => string | null).call({ addWatchFile: () => undefined }, id);

  it("prepends the registration of a module's keys, English and compiled, on its first line", () => {
    const out = transform(`import { t } from "@/i18n/i18n";\nexport const f = () => [t("ads.title"), t("kol.tier.nano")];\n`, join(ROOT, "src/features/ads/x.tsx"));
    const [first = "", second] = out?.code.split("\n") ?? [];
    expect(first).toMatch(/^import \{ registerMessages as __registerMessages \} from ".*src\/i18n\/i18n\.ts";__registerMessages\("en", (\{.*\})\);import \{ t \}/);
    expect(JSON.parse(/__registerMessages\("en", (\{.*\})\);/.exec(first)![1]!)).toEqual({ "ads.title": ENGLISH["ads.title"], "kol.tier.nano": ENGLISH["kol.tier.nano"] });
    expect(second).toBe("export const f = () => [t(\"ads.title\"), t(\"kol.tier.nano\")];");
  });

  it("leaves a module without module keys, a dependency and the catalogue's own code alone", () => {
    expect(transform(`export const x = t("common.signIn.title");`, join(ROOT, "src/features/ads/x.tsx"))).toBeNull();
    expect(transform(`export const x = "ads.title";`, join(ROOT, "node_modules/some/index.js"))).toBeNull();
    expect(isAppSource(join(ROOT, "src/i18n/i18n.ts"))).toBe(false);
    expect(isAppSource(join(ROOT, "machines/crm/crmMachine.ts"))).toBe(true);
    expect(isAppSource(join(ROOT, "domain/cir.ts"))).toBe(true);
    expect(isAppSource(join(ROOT, "src/styles.css"))).toBe(false);
    expect(isAppSource(join(ROOT, "src/features/o2o/o2o.worker.ts") + "?worker")).toBe(false);
  });

  it("serves the English .msg. keys of every module namespace as one bundle", () => {
    const code = load("\0virtual:i18n/en/msg") ?? "";
    expect(code).toContain("\"ads.msg.loadFailed\"");
    expect(code).not.toContain("\"ads.title\"");
    expect(code).not.toContain("\"common.");
  });
});

describe("the app's modules", () => {
  // What the transform sees: the module after TypeScript (types gone), as Vite hands it over.
  it("each register every key they hold a literal of", async () => {
    const english = ENGLISH;
    const missing: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(["src", "machines", "domain"].map((dir) => join(ROOT, dir)))) {
      if (!isAppSource(file)) continue;
      const source = readFileSync(file, "utf8");
      if (!/["'`][A-Za-z]+\./.test(source)) continue;
      const { code } = await transformWithOxc(source, file, { jsx: { runtime: "automatic" } });
      const out = withMessageRegistration(code, KEYS, english);
      const registered = new Set(out?.keys ?? []);
      for (const [, key] of code.matchAll(/["'`]([A-Za-z]+\.[\w.]+)["'`]/g)) {
        if (english[key!] === undefined) continue;
        checked++;
        // A key as a property name (a section id that is also a key) is not one the module shows.
        if (!registered.has(key!) && !new RegExp(`[{,]\\s*["']${key!.replace(/\./g, "\\.")}["']\\s*:`).test(code)) missing.push(`${file}: ${key}`);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });
});
