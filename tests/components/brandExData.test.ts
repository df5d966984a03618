import { afterEach, describe, expect, it, vi } from "vitest";
import { emptyKpiTemplate } from "../../domain/kpi";
import { PLAN_METRICS, type MetricsSummary } from "../../domain/metrics";
import type { ResolvedView } from "../../domain/viewSearch";
import { ApiCallError } from "@/api/client";

const authedCall = vi.hoisted(() => vi.fn());
vi.mock("@/app/api", () => ({ authedCall }));
const { loadBrandEx, loadKpiSection } = await import("@/features/brandEx/brandExData");

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
