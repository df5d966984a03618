import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { plotlyInSteps } from "../../scripts/plotlySteps";

const require = createRequire(import.meta.url);
const bundle = readFileSync(require.resolve("plotly.js-cartesian-dist-min"), "utf8");

describe("Plotly's bundle handed back in steps (issue 19)", () => {
  const split = plotlyInSteps(bundle);

  it("hands back the module initialisers and the entry instead of running the entry", () => {
    expect(bundle).toMatch(/return ([\w$]+)\(\);\}\)\(\);/);
    expect(split).not.toMatch(/return ([\w$]+)\(\);\}\)\(\);/);
    const steps = /return\{__steps:\[([^\]]*)\],__entry:([\w$]+)\}/.exec(split);
    expect(steps).not.toBeNull();
    expect(steps![1]!.split(",").length).toBeGreaterThan(600);
    expect(steps![1]!.split(",")).not.toContain(steps![2]);
  });

  it("keeps the bundle valid JavaScript that, run, defines no Plotly yet", () => {
    const module = { exports: {} as unknown };
    // The UMD wrapper: CommonJS here. Only function definitions run; no module body does.
    new Function("module", "exports", "self", "window", split)(module, module.exports, {}, {});
    const handed = module.exports as { __steps: unknown[]; __entry: unknown };
    expect(handed.__steps.every((s) => typeof s === "function")).toBe(true);
    expect(typeof handed.__entry).toBe("function");
  });

  it("refuses a bundle of another shape instead of building a broken chart chunk", () => {
    expect(() => plotlyInSteps("module.exports = 1;")).toThrow(/helpers not found/);
  });
});
