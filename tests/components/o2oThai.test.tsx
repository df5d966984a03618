// @vitest-environment happy-dom
/** The O2O page in Thai (issue 18). */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { O2oView } from "@/features/o2o/O2oView";
import { activateLocale, loadAppMessages, loadLanguage, translateMessage } from "@/i18n/i18n";

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
          range={null}
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
});
