// @vitest-environment happy-dom
/**
 * The /report view (src/features/report/ReportView.tsx) in English (as the e2e tests read it) and
 * in Thai with the Buddhist-Era calendar: the words come from the report catalogue, the file's
 * range and the schedule's next run are shown in BE years.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LibraryFile, ReportSchedule } from "../../domain/reportLibraryContract";
import type { ReportLibraryActionsView } from "../../machines/reportLibrary/reportLibraryMachine";
import { ReportView, bangkokWhen, fileSize } from "@/features/report/ReportView";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const FILE: LibraryFile = {
  id: 1, reportId: 7, title: "Tipco Q1 2024", brand: "Tipco", start: "2024-01-01", end: "2024-03-31", origin: "manual", createdAt: "2026-11-27T00:00:00.000Z", size: 52_000,
};
const SCHEDULE: ReportSchedule = { id: 2, reportId: 7, reportTitle: "Tipco Q1 2024", frequency: "weekly", nextRunAt: "2026-11-30T00:00:00.000Z", lastRunAt: null, lastError: null };
const ACTIONS: ReportLibraryActionsView = { dialog: null, busy: false, reportsState: null, file: null, schedule: null, reports: [], error: null, mode: "schedule" };

let root: Root | null = null;
beforeAll(async () => {
  await loadAppMessages();
  await loadLanguage("th");
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  activateLocale({ language: "en", calendar: "gregorian" });
});

async function render(): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  const phase = { kind: "loaded" as const, data: { data: [FILE], schedules: [SCHEDULE] } };
  await act(async () => root?.render(<ReportView phase={phase} actions={ACTIONS} send={() => undefined} onRetry={() => undefined} onDownload={() => undefined} downloading={null} />));
  return host;
}

describe("ReportView", () => {
  it("reads as today in English: Bangkok times, the file's range, its size", async () => {
    expect(bangkokWhen("2026-11-30T00:00:00.000Z")).toBe("Mon, 30 Nov 2026, 07:00");
    expect(bangkokWhen(null)).toBe("Not yet");
    expect(fileSize(52_000)).toBe("50.8 KB");
    const host = await render();
    expect(host.querySelector("h1")?.textContent).toBe("Report library");
    expect(host.textContent).toContain("2024-01-01 – 2024-03-31");
    expect(host.textContent).toContain("Saved by hand");
    expect(host.textContent).toContain("Weekly on Monday");
  });

  it("speaks Thai with Buddhist-Era years", async () => {
    activateLocale({ language: "th", calendar: "buddhist" });
    expect(bangkokWhen("2026-11-30T00:00:00.000Z")).toBe("จ. 30 พ.ย. 2569 เวลา 07:00 น.");
    const host = await render();
    expect(host.querySelector("h1")?.textContent).toBe("คลังรายงาน");
    expect(host.textContent).toContain("2567-01-01 – 2567-03-31");
    expect(host.textContent).toContain("บันทึกเอง");
    expect(host.textContent).toContain("ทุกสัปดาห์ (วันจันทร์)");
    expect(host.textContent).toContain("ยังไม่มี");
    expect(host.textContent).not.toContain("Saved by hand");
  });
});
