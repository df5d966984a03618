import { afterEach, describe, expect, it, vi } from "vitest";
import { emptyKpiTemplate } from "../../domain/kpi";
import { PLAN_METRICS, type MetricsSummary } from "../../domain/metrics";
import type { ResolvedView } from "../../domain/viewSearch";
import { ApiCallError } from "@/api/client";

const authedCall = vi.hoisted(() => vi.fn());
vi.mock("@/app/api", () => ({ authedCall }));
const { loadBrandEx, loadKpiSection, loadModuleLines } = await import("@/features/brandEx/brandExData");

const view: ResolvedView = {
  range: { startDate: "2025-09-01T00:00:00", endDate: "2025-09-30T23:59:59" },
  brand: "Tipco",
  ch: "Facebook",
  pages: ["p1", "p2"],
  bags: [],
  active: { kind: "none" },
  kpi: "September push",
};

const summary: MetricsSummary = {
  start: "2025-09-01", end: "2025-09-30", brands: ["Tipco"], channel: "Facebook",
  ma: PLAN_METRICS.ma.map((metric) => ({ metric, total: 0, days: 0, last: null, series: [] })),
  ads: PLAN_METRICS.ads.map((metric) => ({ metric, total: 0, days: 0, last: null, series: [] })),
};
const template = { ...emptyKpiTemplate("September push"), updated_at: "2025-09-01T10:00:00" };
// 2025-09-10 12:00 in Bangkok.
const NOW = Date.UTC(2025, 8, 10, 5);

function answer(templates: unknown, figures: unknown, previous: unknown = figures) {
  authedCall.mockImplementation(async (name: string, request: { start?: string }) => {
    const a = name === "getKpiTemplates" ? templates : request.start === "2025-08-02" ? previous : figures;
    if (a instanceof Error) throw a;
    return a;
  });
}

afterEach(() => authedCall.mockReset());

describe("loadKpiSection", () => {
  it("asks for nothing when no KPI template is selected", async () => {
    expect(await loadKpiSection({ ...view, kpi: null }, new AbortController().signal, NOW)).toEqual({ kind: "none" });
    expect(authedCall).not.toHaveBeenCalled();
  });

  it("asks for the view's figures and measures the selected template against them", async () => {
    answer({ data: [template] }, { data: summary });
    const section = await loadKpiSection(view, new AbortController().signal, NOW);
    expect(authedCall).toHaveBeenCalledWith(
      "metricsSummary", { start: "2025-09-01", end: "2025-09-30", brand: "Tipco", channel: "Facebook", pages: "p1,p2" }, expect.anything(),
    );
    expect(section).toMatchObject({ kind: "ready", progress: { title: "September push", today: "2025-09-10", elapsedDays: 10 } });
  });

  it("asks for the same figures over the previous 30 days, for each actual's change", async () => {
    answer({ data: [template] }, { data: summary }, { data: { ...summary, start: "2025-08-02", end: "2025-08-31" } });
    const section = await loadKpiSection(view, new AbortController().signal, NOW);
    expect(authedCall).toHaveBeenCalledWith(
      "metricsSummary", { start: "2025-08-02", end: "2025-08-31", brand: "Tipco", channel: "Facebook", pages: "p1,p2" }, expect.anything(),
    );
    expect(section).toMatchObject({ kind: "ready", progress: { previous: { start: "2025-08-02", end: "2025-08-31", days: 30 } } });
  });

  it("still shows the figures, without their change, when the previous period cannot be read", async () => {
    answer({ data: [template] }, { data: summary }, new ApiCallError(0, "network", "The server could not be reached."));
    expect(await loadKpiSection(view, new AbortController().signal, NOW)).toMatchObject({ kind: "ready", progress: { previous: null } });
  });

  it("means no KPI progress, not a failure, when the user may not read KPI templates (403)", async () => {
    answer(new ApiCallError(403, "forbidden", "Permission 9 is required"), { data: summary });
    expect(await loadKpiSection(view, new AbortController().signal, NOW)).toEqual({ kind: "forbidden" });
  });

  it("says which selected template no longer exists", async () => {
    answer({ data: [{ ...template, title: "Another" }] }, { data: summary });
    expect(await loadKpiSection(view, new AbortController().signal, NOW)).toEqual({ kind: "missing", title: "September push" });
  });

  it.each([
    { behaviour: "fails the section when the templates cannot be read", templates: new ApiCallError(0, "network", "The server could not be reached."), figures: { data: summary } },
    { behaviour: "fails the section when the figures cannot be read", templates: { data: [template] }, figures: new ApiCallError(0, "network", "The server could not be reached.") },
  ])("$behaviour", async ({ templates, figures }) => {
    answer(templates, figures);
    expect(await loadKpiSection(view, new AbortController().signal, NOW)).toEqual({
      kind: "failed", title: "September push", message: "The server could not be reached.",
    });
  });
});

describe("loadBrandEx: pages in view", () => {
  const pages = [
    { id: "t1", name: "Tipco Thailand", brand: "Tipco" },
    { id: "t2", name: "@tipcojuice", brand: "Tipco" },
    { id: "a1", name: "Aura Thailand", brand: "Aura" },
  ];

  it.each([
    { behaviour: "counts only the selected brand's pages when no account is chosen", chosen: [] as string[], expected: ["t1", "t2"] },
    { behaviour: "keeps only the chosen pages of that brand", chosen: ["t2", "a1"], expected: ["t2"] },
  ])("$behaviour", async ({ chosen, expected }) => {
    authedCall.mockImplementation(async (name: string) => (name === "filterPage" ? { data: pages } : { data: [] }));
    const data = await loadBrandEx({ ...view, kpi: null, pages: chosen }, new AbortController().signal);
    expect(data.inView.map((p) => p.id)).toEqual(expected);
  });
});

describe("loadModuleLines: one line each from the modules the user may open", () => {
  const march: ResolvedView = { ...view, range: { startDate: "2024-03-01T00:00:00", endDate: "2024-03-31T23:59:59" }, kpi: null, pages: [] };
  const everything = { permissions: ["1", "5", "7", "9"] as const, o2oCampaigns: [3, 5] };
  const spend = (total: number): MetricsSummary => ({ ...summary, ads: summary.ads.map((m) => (m.metric === "spend" ? { ...m, total, days: 31 } : m)) });
  const commerce = { data: { totals: { gmv: 1_000, nmv: 900 }, previous: { start: "2024-01-30", end: "2024-02-29", totals: { gmv: 800, nmv: 700 } } } };
  const audience = (shows: number | null, views: number | null, from = 0) => ({
    name: "brandex_o2o_audience", typechart: "number", data: { ranges: [{ from, to: from + 1 }], series: { shows: [shows], views: [views] } },
  });
  // 2024-03-01 and 2024-01-30, 00:00 in Bangkok.
  const MARCH = 1_709_226_000;
  const BEFORE = 1_706_547_600;

  /** Answers by call: the current or previous period by the request's start. */
  function answers(over: Partial<Record<"summary" | "previousSummary" | "commerce" | "o2o" | "previousO2o", unknown>> = {}) {
    const all = {
      summary: { data: spend(5_000) }, previousSummary: { data: spend(4_000) }, commerce,
      o2o: audience(2_000, 600, MARCH), previousO2o: audience(1_000, 300, BEFORE), ...over,
    };
    authedCall.mockImplementation(async (name: string, request: { start?: string; payload?: { from: number } }) => {
      const a = name === "metricsSummary" ? (request.start === "2024-01-30" ? all.previousSummary : all.summary)
        : name === "commerceFigures" ? all.commerce
        : name === "o2oGetData" ? (request.payload?.from === BEFORE ? all.previousO2o : all.o2o)
        : new Error(`unexpected call ${name}`);
      if (a instanceof Error) throw a;
      return a;
    });
  }

  it("asks for nothing and shows no line to a user with none of the modules", async () => {
    answers();
    expect(await loadModuleLines(march, { permissions: ["1", "2", "9"], o2oCampaigns: [] }, new AbortController().signal)).toEqual([]);
    expect(authedCall).not.toHaveBeenCalled();
  });

  it("asks only for the lines the user may open", async () => {
    answers();
    const lines = await loadModuleLines(march, { permissions: ["1", "7"], o2oCampaigns: [] }, new AbortController().signal);
    expect(lines.map((l) => l.module)).toEqual(["ecommerce"]);
    expect(authedCall.mock.calls.map(([name]) => name)).toEqual(["commerceFigures"]);
  });

  it("reads the Ads spend, GMV and NMV of every platform, and the shows and views of all the user's campaigns, with the previous period's", async () => {
    answers();
    const lines = await loadModuleLines(march, { ...everything, permissions: [...everything.permissions] }, new AbortController().signal);
    expect(authedCall).toHaveBeenCalledWith("commerceFigures", { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "All channel", filter: {} }, expect.anything());
    expect(authedCall).toHaveBeenCalledWith("metricsSummary", expect.objectContaining({ start: "2024-01-30", end: "2024-02-29", brand: "Tipco" }), expect.anything());
    expect(authedCall).toHaveBeenCalledWith("o2oGetData", {
      url: "/stats/visitor_view/audience", methods: "POST", name: "brandex_o2o_audience", typechart: "number",
      payload: { campaigns: [3, 5], from: MARCH, to: 1_711_904_399 },
    }, expect.anything());
    expect(lines).toEqual([
      { module: "ads", kind: "ready", note: null, figures: [
        { key: "spend", value: 5_000, previous: 4_000, missing: null }, { key: "roas", value: null, previous: null, missing: "no purchase value yet" },
      ] },
      { module: "ecommerce", kind: "ready", note: null, figures: [
        { key: "gmv", value: 1_000, previous: 800, missing: null }, { key: "nmv", value: 900, previous: 700, missing: null },
      ] },
      { module: "o2o", kind: "ready", note: "your 2 o2o campaigns together", figures: [
        { key: "shows", value: 2_000, previous: 1_000, missing: null }, { key: "views", value: 600, previous: 300, missing: null },
      ] },
    ]);
  });

  it("fails one line on its own, with the reason, and still gives the others", async () => {
    answers({ commerce: new ApiCallError(0, "network", "The server could not be reached.") });
    const lines = await loadModuleLines(march, { ...everything, permissions: [...everything.permissions] }, new AbortController().signal);
    expect(lines.map((l) => l.kind)).toEqual(["ready", "failed", "ready"]);
    expect(lines[1]).toEqual({ module: "ecommerce", kind: "failed", message: "The server could not be reached." });
  });

  it.each([
    { what: "an o2o answer that does not match the contract fails the o2o line", over: { o2o: { name: "x", typechart: "number", data: { ranges: [], series: { shows: [1] } } } }, line: 2, kind: "failed", message: /Unexpected answer from the visitor analytics service/ },
    { what: "a failed Ads summary fails the Ads line", over: { summary: new ApiCallError(500, "server", "Boom") }, line: 0, kind: "failed", message: /Boom/ },
  ])("$what", async ({ over, line, kind, message }) => {
    answers(over);
    const lines = await loadModuleLines(march, { ...everything, permissions: [...everything.permissions] }, new AbortController().signal);
    expect(lines[line]).toMatchObject({ kind, message: expect.stringMatching(message) });
  });

  it("still shows a line's figures, without their change, when the previous period cannot be read", async () => {
    answers({ previousSummary: new ApiCallError(0, "network", "no"), previousO2o: new ApiCallError(502, "server", "no") });
    const lines = await loadModuleLines(march, { ...everything, permissions: [...everything.permissions] }, new AbortController().signal);
    expect(lines.map((l) => (l.kind === "ready" ? l.figures.map((f) => f.previous) : l.kind))).toEqual([[null, null], [800, 700], [null, null]]);
  });

  it("does not ask the o2o service for more than it answers: a range over 366 days", async () => {
    answers();
    const long = { ...march, range: { startDate: "2023-01-01T00:00:00", endDate: "2024-03-31T23:59:59" } };
    const lines = await loadModuleLines(long, { permissions: ["1"], o2oCampaigns: [3] }, new AbortController().signal);
    expect(lines).toEqual([{ module: "o2o", kind: "unavailable", reason: expect.stringMatching(/at most 366 days/) }]);
    expect(authedCall).not.toHaveBeenCalled();
  });

  it("ends with the page's load when it is aborted, rather than showing failed lines", async () => {
    const controller = new AbortController();
    authedCall.mockImplementation(async () => {
      controller.abort();
      throw new DOMException("aborted", "AbortError");
    });
    await expect(loadModuleLines(march, { permissions: ["1", "7"], o2oCampaigns: [] }, controller.signal)).rejects.toThrow("aborted");
  });

  it("is not part of the page's load: the overview and KPI progress never wait for a module", async () => {
    answers();
    authedCall.mockImplementation(async (name: string, request: { start?: string }) => {
      if (name === "getKpiTemplates") return { data: [template] };
      if (name === "filterPage") return { data: [] };
      if (name === "socialFigures" || name === "socialPosts") throw new ApiCallError(0, "network", "no");
      if (name === "metricsSummary") return { data: request.start === "2024-01-30" ? spend(4_000) : spend(5_000) };
      return commerce;
    });
    const data = await loadBrandEx({ ...march, kpi: "September push" }, new AbortController().signal);
    expect(data.kpi.kind).toBe("ready");
    expect(authedCall.mock.calls.map(([name]) => name)).not.toContain("commerceFigures");
    expect(data).not.toHaveProperty("modules");
    // The Ads line asks for the view's summaries once each (this range and the previous one).
    authedCall.mockClear();
    const lines = await loadModuleLines(march, { permissions: ["1", "5"], o2oCampaigns: [] }, new AbortController().signal);
    expect(authedCall.mock.calls.filter(([name]) => name === "metricsSummary")).toHaveLength(2);
    expect(lines).toMatchObject([{ module: "ads", kind: "ready", figures: [{ key: "spend", value: 5_000, previous: 4_000 }, { key: "roas" }] }]);
  });
});
