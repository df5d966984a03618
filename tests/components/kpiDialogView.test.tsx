// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { beforeAll, afterEach, describe, expect, it, vi } from "vitest";
import { loadAppMessages } from "@/i18n/i18n";
import type { KpiTemplate, KpiTemplateRecord } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { splitBudgetByMonth } from "../../domain/kpiPlan";
import { KpiDialogView, type KpiDialogViewProps } from "@/features/kpi/KpiDialogView";
import { KpiDeleteDialogView, describeKpiTemplate } from "@/features/kpi/KpiDrawerView";

// The module pages' messages, as the app's layout route loads them.
beforeAll(() => loadAppMessages());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

async function render(node: React.ReactNode): Promise<void> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
}

function planned(): KpiTemplate {
  const t = emptyKpiTemplate("Q1 launch");
  return {
    ...t,
    Budget: "1000",
    MA: { ...t.MA, reach: { kpi: "2000", budget: "500" }, impression: { kpi: "100000", budget: "250" } },
    ADS: { ...t.ADS, click: { kpi: "40", budget: "300" } },
  };
}

function props(over: Partial<KpiDialogViewProps> = {}): KpiDialogViewProps {
  const noop = vi.fn();
  return {
    visible: true, heading: "Create KPI Template", submitLabel: "Save", form: planned(),
    selected: { MA: ["reach", "impression"], ADS: ["click"] }, tab: "ma", rfmTab: "rfm", saving: false, error: null,
    onClose: noop, onSubmit: noop, onTab: noop, onRfmTab: noop, onTitle: noop, onBudget: noop, onParams: noop, onParam: noop,
    onAdsRange: noop, onAdsRangeCleared: noop, onPeriod: noop, onRespread: noop, onWeight: noop, onSegmentAdd: noop,
    onSegmentRemove: noop, onSegmentChange: noop, onSegmentBound: noop,
    ...over,
  };
}

const output = (label: string) => document.querySelector(`output[aria-label="${label}"]`)?.textContent;
const figure = (label: string) =>
  document.querySelector(`output[aria-labelledby="figure-${label.replace(/\s+/g, "-")}"]`)?.textContent;

describe("the KPI template dialog", () => {
  it("shows the heading, the cost per unit of each MA row, CPM for Impression, and Remaining Budget over both plans", async () => {
    await render(<KpiDialogView {...props()} />);
    expect(document.querySelector(".p-dialog-title")?.textContent).toBe("Create KPI Template");
    expect(output("Reach Cost per unit")).toBe("0.25");
    // 250 / 100000 × 1000
    expect(output("Impression CPM")).toBe("2.50");
    // 1000 − (500 + 250) − 300
    expect(figure("Remaining Budget")).toBe("-฿50.00");
    expect(document.body.textContent).toContain("Over budget by ฿50.00");
  });

  it("marks the selected parameters' toggle cards as pressed and sends the new selection when one is toggled", async () => {
    const onParams = vi.fn();
    await render(<KpiDialogView {...props({ onParams })} />);
    const group = document.querySelector('[role="group"][aria-label="KPI parameters (MA)"]');
    const pressed = [...(group?.querySelectorAll('button[aria-pressed="true"]') ?? [])].map((b) => b.textContent);
    expect(pressed).toEqual(["Reach", "Impression"]);
    const engagement = [...(group?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Engagement");
    await act(async () => engagement?.click());
    expect(onParams).toHaveBeenCalledWith("MA", ["reach", "impression", "engagement"]);
  });

  it("shows the '+ Add KPI Segment' button only on the RFM Setting tab, and the weights warning there", async () => {
    await render(<KpiDialogView {...props()} />);
    expect(document.body.textContent).not.toContain("+ Add KPI Segment");
    await act(async () => root?.unmount());
    const form = planned();
    const withWeights: KpiTemplate = {
      ...form,
      RFM: [{ setting: [{ name: "Recency", weight: "60" }, { name: "Frequency", weight: "50" }, { name: "Monetary", weight: "" }] }, form.RFM[1] ?? { segment: [] }],
    };
    await render(<KpiDialogView {...props({ tab: "rfm", form: withWeights })} />);
    expect(document.body.textContent).toContain("+ Add KPI Segment");
    expect(figure("Remaining Percent")).toBe("-10.00%");
    expect(document.body.textContent).toContain("The weights exceed 100% by 10.00.");
  });

  it("flags segment cards that share a name or a rank", async () => {
    const form = planned();
    const clash: KpiTemplate = { ...form, RFM: [form.RFM[0] ?? { setting: [] }, { segment: [{ name: "VIP", rank: 2 }, { name: "vip", rank: 2 }, { name: "Other", rank: 1 }] }] };
    await render(<KpiDialogView {...props({ tab: "rfm", rfmTab: "segment", form: clash })} />);
    const cards = [...document.querySelectorAll(".kpi-segment")];
    expect(cards.map((c) => c.classList.contains("kpi-segment--warn"))).toEqual([true, true, false]);
    expect(cards[0]?.textContent).toContain("Another segment has this name.");
    expect(cards[0]?.textContent).toContain("Another segment has this rank.");
  });

  it("lists the Ads months with their budgets once a range is set", async () => {
    const form = planned();
    const setMonth = splitBudgetByMonth("2026-01-30", "2026-02-03", "300") ?? [];
    await render(<KpiDialogView {...props({ tab: "ads", form: { ...form, ADS: { ...form.ADS, setMonth } } })} />);
    const january = document.querySelector<HTMLInputElement>('input[aria-label="Budget for January 2026"]');
    const february = document.querySelector<HTMLInputElement>('input[aria-label="Budget for February 2026"]');
    expect([january?.value, february?.value]).toEqual(["120", "180"]);
    expect(document.body.textContent).toContain("Months total ฿300.00 of Ads budget ฿300.00");
  });
});

describe("the KPI drawer's pieces", () => {
  it("asks 'Are you sure to delete this?' before deleting", async () => {
    await render(<KpiDeleteDialogView visible title="Q1 launch" deleting={false} error={null} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(document.body.textContent).toContain("Are you sure to delete this?");
    expect(document.body.textContent).toContain("Q1 launch");
  });

  it("summarises a template by budget, parameters per plan and the Ads period", () => {
    const t = planned();
    const record: KpiTemplateRecord = {
      ...t,
      ADS: { ...t.ADS, setMonth: splitBudgetByMonth("2026-01-01", "2026-03-31", "300") ?? [] },
      updated_at: "2026-11-22T10:00:00",
    };
    expect(describeKpiTemplate(record)).toBe("Budget ฿1,000.00 · MA: Reach, Impression · Ads: Click (2026-01-01 to 2026-03-31)");
  });
});
