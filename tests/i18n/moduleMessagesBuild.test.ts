/**
 * A module page loads the English messages its code shows and no others (issue 19,
 * docs/i18n.md): built with `vite build`, each module route's JavaScript (its `preloads.json`
 * chunks and the entry's) holds messages of its own namespace, /ads none of KOL's or Admin's, and
 * the entry (the sign-in page) none of any module namespace.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PagePreloads } from "../../scripts/chunkPreloads";
import { namespacesOfBundle } from "../../scripts/i18nCatalogues";

const ROOT = join(import.meta.dirname, "../..");
const NAMESPACES = namespacesOfBundle("en", "app");
/** A module route and the namespace of its page. */
const ROUTE_NAMESPACE: Readonly<Record<string, string>> = {
  "/brandEx": "brandEx", "/ma": "ma", "/ads": "ads", "/campaign": "kol", "/e-commerce": "commerce", "/crm": "crm",
  "/affiliate": "affiliate", "/o2o": "o2o", "/admin": "admin", "/cir": "cir", "/report": "report", "/sale": "sale",
};

let dist = "";
let preloads: PagePreloads;
let entry: string[] = [];

beforeAll(() => {
  dist = mkdtempSync(join(os.tmpdir(), "bd-i18n-build-"));
  execFileSync(process.execPath, [join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--outDir", dist, "--emptyOutDir", "--sourcemap", "false", "--logLevel", "error"], {
    cwd: ROOT, stdio: ["ignore", "ignore", "inherit"],
  });
  preloads = JSON.parse(readFileSync(join(dist, "preloads.json"), "utf8")) as PagePreloads;
  entry = [...readFileSync(join(dist, "index.html"), "utf8").matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
}, 180_000);

afterAll(() => {
  if (dist !== "") rmSync(dist, { recursive: true, force: true });
});

/** The module namespaces whose messages (`"ads.title":"Ads"`, `"kol.posts":[…]`) the files hold. */
function messagesIn(files: readonly string[]): string[] {
  const code = files.map((f) => readFileSync(join(dist, f.replace(/^\//, "")), "utf8")).join("\n");
  return NAMESPACES.filter((ns) => new RegExp(`"${ns}\\.[\\w.]+":\\s*[\\["]`).test(code));
}
const routeFiles = (route: string): string[] => [...entry, ...(preloads.routes[route]?.js ?? []).map((f) => f.replace(/^\//, ""))];

describe("the built app's messages", () => {
  it("the entry holds no module namespace's messages", () => {
    expect(entry.length).toBeGreaterThan(0);
    expect(messagesIn(entry)).toEqual([]);
  });

  it("/ads holds the Ads messages and none of KOL's or Admin's", () => {
    const found = messagesIn(routeFiles("/ads"));
    expect(found).toContain("ads");
    expect(found).not.toContain("kol");
    expect(found).not.toContain("admin");
  });

  it.each(Object.entries(ROUTE_NAMESPACE))("%s holds its page's messages (%s)", (route, ns) => {
    expect(preloads.routes[route], `${route} in preloads.json`).toBeDefined();
    expect(messagesIn(routeFiles(route))).toContain(ns);
  });
});
