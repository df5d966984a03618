import path from "node:path";
import { describe, expect, it } from "vitest";
import { chunkGroupName } from "../../scripts/chunkGroups";

const src = (file: string) => path.resolve("src", file);
/** A module graph by static imports, as the bundler's chunking context gives it. */
function ctxOf(graph: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id]! } : null) };
}

describe("chunk groups of the module pages (issue 19)", () => {
  const graph = {
    [src("main.tsx")]: ["react", src("app/auth.ts")],
    react: [],
    [src("app/auth.ts")]: [],
    [src("layouts/DefaultLayout.tsx")]: ["react", "primereact/dialog", src("app/view.ts")],
    "primereact/dialog": [],
    [src("app/view.ts")]: [],
    [src("api/client.ts")]: ["effect"],
    effect: [],
    [src("app/shellRules.ts")]: [],
    [src("features/ads/AdsPage.tsx")]: [src("components/figures/FigureCard.tsx"), src("features/ads/adsFormat.ts"), src("app/view.ts")],
    [src("features/commerce/ECommercePage.tsx")]: [src("components/figures/FigureCard.tsx"), "react"],
    [src("components/figures/FigureCard.tsx")]: [],
    [src("features/ads/adsFormat.ts")]: [],
    [src("features/admin/AdminPage.tsx")]: [],
  };

  it("never moves what the entry imports, so the sign-in page loads what it did", () => {
    const name = chunkGroupName();
    const ctx = ctxOf(graph);
    expect(name("react", ctx)).toBeNull();
    expect(name(src("app/auth.ts"), ctx)).toBeNull();
  });

  it("puts what the layout, the API client and the shell rules import in one shell chunk", () => {
    const name = chunkGroupName();
    const ctx = ctxOf(graph);
    expect(name("primereact/dialog", ctx)).toBe("shell");
    expect(name(src("app/view.ts"), ctx)).toBe("shell");
    expect(name("effect", ctx)).toBe("shell");
  });

  it("puts what two module pages share in the page kit, and leaves a page's own modules with it", () => {
    const name = chunkGroupName();
    const ctx = ctxOf(graph);
    expect(name(src("components/figures/FigureCard.tsx"), ctx)).toBe("pagekit");
    expect(name(src("features/ads/adsFormat.ts"), ctx)).toBeNull();
    expect(name(src("features/admin/AdminPage.tsx"), ctx)).toBeNull();
  });
});
