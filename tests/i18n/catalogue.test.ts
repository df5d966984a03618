/**
 * The message catalogue is whole (issue 18, docs/i18n.md): every namespace in both languages
 * with the same keys, every message valid ICU with the same arguments in both, every key under
 * its namespace and used by the code (`.msg.` keys are found by their English text instead), every
 * key the code asks for present, and no component showing a word outside the catalogue.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { CATALOGUE_LANGUAGES, namespacesOf, readNamespace } from "../../scripts/i18nCatalogues";
import { scanPaths, sourceFiles } from "../../scripts/i18nLiterals";

const [EN, TH] = CATALOGUE_LANGUAGES;

/** The argument names of a compiled message, nested plurals and selects included. */
function argumentsOf(compiled: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return into;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    const [name, , cases] = token as [string, string?, Record<string, unknown>?];
    into.add(name);
    if (cases !== undefined && typeof cases === "object") for (const c of Object.values(cases)) argumentsOf(c, into);
  }
  return into;
}

const sources = sourceFiles(["src", "machines", "domain", "workers"]).map((f) => readFileSync(f, "utf8")).join("\n");

describe("the message catalogue", () => {
  const namespaces = namespacesOf(EN);

  it("has the same namespaces in English and Thai", () => {
    expect(namespacesOf(TH)).toEqual(namespaces);
    expect(namespaces).toContain("common");
  });

  describe.each(namespaces)("namespace %s", (ns) => {
    const en = readNamespace(EN, ns);
    const th = readNamespace(TH, ns);

    it("has every key in both languages, under the namespace, none empty", () => {
      expect(Object.keys(th).sort(), `keys missing in th/${ns}.json or only there`).toEqual(Object.keys(en).sort());
      for (const [key, message] of [...Object.entries(en), ...Object.entries(th)]) {
        expect(key.startsWith(`${ns}.`), `${key} is not under ${ns}.`).toBe(true);
        expect(message.trim(), `${key} is empty`).not.toBe("");
      }
    });

    it("has valid ICU messages whose Thai uses only arguments the English has", () => {
      for (const [key, message] of Object.entries(en)) {
        const enArgs = argumentsOf(compileMessageOrThrow(message));
        const thMessage = th[key];
        if (thMessage === undefined) continue;
        expect(() => compileMessageOrThrow(thMessage), `th ${key}`).not.toThrow();
        // Thai may leave out an argument English needs only for its plural forms; never add one.
        const extra = [...argumentsOf(compileMessageOrThrow(thMessage))].filter((a) => !enArgs.has(a));
        expect(extra, `arguments of th ${key} that English does not pass`).toEqual([]);
      }
    });

    // Product terms Thai marketers say in English stay ("Engagement rate", "Brand Experience");
    // an English sentence of three words or more copied into the Thai catalogue is a miss.
    it("has Thai words in the Thai catalogue, not English sentences left over", () => {
      const untranslated = Object.entries(th).filter(([key, m]) => m === en[key] && /[a-z]{2,}\s+[a-z]{2,}\s+[a-z]{2,}/i.test(m.replace(/\{[^}]*\}/g, "")));
      expect(untranslated.map(([k]) => k)).toEqual([]);
    });

    it("uses every key (a .msg. key is shown by its English text)", () => {
      const unused = Object.keys(en).filter((key) => !key.includes(".msg.") && !sources.includes(`"${key}"`));
      expect(unused).toEqual([]);
    });
  });

  it("holds every key the code asks for", () => {
    const all = new Set(namespaces.flatMap((ns) => Object.keys(readNamespace(EN, ns))));
    const asked = [...sources.matchAll(/\bt\(\s*"([^"]+)"/g)].map((m) => m[1]!);
    expect(asked.length).toBeGreaterThan(100);
    expect(asked.filter((key) => !all.has(key))).toEqual([]);
  });
});

describe("the components", () => {
  it("show no word outside the catalogue", () => {
    const findings = scanPaths(["src"]).map((f) => `${f.file}:${f.line} ${f.where}: ${f.text}`);
    expect(findings).toEqual([]);
  });
});
