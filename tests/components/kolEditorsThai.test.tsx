// @vitest-environment happy-dom
/**
 * The KOL dialogs' forms in Thai with the Buddhist-Era calendar: the words from the kol
 * catalogue, a field's problem (English from domain/kol.ts) shown in Thai, the import summary and
 * the EMV stamp's day in BE years; in English they read as before.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { campaignFormOf, campaignFormProblems, type CampaignForm } from "../../machines/kolEditors/kolForms";
import type { KolEditorView } from "../../machines/kolEditors/kolEditorSelectors";
import { CampaignFormView } from "@/features/kol/editors/CampaignDialog";
import { stampText } from "@/features/kol/editors/EmvDialog";
import { importKolSummary } from "@/features/kol/editors/ImportKolDialog";
import { tierText } from "@/features/kol/editors/KolDialog";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

const form: CampaignForm = { ...campaignFormOf(null), name: "", budget: "-5" };
const view: KolEditorView<CampaignForm, null> = {
  open: true, mode: "new", brand: "Tipco", scope: null, form, options: null, problems: campaignFormProblems(form), loading: false, loadError: null, saving: false, error: null,
};

async function renderForm(): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<CampaignFormView view={view} onChange={vi.fn()} onSave={vi.fn()} onCancel={vi.fn()} />));
  return host;
}

const RESULT = { campaignId: 1, rows: 12, encoding: "UTF-8", inserted: 10, updated: 2, unchanged: 0, kolsCreated: 1, bookingsCreated: 3, bookingsUpdated: 0, notes: [] };

describe("the KOL dialogs", () => {
  it("read as before in English", async () => {
    const host = await renderForm();
    expect(host.textContent).toContain("Campaign name");
    expect(host.textContent).toContain("Please fill the campaign name.");
    expect(host.textContent).toContain("The budget must be an amount of ฿0 or more, with at most 2 decimals.");
    expect(tierText("12000")).toBe("Tier: Micro (10,000 to 99,999 followers).");
    expect(importKolSummary(RESULT)).toBe("Read 12 rows (UTF-8): 10 posts new, 2 updated, 0 unchanged; 1 KOL added to the roster, 3 bookings created, 0 updated.");
    expect(stampText({ updatedAt: "2025-03-01T10:00:00+07:00", updatedBy: "ann@example.com" })).toBe("Last changed on 2025-03-01 by ann@example.com.");
  });

  it("speak Thai, with field problems in Thai and days in BE", async () => {
    activateLocale({ language: "th", calendar: "buddhist" });
    const host = await renderForm();
    expect(host.textContent).toContain("ชื่อแคมเปญ");
    expect(host.textContent).toContain("กรุณากรอกชื่อแคมเปญ");
    expect(host.textContent).toContain("งบประมาณต้องเป็นจำนวนเงินตั้งแต่ ฿0 ขึ้นไป");
    expect(host.textContent).not.toContain("Please fill");
    expect(tierText("12000")).toBe("ระดับ: Micro (ผู้ติดตาม 10,000 ถึง 99,999)");
    expect(importKolSummary(RESULT)).toContain("อ่าน 12 แถว");
    expect(stampText({ updatedAt: "2025-03-01T10:00:00+07:00", updatedBy: null })).toBe("แก้ไขล่าสุดเมื่อ 2568-03-01");
  });
});
