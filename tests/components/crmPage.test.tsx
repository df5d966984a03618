// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CommerceCustomers, CommerceRequest, CustomerColumns } from "../../domain/commerce";
import type { ChartClick } from "../../domain/commerceFilter";
import type { KpiTemplate } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import type { ResolvedView } from "../../domain/viewSearch";
import { createRfmApi } from "../../workers/rfm";
import type * as Download from "@/components/export/download";
import type { RfmMath } from "@/features/crm/crmLoaders";
import { SEARCH_DELAY_MS } from "@/features/crm/CrmCustomerTable";
import { deferred, flush } from "../support/async";
import { loadAppMessages } from "@/i18n/i18n";

await loadAppMessages();

// ---------------------------------------------------------------------------------------------
// The page's surroundings: the applied view, the page filter, the calls and the worker are fakes;
// the worker's functions are the real ones, run in this thread.

const env = vi.hoisted(() => ({
  view: null as unknown as ResolvedView,
  clicks: [] as ChartClick[],
  remove: (() => undefined) as (click: unknown) => void,
  customers: (async () => { throw new Error("not set"); }) as (request: CommerceRequest) => Promise<CommerceCustomers>,
  kpiTemplates: (async () => []) as () => Promise<readonly KpiTemplate[]>,
  math: null as unknown as RfmMath,
  asked: [] as CommerceRequest[],
  downloads: [] as { name: string; csv: string }[],
}));

// The route's own params (the table's state) live in a small store here, as the router keeps
// them: a change re-renders the page.
const urlSearch = vi.hoisted(() => ({ current: {} as Record<string, unknown>, listeners: new Set<() => void>() }));
vi.mock("@/app/view", async () => {
  const { useSyncExternalStore } = await import("react");
  const subscribe = (l: () => void) => {
    urlSearch.listeners.add(l);
    return () => urlSearch.listeners.delete(l);
  };
  return {
    useView: () => env.view,
    usePageSearch: () => useSyncExternalStore(subscribe, () => urlSearch.current),
    useSetPageSearch: () => (patch: Record<string, unknown>) => {
      const next = { ...urlSearch.current };
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) delete next[k];
        else next[k] = v;
      }
      urlSearch.current = next;
      for (const l of urlSearch.listeners) l();
    },
  };
});

vi.mock("@/app/pageFilters", () => ({ usePageFilter: () => ({ clicks: env.clicks, remove: env.remove }) }));
vi.mock("@/app/toast", () => ({ showToast: vi.fn() }));
vi.mock("@/features/crm/crmCalls", () => ({
  crmCalls: {
    customers: (request: CommerceRequest) => {
      env.asked.push(request);
      return env.customers(request);
    },
    filterTemplates: async () => [],
    kpiTemplates: () => env.kpiTemplates(),
  },
}));
// Stable, as the real hook's function is.
vi.mock("@/features/crm/crmWorker", () => {
  const worker = () => env.math;
  return { useRfmWorker: () => worker };
});
vi.mock("@/components/export/download", async (importOriginal) => ({
  ...(await importOriginal<typeof Download>()),
  downloadCsv: (name: string, csv: string) => env.downloads.push({ name, csv }),
  downloadPng: vi.fn(async () => undefined),
}));
// The real chart fetches Plotly; here it is the accessible image it renders, and a button that
// clicks its first bar.
vi.mock("@/components/charts/LazyPlot", () => ({
  LazyPlot: ({ label, data, onClick }: { label: string; data: Array<{ customdata?: unknown[] }>; onClick?: (p: { customdata: unknown }) => void }) => (
    <div role="img" aria-label={label}>
      {onClick !== undefined && (
        <button type="button" data-testid="first-bar" onClick={() => onClick({ customdata: data[0]?.customdata?.[0] })}>
          first bar
        </button>
      )}
    </div>
  ),
}));

const { default: CrmPage } = await import("@/features/crm/CrmPage");

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// ---------------------------------------------------------------------------------------------
// Fixtures

function columns(ids: string[], f: (i: number) => [number, number, number]): CustomerColumns {
  const rows = ids.map((_, i) => f(i));
  return { ids, recencyDays: rows.map((r) => r[0]), frequency: rows.map((r) => r[1]), monetary: rows.map((r) => r[2]) };
}
const ids = (prefix: string, n: number, from = 1) => Array.from({ length: n }, (_, i) => `${prefix}${String(i + from).padStart(3, "0")}`);
/** 60 customers whose measures do not rise together, so weights change their order. */
const CURRENT = columns(ids("C", 60), (i) => [(i * 7) % 61, 1 + ((i * 5) % 9), 100 + ((i * 37) % 53) * 10]);
const PREVIOUS = columns([...ids("C", 30, 31), ...ids("P", 10)], (i) => [(i * 3) % 40, 1 + (i % 4), 50 + i * 5]);

const answerOf = (current: CustomerColumns = CURRENT): CommerceCustomers => ({
  brand: "Tipco",
  current: { start: "2024-01-01", end: "2024-01-31", customers: current },
  previous: { start: "2023-12-01", end: "2023-12-31", customers: PREVIOUS },
});

const view = (over: Partial<ResolvedView> = {}): ResolvedView => ({
  range: { startDate: "2024-01-01T00:00:00", endDate: "2024-01-31T23:59:59" },
  brand: "Tipco",
  ch: "All Channel",
  pages: [],
  bags: [],
  active: { kind: "none" },
  kpi: null,
  ...over,
});

function recencyFirst(): KpiTemplate {
  const t = emptyKpiTemplate("Recency first");
  return { ...t, RFM: [{ setting: [{ name: "Recency", weight: "80" }, { name: "Frequency", weight: "10" }, { name: "Monetary", weight: "10" }] }, t.RFM[1]!] };
}

/** The worker's functions in this thread, each answering a promise (as over Comlink). */
function inThreadMath(): RfmMath {
  const api = createRfmApi();
  return Object.fromEntries(
    Object.entries(api).map(([name, fn]) => [name, async (...args: unknown[]) => (fn as (...a: unknown[]) => unknown)(...args)]),
  ) as unknown as RfmMath;
}

// ---------------------------------------------------------------------------------------------
// Rendering

let root: Root | null = null;
let host: HTMLElement;

beforeEach(() => {
  env.view = view();
  env.clicks = [];
  env.remove = vi.fn();
  env.customers = async () => answerOf();
  env.kpiTemplates = async () => [recencyFirst()];
  env.math = inThreadMath();
  env.asked = [];
  env.downloads = [];
  urlSearch.current = {};
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.useRealTimers();
});

async function settle() {
  for (let i = 0; i < 5; i++) await act(flush);
}

async function render() {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<CrmPage />));
  await settle();
}

async function rerender(over: Partial<ResolvedView>) {
  env.view = view(over);
  await act(async () => root!.render(<CrmPage />));
  await settle();
}

const all = (selector: string, within: Element = host) => [...within.querySelectorAll(selector)];
const texts = (selector: string, within: Element = host) => all(selector, within).map((e) => e.textContent?.trim());
const byLabel = (label: string) => host.querySelector<HTMLElement>(`[aria-label="${label}"]`);
const buttonByText = (text: string) => all("button").find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;
/** The section named by a heading (as a screen reader finds the region). */
const region = (heading: string) =>
  all("section[aria-labelledby]").find((s) => document.getElementById(s.getAttribute("aria-labelledby")!)?.textContent === heading)!;
const customerTable = () => region("Customers").querySelector("table")!;
const customerIds = () => texts("tbody th", customerTable());
const cell = (id: string, column: number) => {
  const row = all("tbody tr", customerTable()).find((tr) => tr.querySelector("th")?.textContent === id);
  return row?.querySelectorAll("td")[column]?.textContent;
};
const scoreOf = (id: string) => cell(id, 6);

async function click(el: Element | null | undefined) {
  if (el === null || el === undefined) throw new Error("nothing to click");
  await act(async () => (el as HTMLElement).click());
  await settle();
}

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

// ---------------------------------------------------------------------------------------------

describe("CRM page: the scored customers", () => {
  it("shows the segments with Unassigned, the R × F grid, the movement matrix and the first page of customers", async () => {
    await render();
    expect(host.querySelector("h1")?.textContent).toBe("CRM");
    expect(host.textContent).toContain("RFM scoring of Tipco’s customers, 2024-01-01 to 2024-01-31. Compared with 2023-12-01 to 2023-12-31 (40 customers)");
    expect(env.asked).toEqual([{ brand: "Tipco", start: "2024-01-01", end: "2024-01-31", channel: "All channel", filter: {} }]);
    expect(byLabel("Weights and segments")?.textContent).toContain("No KPI template selected: equal weights and the default segments.");
    expect(byLabel("Weights and segments")?.textContent).toContain("Recency 33.3%, Frequency 33.3%, Monetary 33.3%");

    const segments = region("Segments");
    expect(texts("tbody th", segments)).toEqual([
      "Champions", "Loyal Customers", "Potential Loyallists", "New Customers", "Promising", "About To Sleep", "Can't Lose Them", "At Risk", "Hibernating", "Unassigned",
    ]);
    const counts = all("tbody tr", segments).map((tr) => Number(tr.querySelectorAll("td")[1]?.textContent));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(segments.querySelector('[role="img"]')?.getAttribute("aria-label")).toMatch(/^Customers and revenue per segment, 60 customers in all\./);
    expect(byLabel("Export Segments as CSV")).not.toBeNull();
    expect(byLabel("Download Segments as PNG")).not.toBeNull();

    const grid = region("Recency × frequency grid");
    expect(texts("tbody th", grid)).toEqual(["R 5", "R 4", "R 3", "R 2", "R 1"]);
    expect(all("tbody td", grid).reduce((a, td) => a + Number(td.textContent), 0)).toBe(60);

    const movement = region("Segment movement");
    expect(texts("thead th", movement).at(-2)).toBe("Gone");
    expect(texts("tbody th", movement).slice(-2)).toEqual(["New", "Total"]);
    expect(movement.textContent).toContain("30 customers bought in both periods, 30 are new and 10 did not buy again.");

    expect(customerIds()).toHaveLength(25);
    expect(customerTable().querySelector("caption")?.textContent).toBe("Customers with their scores and segment: Customers 1–25 of 60");
    expect(all('th[aria-sort="descending"]', customerTable()).map((th) => th.textContent)).toEqual(["Score"]);
    const scores = all("tbody tr", customerTable()).map((tr) => Number(tr.querySelectorAll("td")[6]?.textContent));
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const names = texts("tbody th", segments);
    expect(texts("tbody td:last-child", customerTable()).every((name) => names.includes(name))).toBe(true);
  });

  it("brings the key figures in one frame, then the sections one a frame, then the customer table (issue 19)", async () => {
    // The browser's frames, advanced by the test: what waits for a frame (useAfterFrame) waits here.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    const frame = async () => {
      const due = frames.splice(0);
      await act(async () => due.forEach((callback) => callback(performance.now())));
      await settle();
    };
    try {
      await render();
      const figures = byLabel("CRM figures")!;
      const values = texts(".figure-value", figures);
      expect(values.length).toBeGreaterThan(3);
      expect(values.every((v) => v !== "")).toBe(true);
      // The sections' and the table's places, at their height.
      expect(texts("tbody th")).not.toContain("Champions");
      expect(host.querySelector("#crm-customers")).toBeNull();
      const shownSections = () => all("section[aria-labelledby]").map((s) => document.getElementById(s.getAttribute("aria-labelledby")!)?.textContent);
      await frame();
      expect(texts("tbody th", region("Segments"))).toContain("Champions");
      expect(shownSections()).not.toContain("Recency × frequency grid");
      await frame();
      expect(shownSections()).toContain("Recency × frequency grid");
      expect(shownSections()).not.toContain("Segment movement");
      await frame();
      expect(shownSections()).toContain("Segment movement");
      expect(host.querySelector("#crm-customers")).toBeNull();
      await frame();
      expect(customerIds()).toHaveLength(25);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows the key figures with their change against the previous period of equal length, in words", async () => {
    env.customers = async () => ({
      brand: "Tipco",
      current: { start: "2024-01-01", end: "2024-01-31", customers: columns(ids("C", 4), (i) => [i, i + 1, (i + 1) * 100]) },
      previous: { start: "2023-12-01", end: "2023-12-31", customers: columns(ids("P", 2), (i) => [i, 1, 300 - i * 100]) },
    });
    await render();
    const figures = byLabel("CRM figures")!;
    const card = (term: string) => all("dt", figures).find((dt) => dt.textContent === term)!.parentElement!;
    const value = (term: string) => card(term).querySelector(".figure-value")?.textContent;
    const change = (term: string) => card(term).querySelector(".figure-change .visually-hidden")?.textContent;
    const before = "the previous 31 days (2023-12-01 – 2023-12-31)";
    // 4 customers with 10 orders worth ฿1,000 against 2 customers with 2 orders worth ฿500.
    expect(["Customers", "Revenue", "Orders", "Average basket"].map((t) => [value(t), change(t)])).toEqual([
      ["4", `up 100.0 % on ${before}, good`],
      ["฿1,000", `up 100.0 % on ${before}, good`],
      ["10", `up 400.0 % on ${before}, good`],
      ["฿100", `down 60.0 % on ${before}, bad`],
    ]);
    // Scores are ranked within each period: their mean is not compared.
    expect(change("Mean score")).toBeUndefined();
    expect(value("Customers in the previous period")).toBe("2");
    // Each segment's size against the previous period, neither good nor bad: all of it was new or gone.
    const segments = region("Segments");
    expect(texts("thead th", segments)).toContain("Customers against the previous period");
    const heard = all("tbody tr", segments).map((tr) => tr.querySelector(".change-badge .visually-hidden")?.textContent ?? "");
    expect(heard).toHaveLength(10);
    expect(heard.every((h) => /^(up|down|no change|new)\b[^,]*$/.test(h) && h.includes(before))).toBe(true);
    expect(all(".change-good, .change-bad", segments)).toHaveLength(0);
  });

  it("scores again with the selected KPI template's weights, without asking for the customers again", async () => {
    await render();
    const equal = scoreOf(customerIds()[0]!);
    const first = customerIds()[0]!;
    await rerender({ kpi: "Recency first" });
    expect(env.asked).toHaveLength(1);
    expect(byLabel("Weights and segments")?.textContent).toContain("KPI template ‘Recency first’: its RFM weights and its 9 segments.");
    expect(byLabel("Weights and segments")?.textContent).toContain("Recency 80%, Frequency 10%, Monetary 10%");
    const input = host.querySelector<HTMLInputElement>('input[type="search"]')!;
    await type(input, first);
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DELAY_MS + 50)));
    await settle();
    expect(customerIds()).toEqual([first]);
    expect(scoreOf(first)).not.toBe(equal);
  });

  it("falls back to equal weights, and says why, for a user without KPI access", async () => {
    env.kpiTemplates = async () => {
      const { ApiCallError } = await import("@/api/client");
      throw new ApiCallError(403, "forbidden", "Permission 9 is required");
    };
    env.view = view({ kpi: "Recency first" });
    await render();
    expect(byLabel("Weights and segments")?.textContent).toContain("Your account has no access to KPI templates: equal weights and the default segments.");
  });
});

describe("CRM page: the customer table", () => {
  it("pages with the pager's buttons", async () => {
    await render();
    const page1 = customerIds();
    expect((byLabel("Previous page") as HTMLButtonElement).disabled).toBe(true);
    await click(byLabel("Next page"));
    expect(host.textContent).toContain("Page 2 of 3");
    expect(customerIds()).toHaveLength(25);
    expect(customerIds().some((id) => page1.includes(id))).toBe(false);
    await click(byLabel("Last page"));
    expect(customerIds()).toHaveLength(10);
    expect((byLabel("Next page") as HTMLButtonElement).disabled).toBe(true);
    await click(byLabel("First page"));
    expect(customerIds()).toEqual(page1);
  });

  it("sorts by a column with the button in its header, and turns the order round on a second click", async () => {
    await render();
    const header = (name: string) => all("thead th", customerTable()).find((th) => th.textContent === name)!;
    await click(header("Customer ID").querySelector("button"));
    expect(header("Customer ID").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Score").getAttribute("aria-sort")).toBe("none");
    expect(customerIds().slice(0, 3)).toEqual(["C001", "C002", "C003"]);
    await click(header("Customer ID").querySelector("button"));
    expect(header("Customer ID").getAttribute("aria-sort")).toBe("descending");
    expect(customerIds()[0]).toBe("C060");
  });

  it("searches by customer ID once typing pauses, from the first page", async () => {
    await render();
    await click(byLabel("Next page"));
    await type(host.querySelector<HTMLInputElement>('input[type="search"]')!, "c05");
    expect(customerIds()).toHaveLength(25);
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DELAY_MS + 50)));
    await settle();
    expect([...customerIds()].sort()).toEqual(ids("C", 10, 50));
    expect(host.textContent).toContain("Page 1 of 1");
    await type(host.querySelector<HTMLInputElement>('input[type="search"]')!, "nobody");
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DELAY_MS + 50)));
    await settle();
    expect(customerTable().querySelector("tbody")?.textContent).toBe("No customer ID contains ‘nobody’.");
  });

  it("lists one segment's customers from the segment table or a bar, with a chip to show them all again", async () => {
    await render();
    const segments = region("Segments");
    const largest = all("tbody tr", segments)
      .map((tr) => ({ name: tr.querySelector("th")!.textContent!, count: Number(tr.querySelectorAll("td")[1]?.textContent) }))
      .sort((a, b) => b.count - a.count)[0]!;
    await click(byLabel(`List the customers of ${largest.name}`));
    expect(texts("tbody td:last-child", customerTable()).every((s) => s === largest.name)).toBe(true);
    expect(customerTable().querySelector("caption")?.textContent).toContain(`of ${largest.count}`);
    expect(region("Customers").textContent).toContain(`Segment: ${largest.name}`);
    await click(byLabel(`Show every segment, not only ${largest.name}`));
    expect(customerTable().querySelector("caption")?.textContent).toContain("of 60");

    // The chart's first bar is Champions.
    const champions = Number(all("tbody tr", segments)[0]!.querySelectorAll("td")[1]?.textContent);
    await click(segments.querySelector('[data-testid="first-bar"]'));
    if (champions > 0) expect(region("Customers").textContent).toContain("Segment: Champions");
    else expect(region("Customers").textContent).not.toContain("Segment:");
  });

  it("exports every customer the table lists, with the scores and segment, as CSV", async () => {
    await render();
    await click(buttonByText("Export CSV"));
    expect(env.downloads).toHaveLength(1);
    const { name, csv } = env.downloads[0]!;
    expect(name).toBe("CRM-customers-Tipco-2024-01-01-2024-01-31.csv");
    const lines = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("customer_id,recency_days,frequency,monetary,r,f,m,score,segment");
    expect(lines).toHaveLength(61);
  });

  it("exports a chart's figures as CSV", async () => {
    await render();
    await click(byLabel("Export Segment movement as CSV"));
    expect(env.downloads[0]?.name).toBe("CRM-Segment-movement-Tipco-2024-01-01-2024-01-31.csv");
    expect(env.downloads[0]?.csv.split("\r\n")).toHaveLength(13);
  });
});

describe("CRM page: loading, progress, empty and failure", () => {
  it("shows a progress bar while loading, then the scoring progress in percent", async () => {
    const answer = deferred<CommerceCustomers>();
    env.customers = () => answer.promise;
    const release = deferred<void>();
    const math = inThreadMath();
    env.math = {
      ...math,
      score: async (weights, rules, onProgress) => {
        onProgress?.(0.42);
        await release.promise;
        return math.score(weights, rules);
      },
    } as RfmMath;
    await render();
    expect(byLabel("Loading customers")?.tagName).toBe("PROGRESS");
    // The layout before the data (issue 19): the key figures' cards with their labels and definitions, busy; the sections' places.
    const cards = host.querySelector('dl[aria-label="CRM figures"]');
    expect(cards?.getAttribute("aria-busy")).toBe("true");
    expect([...cards!.querySelectorAll("dt")].map((dt) => dt.textContent)).toEqual([
      "Customers", "Revenue", "Orders", "Average basket", "Mean score", "Unassigned", "Customers in the previous period",
    ]);
    expect(cards!.textContent).toContain("People with a counted order in the range.");
    expect(host.querySelectorAll('.crm-card-place[aria-hidden="true"]')).toHaveLength(4);
    expect(host.querySelector('[role="img"]')).toBeNull();
    // The scoring's words known before it stay the same elements through the phases: they do not paint again (issue 19).
    const note = all(".crm-source p").find((p) => p.textContent?.startsWith("To score with a KPI template"));
    const heading = all(".crm-source p")[0];
    expect(heading?.textContent).toBe("No KPI template selected: equal weights and the default segments.");
    // Without a template the weights are known: written at once, they wrap as they will on a phone.
    const weights = all(".crm-source p").find((p) => p.textContent?.startsWith("Weights:"));
    expect(weights?.textContent).toBe("Weights: Recency 33.3%, Frequency 33.3%, Monetary 33.3%");
    answer.resolve(answerOf());
    await settle();
    const bar = byLabel("Scoring customers") as HTMLProgressElement;
    expect(bar.tagName).toBe("PROGRESS");
    expect(bar.value).toBe(42);
    expect(bar.getAttribute("aria-valuetext")).toBe("42%");
    expect(host.textContent).toContain("Scoring 60 customers… 42%");
    expect(host.querySelector("section")?.getAttribute("aria-busy")).toBe("true");
    expect(host.querySelector('dl[aria-label="CRM figures"]')?.getAttribute("aria-busy")).toBe("true");
    release.resolve();
    await settle();
    expect(byLabel("Scoring customers")).toBeNull();
    expect(customerIds()).toHaveLength(25);
    expect(note?.isConnected).toBe(true);
    expect(all(".crm-source p")[0]).toBe(heading);
    expect(byLabel("Weights and segments")?.getAttribute("aria-hidden")).toBeNull();
  });

  it("says when nobody ordered in the range", async () => {
    env.customers = async () => answerOf(columns([], () => [0, 0, 0]));
    await render();
    expect(host.querySelector('[role="status"]')?.textContent).toContain("No customers ordered in this range.");
    expect(host.querySelector("table")).toBeNull();
  });

  it("shows a failure with Try again, which asks again", async () => {
    let calls = 0;
    env.customers = async () => {
      calls += 1;
      if (calls === 1) throw new Error("The server could not be reached.");
      return answerOf();
    };
    await render();
    expect(host.querySelector('[role="alert"]')?.textContent).toContain("The server could not be reached.");
    await click(buttonByText("Try again"));
    expect(calls).toBe(2);
    expect(host.querySelector('[role="alert"]')).toBeNull();
    expect(customerIds()).toHaveLength(25);
  });

  it("asks again for a new range and drops the answer it overtook", async () => {
    const first = deferred<CommerceCustomers>();
    env.customers = () => first.promise;
    await render();
    env.customers = async () => answerOf(columns(ids("N", 5), (i) => [i, i + 1, 100 * (i + 1)]));
    await rerender({ range: { startDate: "2024-02-01T00:00:00", endDate: "2024-02-29T23:59:59" } });
    first.resolve(answerOf());
    await settle();
    expect(env.asked.map((r) => r.start)).toEqual(["2024-01-01", "2024-02-01"]);
    expect([...customerIds()].sort()).toEqual(ids("N", 5));
  });
});

describe("CRM page: the page filter", () => {
  it("asks for the customers with the page's chart clicks and shows them as chips that can be removed", async () => {
    env.clicks = [{ field: "platforms", value: "Shopee", label: "Shopee", at: 1 }];
    await render();
    expect(env.asked[0]?.filter).toEqual({ platforms: ["Shopee"] });
    expect(host.textContent).toContain("Customers of: Orders with platform Shopee");
    await click(byLabel("Remove the filter Platform: Shopee"));
    expect(env.remove).toHaveBeenCalledWith(expect.objectContaining({ field: "platforms", value: "Shopee" }));
  });

  it("asks for the customers of the ad-hoc filter", async () => {
    env.view = view({ active: { kind: "adhoc", filter: { min: 100, max: null, platform: "All Platform", location: "Central" } } });
    await render();
    expect(env.asked[0]?.filter).toEqual({ locations: ["Central"], basketMin: 100 });
    expect(host.textContent).toContain("Customers of: Orders with region Central, basket size from ฿100.00 (Ad-hoc filter)");
  });
});
