// @vitest-environment happy-dom
/** The O2O page in Thai (issue 18). */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AgeBands, Emotions } from "../../domain/o2o";
import { TAB_FAILED } from "../../machines/o2o/o2oTabs";
import type { ViewsDemographicData, VisitorsInsightData } from "@/features/o2o/o2oData";
import { dailyAudienceChart, dwellBucketLabels, formatSeconds } from "@/features/o2o/o2oFormat";
import { O2oTabContent } from "@/features/o2o/O2oTabViews";
import { O2oView, RangeControl } from "@/features/o2o/O2oView";
import { activateLocale, loadAppMessages, loadLanguage, translateMessage } from "@/i18n/i18n";

// The real chart fetches Plotly; here it is the accessible image it renders, without the drawing.
vi.mock("@/components/charts/LazyPlot", () => ({
  LazyPlot: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
beforeAll(async () => {
  await loadAppMessages();
  await loadLanguage("th");
  activateLocale({ language: "th", calendar: "buddhist" });
});
afterAll(() => activateLocale({ language: "en", calendar: "gregorian" }));
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();
const texts = (host: Element, selector: string) => [...host.querySelectorAll(selector)].map((e) => text(e));

const hours = (f: (h: number) => number | null) => Array.from({ length: 24 }, (_, h) => f(h));
const insight: VisitorsInsightData = {
  tab: "vistors_insight",
  empty: false,
  totals: { shows: 12_345, views: 2_469, conversion: 20, dwellSeconds: 6.25, attentionSeconds: null },
  previous: { period: { start: "2024-01-30", end: "2024-02-29", days: 31 }, totals: { shows: 10_000, views: 2_469, conversion: 24.69, dwellSeconds: null, attentionSeconds: 2 } },
  daily: { days: ["2024-03-01", "2024-03-02"], shows: [100, null], views: [20, null], conversion: [20, null] },
  heatmap: { averages: Array.from({ length: 7 }, (_, d) => hours((h) => (h >= 10 && h <= 21 ? d * 10 + h : null))).flat(), days: [1, 1, 1, 1, 1, 1, 1] },
};
const demographic: ViewsDemographicData = {
  tab: "views_demographic",
  empty: false,
  months: ["2024-02-01", "2024-03-01"],
  span: { start: "2024-02-01", end: "2024-03-31" },
  sex: { men: [30, 40], women: [70, 60], shares: [{ men: 30, women: 70 }, { men: 40, women: 60 }] },
  age: { bands: AgeBands, views: [[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]], shares: [[4.8, 9.5, 14.3, 19, 23.8, 28.6], [28.6, 23.8, 19, 14.3, 9.5, 4.8]] },
  sexAge: { bands: AgeBands, men: [null, 1, 1, 1, 1, 1], women: [1, 1, 1, 1, 1, 1], menShares: [null, 9.1, 9.1, 9.1, 9.1, 9.1], womenShares: [9.1, 9.1, 9.1, 9.1, 9.1, 9] },
  emotions: { names: Emotions, views: [1, 3, 0, 0, 0, 0, null], shares: [25, 75, 0, 0, 0, 0, null] },
};

async function renderTab(data: VisitorsInsightData | ViewsDemographicData) {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<O2oTabContent data={data} />));
  return host;
}

describe("O2O in Thai", () => {
  it("the heading, the empty state and the range messages are Thai", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () =>
      root?.render(
        <O2oView
          phase={{ kind: "noCampaigns" }}
          tab="vistors_insight"
          range={{ start: "2024-09-01", end: "2024-09-30" }}
          today="2024-09-30"
          campaigns={[]}
          campaignId={null}
          onTab={vi.fn()}
          onRange={vi.fn()}
          onCampaign={vi.fn()}
          onRetry={vi.fn()}
        />,
      ),
    );
    expect(text(host.querySelector("h1"))).toBe("O2O วิเคราะห์ผู้เข้าชม");
    expect(text(host)).toContain("คุณยังไม่มีแคมเปญ o2o");
    expect(translateMessage("The range must be at most 92 days.")).toBe("ช่วงวันที่ต้องไม่เกิน 92 วัน");
  });

  it("Visitors insight: Thai figures, headings and tables, days in the Buddhist Era, Thai weekday names", async () => {
    const host = await renderTab(insight);
    expect(texts(host, "dt")).toContain("ระยะเวลาอยู่หน้าจอเฉลี่ย");
    expect(texts(host, "h2")).toEqual(["Shows และ Views รายวัน", "Shows เฉลี่ยตามวันในสัปดาห์และชั่วโมง"]);
    expect(text(host)).toContain("6.3 วินาที");
    expect(text(host)).toContain("ไม่ได้วัด");
    const [daily, heatmap] = [...host.querySelectorAll("table")];
    expect(texts(daily!, "tbody th")).toEqual(["2567-03-01", "2567-03-02"]);
    expect(texts(heatmap!, "tbody th")).toEqual(["จ.", "อ.", "พ.", "พฤ.", "ศ.", "ส.", "อา."]);
    const labels = [...host.querySelectorAll('[role="img"]')].map((c) => c.getAttribute("aria-label"));
    expect(labels[0]).toMatch(/^Shows และ Views รายวัน ตั้งแต่ 2567-03-01 ถึง 2567-03-02/);
    expect(labels[1]).toContain("ช่วงที่มีคนมากที่สุด: วันอาทิตย์ 21:00");
  });

  it("the day chart's axis and hovers follow the Buddhist Era; the data stays ISO", () => {
    const chart = dailyAudienceChart(insight);
    const axis = chart.layout.xaxis as { ticktext: string[]; tickvals: string[] };
    expect(axis.tickvals).toEqual(["2024-03-01", "2024-03-02"]);
    expect(axis.ticktext[0]).toBe("1 มี.ค.");
    const trace = chart.data[0] as { x: string[]; customdata: string[][]; name: string };
    expect(trace.x[0]).toBe("2024-03-01");
    expect(trace.name).toBe("การแสดงผล (Shows)");
    expect(trace.customdata[0]).toEqual(["1 มี.ค. 2567", "100"]);
  });

  it("Views demographic: months in Thai with the Buddhist year, Thai age bands and emotions", async () => {
    const host = await renderTab(demographic);
    expect(text(host.querySelector(".o2o-note"))).toBe("Views ของ ก.พ. 2567, มี.ค. 2567 (ตั้งแต่ 2567-02-01 ถึง 2567-03-31)");
    expect(text(host)).toContain("ต่ำกว่า 18");
    expect(text(host)).toContain("มีความสุข");
    expect(texts(host, "h2")).toEqual(["ชายและหญิง", "ช่วงอายุ", "ชายและหญิงตามช่วงอายุ", "อารมณ์"]);
  });

  it("seconds, dwell buckets and the machine's failure sentence in Thai", () => {
    expect(formatSeconds(4.44)).toBe("4.4 วินาที");
    expect(dwellBucketLabels()).toEqual(["0–5 วินาที", "5–15 วินาที", "15–30 วินาที", "30–60 วินาที", "60+ วินาที"]);
    expect(translateMessage(TAB_FAILED)).toBe("โหลดตัวเลขของแท็บนี้ไม่สำเร็จ");
  });

  it("the range control shows its fields and today in the Buddhist Era and says what is wrong in Thai", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    const onRange = vi.fn();
    await act(async () => root?.render(<RangeControl range={{ start: "2024-03-01", end: "2024-03-31" }} today="2024-04-15" onRange={onRange} />));
    const [from, to] = [...host.querySelectorAll("input")];
    expect([from?.value, to?.value]).toEqual(["2567-03-01", "2567-03-31"]);
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(to, "2567-04-16");
      to!.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await act(async () => host.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    expect(onRange).not.toHaveBeenCalled();
    expect(text(host.querySelector('[role="alert"]'))).toBe("วันที่สิ้นสุดต้องไม่เกินวันนี้ (2567-04-15)");
  });
});
