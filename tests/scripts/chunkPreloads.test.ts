import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fillPlotlyPlaceholder, routeModules } from "../../scripts/chunkPreloads";
import { isAppRoute } from "../../domain/routes";

describe("the build's page preloads (issue 19)", () => {
  it("finds every module route of src/routes/modules.tsx with its page module", () => {
    const found = routeModules(readFileSync("src/routes/modules.tsx", "utf8"));
    const paths = found.map((r) => r.path);
    for (const path of ["/brandEx", "/ma", "/ads", "/campaign", "/e-commerce", "/crm", "/affiliate", "/o2o", "/cir", "/cir/$id", "/report", "/sale", "/admin", "/formAC"]) {
      expect(paths).toContain(path);
    }
    expect(found.find((r) => r.path === "/ads")?.module).toBe("features/ads/AdsPage");
    // Each is a path the server answers with the app.
    for (const path of paths) expect(isAppRoute(path.replace("$id", "42"))).toBe(true);
  });

  it("writes the Plotly chunk URLs into the placeholder without changing its length", () => {
    const source = readFileSync("src/components/charts/plotlyPreload.ts", "utf8");
    const literal = /"__PLOTLY_CHUNKS_+"/.exec(source)![0];
    for (const quote of ['"', "'", "`"]) {
      const code = `var a=1;var S=${quote}${literal.slice(1, -1)}${quote};use(S);`;
      const filled = fillPlotlyPlaceholder(code, ["/assets/plotly-cartesian.min-C4UqU4vY.js", "/assets/factory-DrlQaNsM.js"]);
      expect(filled.length).toBe(code.length);
      const value = /var S=("(?:[^"\\]|\\.)*")/.exec(filled)![1]!;
      expect(JSON.parse(JSON.parse(value) as string)).toEqual(["/assets/plotly-cartesian.min-C4UqU4vY.js", "/assets/factory-DrlQaNsM.js"]);
      expect(filled.endsWith(";use(S);")).toBe(true);
    }
  });

  it("refuses URLs that do not fit the placeholder rather than breaking the chunk", () => {
    const code = 'var S="__PLOTLY_CHUNKS___";';
    expect(() => fillPlotlyPlaceholder(code, ["/assets/a-very-long-name.js"])).toThrow(/do not fit/);
  });
});
