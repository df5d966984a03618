import { Schema } from "effect";
import { describe, expect, it, vi } from "vitest";
import { CommerceRequest, type CommerceCustomers, type CustomerColumns } from "../../domain/commerce";
import type { FilterTemplate, KpiTemplate } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { UNASSIGNED } from "../../domain/rfm";
import { CSV_HEADER, createRfmApi } from "../../workers/rfm";
import { ApiCallError } from "@/api/client";
import { createCrmLoaders, type CrmCalls, type CrmScope, type RfmMath } from "@/features/crm/crmLoaders";
import { deferred } from "../support/async";

/** The worker's functions, called in this thread instead of through Comlink; a fresh session per test. */
function inThreadMath(): { math: RfmMath; calls: string[] } {
  const api = createRfmApi();
  const calls: string[] = [];
  const math = Object.fromEntries(
    Object.entries(api).map(([name, fn]) => [name, async (...args: unknown[]) => {
      calls.push(name);
      return (fn as (...a: unknown[]) => unknown)(...args);
    }]),
  ) as unknown as RfmMath;
  return { math, calls };
}

/** Ten customers whose R, F and M orders differ, so weights move the scores. */
const current: CustomerColumns = {
  ids: ["C01", "C02", "C03", "C04", "C05", "C06", "C07", "C08", "C09", "C10"],
  recencyDays: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  frequency: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  monetary: [1000, 900, 800, 700, 600, 500, 400, 300, 200, 100],
};
const previous: CustomerColumns = {
  ids: ["C01", "C02", "C11"],
  recencyDays: [3, 10, 20],
  frequency: [2, 1, 1],
  monetary: [300, 100, 50],
};
const answer = (cur: CustomerColumns = current, prev: CustomerColumns = previous): CommerceCustomers => ({
  brand: "Tipco",
  current: { start: "2024-01-01", end: "2024-01-31", customers: cur },
  previous: { start: "2023-12-01", end: "2023-12-31", customers: prev },
});

const scope = (over: Partial<CrmScope> = {}): CrmScope => ({
  brand: "Tipco", start: "2024-01-01", end: "2024-01-31", active: { kind: "none" }, clicks: [], ...over,
});

const shopeeOnly: FilterTemplate = {
  title: "Shopee only", basketSize: { min: 100, max: null }, product: "", platform: "Shopee", location: "All Location", status: "", disabled: false,
};

function kpiTemplate(title: string, weights: [string, string, string]): KpiTemplate {
  const t = emptyKpiTemplate(title);
  return { ...t, RFM: [{ setting: [{ name: "Recency", weight: weights[0] }, { name: "Frequency", weight: weights[1] }, { name: "Monetary", weight: weights[2] }] }, t.RFM[1]!] };
}

interface Fakes {
  customers?: CrmCalls["customers"];
  filterTemplates?: CrmCalls["filterTemplates"];
  kpiTemplates?: CrmCalls["kpiTemplates"];
}

function setUp(fakes: Fakes = {}) {
  const asked: { name: string; request?: unknown }[] = [];
  const calls: CrmCalls = {
    customers: async (request, signal) => {
      asked.push({ name: "customers", request });
      return fakes.customers ? fakes.customers(request, signal) : answer();
    },
    filterTemplates: async (signal) => {
      asked.push({ name: "filterTemplates" });
      return fakes.filterTemplates ? fakes.filterTemplates(signal) : [shopeeOnly];
    },
    kpiTemplates: async (signal) => {
      asked.push({ name: "kpiTemplates" });
      return fakes.kpiTemplates ? fakes.kpiTemplates(signal) : [kpiTemplate("Recency first", ["80", "10", "10"])];
    },
  };
  const worker = inThreadMath();
  const loaders = createCrmLoaders({ calls, math: () => worker.math });
  return { asked, loaders, workerCalls: worker.calls };
}

const decodeRequest = Schema.decodeUnknownResult(CommerceRequest);

describe("CRM loaders: customers", () => {
  it("asks for the range's customers of all channels, unfiltered when no filter is active, and hands both periods to the worker", async () => {
    const { asked, loaders, workerCalls } = setUp();
    const loaded = await loaders.loadCustomers(scope());
    expect(asked).toEqual([{ name: "customers", request: { brand: "Tipco", start: "2024-01-01", end: "2024-01-31", channel: "All channel", filter: {} } }]);
    expect(decodeRequest(asked[0]!.request)._tag).toBe("Success");
    expect(workerCalls).toEqual(["load"]);
    expect(loaded).toEqual({
      brand: "Tipco",
      current: { start: "2024-01-01", end: "2024-01-31", customers: 10, orders: 55, revenue: 5500 },
      previous: { start: "2023-12-01", end: "2023-12-31", customers: 3, orders: 4, revenue: 450 },
      filter: {},
      filterSource: { kind: "none" },
    });
  });

  it("narrows by the active filter template, read by its title, and the page's chart clicks", async () => {
    const { asked, loaders } = setUp();
    const loaded = await loaders.loadCustomers(
      scope({ active: { kind: "template", title: "Shopee only" }, clicks: [{ field: "locations", value: "Central", label: "Central", at: 1 }] }),
    );
    const request = asked.find((a) => a.name === "customers")!.request;
    expect(request).toMatchObject({ filter: { platforms: ["Shopee"], locations: ["Central"], basketMin: 100 } });
    expect(decodeRequest(request)._tag).toBe("Success");
    expect(loaded.filterSource).toEqual({ kind: "template", title: "Shopee only", found: true });
  });

  it("says so when the active filter template no longer exists, and then narrows by the clicks alone", async () => {
    const { asked, loaders } = setUp({ filterTemplates: async () => [] });
    const loaded = await loaders.loadCustomers(
      scope({ active: { kind: "template", title: "Deleted" }, clicks: [{ field: "platforms", value: "Lazada", label: "Lazada", at: 1 }] }),
    );
    expect(asked.find((a) => a.name === "customers")!.request).toMatchObject({ filter: { platforms: ["Lazada"] } });
    expect(loaded.filterSource).toEqual({ kind: "template", title: "Deleted", found: false });
  });

  it("narrows by the ad-hoc filter without reading the templates", async () => {
    const { asked, loaders } = setUp();
    const adhoc = { min: 200, max: 500, platform: "Lazada", location: "All Location" } as const;
    const loaded = await loaders.loadCustomers(scope({ active: { kind: "adhoc", filter: adhoc } }));
    expect(asked.map((a) => a.name)).toEqual(["customers"]);
    expect(loaded.filter).toEqual({ platforms: ["Lazada"], basketMin: 200, basketMax: 500 });
    expect(loaded.filterSource).toEqual({ kind: "adhoc", filter: adhoc });
  });

  it("passes a failed call on, and hands nothing to the worker", async () => {
    const { loaders, workerCalls } = setUp({ customers: async () => { throw new ApiCallError(403, "forbidden", "Permission 8 is required"); } });
    await expect(loaders.loadCustomers(scope())).rejects.toThrow("Permission 8 is required");
    expect(workerCalls).toEqual([]);
  });

  it("hands nothing to the worker when the load was given up while the server answered", async () => {
    const pending = deferred<CommerceCustomers>();
    const { loaders, workerCalls } = setUp({ customers: () => pending.promise });
    const controller = new AbortController();
    const load = loaders.loadCustomers(scope(), controller.signal);
    controller.abort();
    pending.resolve(answer());
    await expect(load).rejects.toThrow();
    expect(workerCalls).toEqual([]);
  });

  it("rejects columns of different lengths in the worker", async () => {
    const { loaders } = setUp({ customers: async () => answer({ ...current, monetary: [1] }) });
    await expect(loaders.loadCustomers(scope())).rejects.toThrow(RangeError);
  });
});

describe("CRM loaders: the KPI template", () => {
  it("asks nothing when no KPI template is selected", async () => {
    const { asked, loaders } = setUp();
    expect(await loaders.loadKpi(null)).toEqual({ kind: "none" });
    expect(asked).toEqual([]);
  });

  it("finds the selected template by its title", async () => {
    const { loaders } = setUp();
    const source = await loaders.loadKpi("Recency first");
    expect(source.kind).toBe("template");
    expect(source.kind === "template" && source.template.title).toBe("Recency first");
  });

  it.each([
    { behaviour: "a template that no longer exists", fail: null, expected: { kind: "missing", title: "Gone" } },
    { behaviour: "a user without KPI access (403)", fail: new ApiCallError(403, "forbidden", "Permission 9 is required"), expected: { kind: "forbidden", title: "Gone" } },
  ])("falls back to equal weights for $behaviour", async ({ fail, expected }) => {
    const { loaders } = setUp({ kpiTemplates: async () => { if (fail !== null) throw fail; return []; } });
    expect(await loaders.loadKpi("Gone")).toEqual(expected);
  });

  it("passes other failures on", async () => {
    const { loaders } = setUp({ kpiTemplates: async () => { throw new ApiCallError(0, "network", "The server could not be reached."); } });
    await expect(loaders.loadKpi("Recency first")).rejects.toThrow("The server could not be reached.");
  });
});

describe("CRM loaders: scoring in the worker", () => {
  it("scores with equal weights and the default segments without a template, Unassigned counted last", async () => {
    const { loaders } = setUp();
    await loaders.loadCustomers(scope());
    const progress: number[] = [];
    const result = await loaders.score({ kind: "none" }, (p) => progress.push(p));
    expect(result.weighting).toMatchObject({ defaulted: true });
    expect(result.rules.map((r) => r.name)).toEqual([
      "Champions", "Loyal Customers", "Potential Loyallists", "New Customers", "Promising", "About To Sleep", "Can't Lose Them", "At Risk", "Hibernating",
    ]);
    const segments = result.summary.segments;
    expect(segments.at(-1)).toMatchObject({ name: UNASSIGNED, index: -1 });
    expect(segments.reduce((a, s) => a + s.customers, 0)).toBe(10);
    expect(result.summary.revenue).toBe(5500);
    expect(result.summary.grid.counts.reduce((a, b) => a + b, 0)).toBe(10);
    // Rows and columns: the nine segments, Unassigned, then new (rows) and gone (columns).
    expect(result.transitions.size).toBe(11);
    expect(result.transitions).toMatchObject({ retained: 2, new: 8, gone: 1 });
    // Progress rises to 1, a few times, never per customer.
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.length).toBeLessThanOrEqual(20);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it("scores with the template's weights: the same customers get other scores than with equal weights", async () => {
    const { loaders } = setUp();
    await loaders.loadCustomers(scope());
    await loaders.score({ kind: "none" });
    const equal = await loaders.page({ sortBy: "id", direction: "asc" });
    const source = await loaders.loadKpi("Recency first");
    const weighted = await loaders.score(source);
    expect(weighted.weighting).toMatchObject({ recency: 0.8, frequency: 0.1, monetary: 0.1, defaulted: false });
    const recencyFirst = await loaders.page({ sortBy: "id", direction: "asc" });
    const c01 = (rows: typeof equal.rows) => rows.find((r) => r.id === "C01")!;
    // C01 bought last (R 5) but least often (F 1): the recency weight lifts its score.
    expect(c01(equal.rows)).toMatchObject({ r: 5, f: 1, m: 5 });
    expect(c01(equal.rows).score).toBeCloseTo(11 / 3, 5);
    expect(c01(recencyFirst.rows).score).toBeCloseTo(0.8 * 5 + 0.1 * 1 + 0.1 * 5, 5);
  });

  it("answers pages of the customer table and its CSV from the worker", async () => {
    const { loaders } = setUp();
    await loaders.loadCustomers(scope());
    await loaders.score({ kind: "none" });
    const page = await loaders.page({ sortBy: "id", direction: "desc", search: "c0", page: 1, pageSize: 4 });
    expect(page).toMatchObject({ total: 9, page: 1, pageSize: 4, pageCount: 3 });
    expect(page.rows.map((r) => r.id)).toEqual(["C05", "C04", "C03", "C02"]);
    const csv = await loaders.csv({ sortBy: "id", direction: "asc", search: "C1" });
    const lines = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe(CSV_HEADER.join(","));
    expect(lines[0]).toContain("r,f,m,score,segment");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["C10"]);
  });

  it("cannot list customers before they are scored", async () => {
    const { loaders } = setUp();
    await loaders.loadCustomers(scope());
    await expect(loaders.page({})).rejects.toThrow(/score/);
  });
});

describe("CRM loaders over Comlink", () => {
  it("send the progress callback as a Comlink proxy", async () => {
    const score = vi.fn(async () => ({ summary: {}, transitions: {} }));
    const loaders = createCrmLoaders({
      calls: {} as CrmCalls,
      math: () => ({ score }) as unknown as RfmMath,
    });
    await loaders.score({ kind: "none" }, () => undefined);
    const callback = (score.mock.calls[0] as unknown[])[2] as object;
    expect(Object.getOwnPropertySymbols(callback).map(String)).toContain("Symbol(Comlink.proxy)");
  });
});
