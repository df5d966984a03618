/**
 * A module namespace's English messages come with the modules that use its keys (issue 19,
 * docs/i18n.md): the catalogue plugin (`scripts/i18nCatalogues.ts`) prepends
 * `import "virtual:i18n-ns/<ns>";` to every app source module holding a literal of one of its keys.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { transformWithOxc } from "vite";
import {
  i18nCatalogues,
  isAppSource,
  namespacesOfBundle,
  namespacesUsedBy,
  readNamespace,
  withNamespaceImports,
} from "../../scripts/i18nCatalogues";
import { sourceFiles } from "../../scripts/i18nLiterals";

const ROOT = join(import.meta.dirname, "../..");
const KEYS = new Map(namespacesOfBundle("en", "app").map((ns) => [ns, Object.keys(readNamespace("en", ns))] as const));

describe("the namespaces a module uses", () => {
  it("are those of its key literals, in strings of any quote", () => {
    expect(namespacesUsedBy(`const a = t("ads.title"); const b = t('kol.title');`, KEYS)).toEqual(["ads", "kol"]);
  });

  it("are none for a module without module keys (common keys are always loaded)", () => {
    expect(namespacesUsedBy(`export const x = 1; t("common.signIn.title"); const s = "hello.world";`, KEYS)).toEqual([]);
    expect(withNamespaceImports(`export const x = "no keys here";`, KEYS)).toBeNull();
  });

  it("include keys built by a template or a concatenation", () => {
    expect(namespacesUsedBy("const label = (m) => t(`ads.metric.${m}`);", KEYS)).toEqual(["ads"]);
    expect(namespacesUsedBy("const label = (m) => t(`kol.${m}`);", KEYS)).toEqual(["kol"]);
    expect(namespacesUsedBy(`const label = (m) => t("crm." + m);`, KEYS)).toEqual(["crm"]);
  });

  it("leave out strings that start no key: events, ids", () => {
    expect(KEYS.get("crm")!.some((k) => k.startsWith("crm.retry"))).toBe(false);
    expect(namespacesUsedBy(`send({ type: "crm.retry" });`, KEYS)).toEqual([]);
  });

  it("leave out property names (a CIR section's id, an event's handler), not the same text as a value", () => {
    expect(KEYS.get("o2o")).toContain("o2o.views");
    expect(namespacesUsedBy(`const S = { "brandEx.figures": 1, "o2o.views": { a: 1 } };`, KEYS)).toEqual([]);
    expect(namespacesUsedBy(`const S = { views: "o2o.views" };`, KEYS)).toEqual(["o2o"]);
    expect(namespacesUsedBy(`const k = ok ? "o2o.views" : "common.x";`, KEYS)).toEqual(["o2o"]);
  });
});

describe("the catalogue plugin", () => {
  const plugin = i18nCatalogues();
  const transform = (code: string, id: string) =>
    (plugin.transform as (code: string, id: string) => { code: string } | null).call({}, code, id);
  const load = (id: string) => (plugin.load as (id: string) => string | null).call({ addWatchFile: () => undefined }, id);

  it("prepends the namespace imports to an app module using their keys, on its first line", () => {
    const out = transform(`import { t } from "@/i18n/i18n";\nexport const f = () => [t("ads.title"), t(\`kol.\${x}\`)];\n`, join(ROOT, "src/features/ads/x.tsx"));
    expect(out?.code.split("\n")[0]).toBe(`import "virtual:i18n-ns/ads";import "virtual:i18n-ns/kol";import { t } from "@/i18n/i18n";`);
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

  it("makes each namespace module register that namespace's English messages, and only those", () => {
    const code = load("\0virtual:i18n-ns/ads") ?? "";
    expect(code).toContain("registerMessages(\"en\"");
    expect(code).toContain("\"ads.title\"");
    expect(code).toContain("\"ads.msg.loadFailed\"");
    expect(code).not.toContain("\"kol.");
    expect(code).not.toContain("\"common.");
    expect(() => load("\0virtual:i18n-ns/common")).toThrow(/Unknown/);
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
  it("each import the namespaces of every key literal they hold", async () => {
    const all = new Map([...KEYS].flatMap(([ns, keys]) => keys.map((k) => [k, ns] as const)));
    const missing: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(["src", "machines", "domain"].map((dir) => join(ROOT, dir)))) {
      if (!isAppSource(file) || !/\.tsx?$/.test(file)) continue;
      const source = readFileSync(file, "utf8");
      if (!/["'`][A-Za-z]+\./.test(source)) continue;
      const { code } = await transformWithOxc(source, file, { jsx: { runtime: "automatic" } });
      const used = new Set(namespacesUsedBy(code, KEYS));
      for (const [, key] of code.matchAll(/["'`]([A-Za-z]+\.[\w.]+)["'`]/g)) {
        const ns = all.get(key!);
        if (ns !== undefined) checked++;
        // A key as a property name (a section id that is also a key) is not one the module shows.
        if (ns !== undefined && !used.has(ns) && !new RegExp(`[{,]\\s*["']${key!.replace(/\./g, "\\.")}["']\\s*:`).test(code)) missing.push(`${file}: ${key}`);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });
});
