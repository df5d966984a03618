// @vitest-environment happy-dom
/** The CRM page in Thai with Buddhist-Era dates (issue 18). */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CustomerTableView } from "@/features/crm/CrmCustomerTable";
import { FIRST_QUERY, comparedText, filterText, periodText, segmentLabel } from "@/features/crm/crmFormat";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";

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

describe("CRM in Thai", () => {
  it("the customer table's words are Thai", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () =>
      root?.render(
        <CustomerTableView query={FIRST_QUERY} page={null} busy={false} error={null} exporting={false} segmentName="At Risk" onQuery={vi.fn()} onExport={vi.fn()} />,
      ),
    );
    expect(text(host)).toContain("ค้นหารหัสลูกค้า");
    expect(text(host)).toContain("กำลังโหลดลูกค้า…");
    expect(text(host)).toContain("กลุ่ม: At Risk (มีความเสี่ยง)");
    expect([...host.querySelectorAll("thead button")].map((b) => text(b))).toContain("รหัสลูกค้า");
  });

  it("periods are in the Buddhist Era; filters and segments in Thai", () => {
    expect(periodText({ start: "2024-01-01", end: "2024-01-31" })).toBe("2567-01-01 ถึง 2567-01-31");
    expect(comparedText({ previous: { start: "2023-12-01", end: "2023-12-31", customers: 412 } } as never)).toBe("เทียบกับ 2566-12-01 ถึง 2566-12-31 (ลูกค้า 412 คน)");
    expect(filterText({})).toBe("คำสั่งซื้อทั้งหมด");
    expect(filterText({ statuses: ["completed"] })).toBe("คำสั่งซื้อที่มีสถานะ สำเร็จ");
    expect(segmentLabel("Unassigned")).toBe("ไม่อยู่ในกลุ่มใด");
    expect(segmentLabel("My own segment")).toBe("My own segment");
  });
});
