// @vitest-environment happy-dom
// The lines of the other modules on /brandEx (issue 14): each figure with its value, change and
// definition; a link to the module that keeps the view's params; a failed line says why on
// that line alone; nothing while loading, nor for a user with none of the modules.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { beforeAll, afterEach, describe, expect, it } from "vitest";
import { loadAppMessages } from "@/i18n/i18n";
import type { ModuleLine, ModuleLineId } from "../../domain/brandEx";
import { ROAS_MISSING } from "../../domain/brandEx";
import type { PreviousPeriod } from "../../domain/periodChange";
import { ModuleLinesView, type ModuleLink } from "@/features/brandEx/ModuleLinesView";

// The module pages' messages, as the app's layout route loads them.
beforeAll(() => loadAppMessages());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const period: PreviousPeriod = { start: "2024-01-30", end: "2024-02-29", days: 31 };
const shared = { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", tpl: "Shopee only" };
const links: Record<ModuleLineId, ModuleLink> = {
  ads: { to: "/ads", search: shared },
  ecommerce: { to: "/e-commerce", search: shared },
  o2o: { to: "/o2o", search: { ...shared, from: "2024-03-01", to: "2024-03-31" } },
};

const ADS: ModuleLine = { module: "ads", kind: "ready", note: null, figures: [
  { key: "spend", value: 826_269.14, previous: 832_900, missing: null },
  { key: "roas", value: null, previous: null, missing: ROAS_MISSING },
] };
const ECOMMERCE: ModuleLine = { module: "ecommerce", kind: "ready", note: null, figures: [
  { key: "gmv", value: 1_352_576, previous: 1_285_000, missing: null },
  { key: "nmv", value: 1_212_177, previous: 1_165_000, missing: null },
] };
const O2O: ModuleLine = { module: "o2o", kind: "ready", note: "your 4 o2o campaigns together", figures: [
  { key: "shows", value: 22_476, previous: 11_140, missing: null },
  { key: "views", value: null, previous: 4_072, missing: "not measured" },
] };

let root: Root | null = null;

/** The view on /brandEx inside a router, as the page renders it (its links are router links). */
async function render(lines: readonly ModuleLine[] | null): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  const rootRoute = createRootRoute({ component: () => <ModuleLinesView lines={lines} period={period} links={links} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/brandEx"] }) });
  await router.load();
  root = createRoot(host);
  await act(async () => root?.render(<RouterProvider router={router} />));
  return host;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const line = (host: HTMLElement, name: string) => {
  const li = [...host.querySelectorAll("li.module-line")].find((l) => l.querySelector("h3")!.textContent === name);
  if (li === undefined) throw new Error(`no line for ${name}`);
  return li as HTMLElement;
};
/** A line's cards as label → [value, change, definition]. */
const cards = (li: HTMLElement) => new Map([...li.querySelectorAll(".figure-card")].map((card) => [
  card.querySelector("dt")!.textContent!, [...card.querySelectorAll("dd")].map((dd) => dd.textContent!.trim()),
]));
const names = (host: HTMLElement) => [...host.querySelectorAll("li.module-line h3")].map((h) => h.textContent);

describe("the lines of the other modules", () => {
  it("shows each line's figures with their change against the previous period and their definition", async () => {
    const host = await render([ADS, ECOMMERCE, O2O]);
    expect(names(host)).toEqual(["Ads & Automation", "E-Commerce", "O2O"]);

    const ecommerce = cards(line(host, "E-Commerce"));
    expect(ecommerce.get("GMV")![0]).toBe("฿1,352,576.00");
    expect(ecommerce.get("GMV")![1]).toMatch(/up 5\.3 % on the previous 31 days \(2024-01-30 – 2024-02-29\), good/);
    expect(ecommerce.get("GMV")![2]).toMatch(/^Value of every Shopee and Lazada order placed in the range, whatever its status/);
    expect(ecommerce.get("NMV")![2]).toBe("GMV less cancelled and returned orders.");

    const ads = cards(line(host, "Ads & Automation"));
    expect(ads.get("Ad spend")![0]).toBe("฿826,269.14");
    // More or less spend is neither good nor bad news.
    expect(ads.get("Ad spend")![1]).toMatch(/^▼0\.8 %down 0\.8 % on the previous 31 days \(2024-01-30 – 2024-02-29\)$/);
    // ROAS: "—" and why, no change to compare, and its definition.
    expect(ads.get("ROAS")).toEqual(["— no purchase value yet", "Return on ad spend: purchase value from the ads ÷ ad spend."]);

    const o2o = line(host, "O2O");
    expect(o2o.textContent).toContain("your 4 o2o campaigns together");
    expect(cards(o2o).get("o2o shows")![1]).toMatch(/up 101\.8 %/);
    // Views not measured in the range: no value, and no comparison rather than a fall to 0.
    expect(cards(o2o).get("o2o views")!.slice(0, 2)).toEqual(["— not measured", "no comparisonno data to compare with the previous 31 days (2024-01-30 – 2024-02-29)"]);
  });

  it("links each line to its module with the view's params (and the o2o page with the range too)", async () => {
    const host = await render([ADS, ECOMMERCE, O2O]);
    const href = (name: string) => {
      const a = [...line(host, name).querySelectorAll("a")].find((l) => l.textContent === `Open ${name} →`);
      if (a === undefined) throw new Error(`no link in ${name}`);
      return new URL(a.getAttribute("href")!, "http://x");
    };
    const ecommerce = href("E-Commerce");
    expect(ecommerce.pathname).toBe("/e-commerce");
    expect(Object.fromEntries(ecommerce.searchParams)).toEqual({ brand: "Tipco", start: "2024-03-01", end: "2024-03-31", tpl: "Shopee only" });
    expect(href("Ads & Automation").pathname).toBe("/ads");
    const o2o = href("O2O");
    expect(o2o.pathname).toBe("/o2o");
    expect(o2o.searchParams.get("from")).toBe("2024-03-01");
    expect(o2o.searchParams.get("to")).toBe("2024-03-31");
    expect(o2o.searchParams.get("brand")).toBe("Tipco");
  });

  it("says on its own line why a line failed, and shows the others", async () => {
    const failed: ModuleLine = { module: "ecommerce", kind: "failed", message: "The server could not be reached." };
    const host = await render([ADS, failed]);
    const ecommerce = line(host, "E-Commerce");
    expect(ecommerce.querySelector('[role="alert"]')!.textContent).toBe("The E-Commerce figures could not be loaded: The server could not be reached.");
    expect(ecommerce.querySelector(".figure-card")).toBeNull();
    // Its link still takes the user to the module.
    expect(ecommerce.querySelector("a")!.getAttribute("href")).toMatch(/^\/e-commerce\?/);
    expect(cards(line(host, "Ads & Automation")).get("Ad spend")![0]).toBe("฿826,269.14");
    expect(host.querySelectorAll('[role="alert"]')).toHaveLength(1);
  });

  it("says why a line has no figures when they cannot be asked for", async () => {
    const host = await render([{ module: "o2o", kind: "unavailable", reason: "The o2o figures cover at most 366 days: choose a shorter range to see them." }]);
    expect(line(host, "O2O").textContent).toContain("choose a shorter range");
    expect(host.querySelector('[role="alert"]')).toBeNull();
  });

  it("shows nothing while the page loads the first time (no placeholder for the overview to push down)", async () => {
    const host = await render(null);
    expect(host.querySelector(".module-lines")).toBeNull();
  });

  it("shows nothing, not even a heading, to a user with none of the modules", async () => {
    const host = await render([]);
    expect(host.querySelector(".module-lines")).toBeNull();
    expect(host.textContent).not.toContain("From the other modules");
  });
});
