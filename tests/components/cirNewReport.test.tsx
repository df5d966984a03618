// @vitest-environment happy-dom
/**
 * The /cir "New report" dialog (src/features/cir/NewReportDialog.tsx): a blank title and fixed
 * days that end before they start are named under their fields and nothing is sent; a valid
 * relative range is sent as the contract's CreateCirReportRequest and the new report handed back.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadAppMessages } from "@/i18n/i18n";
import type { Report } from "../../domain/cirContract";
import { NewReportDialog } from "@/features/cir/NewReportDialog";

const calls = vi.hoisted(() => ({ sent: [] as Array<{ name: string; body: unknown }> }));
vi.mock("@/app/api", () => ({
  authedCall: async (name: string, body: { title: string; brand: string; range: Report["range"] }) => {
    calls.sent.push({ name, body });
    return { data: { id: 12, title: body.title, brand: body.brand, range: body.range } };
  },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await loadAppMessages();
});

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  calls.sent.length = 0;
});

async function render(node: React.ReactNode): Promise<void> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
}
const text = () => (document.body.textContent ?? "").replace(/\s+/g, " ");
const button = (name: string) => [...document.querySelectorAll("button")].find((b) => (b.textContent ?? "").trim() === name)!;
const field = (label: string) => {
  const l = [...document.querySelectorAll("label")].find((x) => (x.textContent ?? "").trim() === label)!;
  return document.getElementById(l.htmlFor) as HTMLInputElement | HTMLSelectElement;
};
function type(el: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

describe("NewReportDialog", () => {
  it("names a blank title and fixed days that end before they start, and sends nothing", async () => {
    await render(<NewReportDialog visible brands={["Aura", "Tipco"]} defaultBrand="Tipco" onClose={() => undefined} onCreated={() => undefined} />);
    const fixed = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => (r.parentElement?.textContent ?? "").includes("Fixed days"))!;
    await act(async () => fixed.click());
    await act(async () => type(field("First day"), "2024-03-31"));
    await act(async () => type(field("Last day"), "2024-03-01"));
    await act(async () => button("Create").click());
    expect(text()).toContain("Give the report a title.");
    expect(text()).toContain("The last day is before the first.");
    expect(calls.sent).toEqual([]);
  });

  it("creates a report over a relative range for the chosen brand", async () => {
    const created: Report[] = [];
    await render(<NewReportDialog visible brands={["Aura", "Tipco"]} defaultBrand="Tipco" onClose={() => undefined} onCreated={(r) => created.push(r)} />);
    await act(async () => type(field("Title"), "  Board pack  "));
    await act(async () => type(field("Brand"), "Aura"));
    await act(async () => type(field("Relative range"), "lastQuarter"));
    await act(async () => button("Create").click());
    expect(calls.sent).toEqual([{ name: "createCirReport", body: { title: "Board pack", brand: "Aura", range: { kind: "relative", preset: "lastQuarter" } } }]);
    expect(created.map((r) => r.id)).toEqual([12]);
  });
});
