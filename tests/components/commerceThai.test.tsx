// @vitest-environment happy-dom
/** The E-Commerce page in Thai with Buddhist-Era dates (issue 18). */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ECommerceView, type ECommerceViewProps } from "@/features/commerce/ECommerceView";
import { ImportOrdersView, importSummary } from "@/features/commerce/ImportOrdersDialog";
import { commerceCards } from "@/features/commerce/commerceFormat";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";
import { figures } from "./commerceFixtures";

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

async function render(node: React.ReactNode): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  return host;
}

const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

function props(over: Partial<ECommerceViewProps> = {}): ECommerceViewProps {
  return {
    brand: "Brand A", start: "2024-09-01", end: "2024-09-03", channel: "Shopee", active: { kind: "none" }, clicks: [], canUndo: false, canRedo: false,
    figures, nothingMatches: false, phase: { kind: "ready" }, onChannel: vi.fn(), onFilter: vi.fn(), onRemoveClick: vi.fn(), onUndo: vi.fn(),
    onRedo: vi.fn(), onClearClicks: vi.fn(), onRetry: vi.fn(), onImport: vi.fn(), ...over,
  };
}

describe("E-Commerce in Thai", () => {
  it("the page's words are Thai and its range is in the Buddhist Era", async () => {
    const host = await render(<ECommerceView {...props()} />);
    expect(text(host.querySelector(".commerce-scope"))).toBe("Brand A · Shopee · 2567-09-01 ถึง 2567-09-03");
    expect(text(host.querySelector("#commerce-figures-title"))).toBe("ตัวเลขสำคัญ");
    expect(text(host)).toContain("ลูกค้าใหม่");
    expect(text(host)).toContain("NMV (มูลค่าสินค้าสุทธิ)");
    expect(text(host.querySelector("button"))).toContain("นำเข้าคำสั่งซื้อ");
  });

  it("chart titles, tables and their words are Thai; date ticks are Thai BE", () => {
    const cards = commerceCards(figures);
    expect(cards.map((c) => c.title)).toContain("สินค้าขายดี");
    const series = cards.find((c) => c.id === "gmv-nmv-over-time")!;
    expect(series.chart.label).toContain("2567-09-01 ถึง 2567-09-03");
    const ticks = (series.chart.layout.xaxis as { ticktext: string[] }).ticktext;
    expect(ticks[0]).toBe("1 ก.ย.");
    expect(cards.find((c) => c.id === "orders-by-status")!.table.rowHeader).toBe("สถานะ");
  });

  it("the import dialog and its summary are Thai", async () => {
    const host = await render(
      <ImportOrdersView brand="Brand A" phase={{ kind: "idle" }} fileName={null} onPick={vi.fn()} onSubmit={vi.fn()} onCancelUpload={vi.fn()} onClose={vi.fn()} />,
    );
    expect(text(host)).toContain("คำสั่งซื้อของ Brand A");
    expect(importSummary({ format: "documented", rows: 3, orders: 2, inserted: 1, updated: 1, unchanged: 0 })).toBe("อ่าน 3 แถว (CSV ตามรูปแบบที่กำหนด) ได้ 2 คำสั่งซื้อ: ใหม่ 1, อัปเดต 1, ไม่เปลี่ยนแปลง 0");
  });
});
