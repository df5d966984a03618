import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BOOT_SHELL, pagePreloads, withPreloads } from "../../server/http/pagePreloads";

const dirs: string[] = [];
function buildDir(preloads: unknown): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bd-preloads-"));
  dirs.push(dir);
  if (preloads !== undefined) writeFileSync(path.join(dir, "preloads.json"), typeof preloads === "string" ? preloads : JSON.stringify(preloads));
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const PRELOADS = {
  routes: {
    "/ads": { js: ["/assets/DefaultLayout-a.js", "/assets/AdsPage-b.js"], css: ["/assets/AdsPage-c.css"] },
    "/cir/$id": { js: ["/assets/CirReportPage-d.js"], css: [] },
  },
  fonts: ["/assets/prompt-latin-400-normal-e.woff2"],
};
const INDEX = '<!doctype html><html><head><title>Brand Dashboard</title></head><body><div id="root"></div></body></html>';

describe("a module page's <head> names its chunks, styles and fonts (issue 19)", () => {
  it("gives /ads its chunks before </head>, the shell's outline in its root element and its style sheets after it", () => {
    const links = pagePreloads(buildDir(PRELOADS))("/ads");
    const html = withPreloads(INDEX, links);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/DefaultLayout-a.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/AdsPage-b.js">');
    // Fonts are left to font-display: swap (they would share a phone's bandwidth with the chunks).
    expect(head).not.toContain("woff2");
    expect(html).toContain(`<div id="root">${BOOT_SHELL}</div><link rel="stylesheet" crossorigin href="/assets/AdsPage-c.css"></body>`);
    expect(head).not.toContain("AdsPage-c.css");
    expect(BOOT_SHELL).toContain("Brand Dashboard");
  });

  it("matches a route with a parameter and a trailing slash", () => {
    const of = pagePreloads(buildDir(PRELOADS));
    expect(of("/cir/42").head).toContain("CirReportPage-d.js");
    expect(of("/ads/").head).toContain("AdsPage-b.js");
    expect(of("/cir/42/extra")).toEqual({ head: "", body: "" });
  });

  it("leaves the sign-in page and unknown paths as they are", () => {
    const of = pagePreloads(buildDir(PRELOADS));
    expect(of("/")).toEqual({ head: "", body: "" });
    expect(of("/adsx")).toEqual({ head: "", body: "" });
    expect(withPreloads(INDEX, of("/"))).toBe(INDEX);
  });

  it("serves pages without links when the build has no preloads.json", () => {
    expect(pagePreloads(buildDir(undefined))("/ads")).toEqual({ head: "", body: "" });
  });

  it.each([
    ["not JSON", "{"],
    ["a URL outside /assets", JSON.stringify({ ...PRELOADS, fonts: ["https://evil.example/x.woff2"] })],
    ["markup in a URL", JSON.stringify({ routes: { "/ads": { js: ['/assets/a.js"><script>alert(1)</script>'], css: [] } }, fonts: [] })],
  ])("ignores a preloads.json with %s (the page still loads, without links)", (_what, content) => {
    expect(pagePreloads(buildDir(content))("/ads")).toEqual({ head: "", body: "" });
  });
});
