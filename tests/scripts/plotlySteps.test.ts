import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { COMPILE_ALL_HINT, plotlyInSteps, withCompileHint } from "../../scripts/plotlySteps";

const require = createRequire(import.meta.url);
const bundle = readFileSync(require.resolve("plotly.js-cartesian-dist-min"), "utf8");

describe("Plotly's bundle handed back in steps (issue 19)", () => {
  const split = plotlyInSteps(bundle);

  it("hands back the module initialisers and the entry instead of running the entry", () => {
    expect(bundle).toMatch(/return ([\w$]+)\(\);\}\)\(\);/);
    expect(split).not.toMatch(/return ([\w$]+)\(\);\}\)\(\);/);
    const steps = /export default\{__steps:\[([^\]]*)\],__entry:([\w$]+),__drawSteps:/.exec(split);
    expect(steps).not.toBeNull();
    expect(steps![1]!.split(",").length).toBeGreaterThan(600);
    expect(steps![1]!.split(",")).not.toContain(steps![2]);
  });

  it("is an ES module with the bundle's declarations at its top level, and importing it defines no Plotly yet", async () => {
    // No wrapper left: a function around the bundle is compiled on the main thread at its first call.
    expect(split).not.toMatch(/function\s*\(root, factory\)/);
    expect(split).not.toMatch(/window\.Plotly = /);
    expect(split.startsWith("/**\n* plotly.js (cartesian - minified)")).toBe(true);
    const dir = mkdtempSync(path.join(os.tmpdir(), "plotly-steps-"));
    try {
      const file = path.join(dir, "plotly.mjs");
      writeFileSync(file, split);
      // Node has no document: Plotly's entry would need one; here nothing of Plotly runs yet.
      const handed = ((await import(pathToFileURL(file).href)) as { default: { __steps: unknown[]; __entry: unknown } }).default;
      expect(handed.__steps.every((s) => typeof s === "function")).toBe(true);
      expect(typeof handed.__entry).toBe("function");
      expect("Plotly" in globalThis).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("routes the one call that runs a graph's draw sequence through the runner the app sets, and no other", () => {
    const calls = (code: string) => [...code.matchAll(/\.syncOrAsync\(/g)].length;
    // One call fewer of Plotly's own runner: the draw's, which now names the app's runner first.
    expect(calls(split)).toBe(calls(bundle) - 1);
    expect(split).toMatch(/\.push\(([\w$]+)\.drawData,\1\.finalDraw,[^;]*\);var [\w$]+=\(__drawRunner\|\|[\w$]+\.syncOrAsync\)\([\w$]+,[\w$]+\);/);
    expect(split).toMatch(/^var __drawRunner=null;/m);
  });

  it("refuses a bundle of another shape instead of building a broken chart chunk", () => {
    expect(() => plotlyInSteps("module.exports = 1;")).toThrow(/helpers not found/);
    const unwrapped = bundle.replace(/window\.Plotly = Plotly;/, "");
    expect(() => plotlyInSteps(unwrapped)).toThrow(/UMD wrapper not found/);
    const noDraw = bundle.replace(/\.drawData,([\w$]+)\.finalDraw/, ".drawData,$1.lastDraw");
    expect(() => plotlyInSteps(noDraw)).toThrow(/draw sequence's call found 0 times/);
  });
});

describe("the Plotly chunk's compile hint", () => {
  const plotlyId = require.resolve("plotly.js-cartesian-dist-min");
  const built = () => ({
    "assets/plotly-cartesian.min-abc.js": { type: "chunk" as const, code: "var e=1;\nexport{e as default};", moduleIds: [plotlyId], map: null },
    "assets/plotly-cartesian.min-abc.js.map": { type: "asset" as const, source: JSON.stringify({ version: 3, mappings: "AAAA;AACA" }) },
    "assets/index-def.js": { type: "chunk" as const, code: "console.log(1);", moduleIds: ["/src/main.tsx"], map: { mappings: "AAAA" } },
  });

  it("puts V8's hint on the Plotly chunk's first line and moves its source map one line down", () => {
    const bundle = built();
    expect(withCompileHint(bundle)).toBe(1);
    const plotly = bundle["assets/plotly-cartesian.min-abc.js"];
    expect(plotly.code.split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
    expect(plotly.code).toBe(`${COMPILE_ALL_HINT}var e=1;\nexport{e as default};`);
    expect(JSON.parse(bundle["assets/plotly-cartesian.min-abc.js.map"].source).mappings).toBe(";AAAA;AACA");
  });

  it("leaves every other chunk as it was, and hints a chunk once", () => {
    const bundle = built();
    withCompileHint(bundle);
    expect(withCompileHint(bundle)).toBe(0);
    expect(bundle["assets/index-def.js"].code).toBe("console.log(1);");
    expect(bundle["assets/index-def.js"].map.mappings).toBe("AAAA");
    expect(bundle["assets/plotly-cartesian.min-abc.js"].code.match(/allFunctionsCalledOnLoad/g)).toHaveLength(1);
  });
});
