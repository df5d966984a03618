// @vitest-environment happy-dom
/**
 * The /cir/{id} report view (src/features/cir/CirReportView.tsx) over the editor's phases: a
 * reader's report (figures with their change and definition, no edit controls), the owner's
 * editor (Move up / Move down named by section, the share box, a blank title named), the
 * conflict with Reload, and the editor machine driving the view (a keyboard move reorders the
 * draft that Save sends).
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createActor, fromPromise } from "xstate";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";
import type { CirSectionDataResponse, Report, UpdateCirReportRequest } from "../../domain/cirContract";
import { cirEditorMachine, type CirEditorEvent } from "../../machines/cir/cirEditorMachine";
import { selectEditorPhase, type CirEditorPhase } from "../../machines/cir/cirEditorSelectors";
import { CirReportView } from "@/features/cir/CirReportView";
import { flush } from "../support/async";

vi.mock("@/components/charts/LazyPlot", () => ({
  LazyPlot: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));
vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: React.ReactNode }) => <a href="/cir">{children}</a>,
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
});

async function render(node: React.ReactNode): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  return host;
}
const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();
const button = (name: string) => [...document.querySelectorAll("button")].find((b) => (b.getAttribute("aria-label") ?? text(b)) === name);

const report = (canEdit: boolean): Report => ({
  id: 4, title: "Q3 review", brand: "Tipco", range: { kind: "relative", preset: "lastMonth" }, visibility: "brand",
  sections: [
    { type: "source", id: "s1", source: "ecommerce.figures", view: { brand: "Tipco", range: { kind: "report" } } },
    { type: "text", id: "t2", text: "GMV grew." },
  ],
  owner: { name: "Demo User", email: "demo@example.com" }, canEdit,
  createdAt: "2026-11-01T10:00:00.000+07:00", updatedAt: "2026-11-20T10:00:00.000+07:00", version: 3,
});
const data: CirSectionDataResponse["data"] = {
  start: "2026-10-01", end: "2026-10-31", generatedAt: "2026-11-26T10:00:00.000+07:00",
  sections: [{
    id: "s1", status: "ok", title: "E-Commerce figures", module: "ecommerce", brand: "Tipco",
    start: "2026-10-01", end: "2026-10-31", previousStart: "2026-08-31", previousEnd: "2026-09-30",
    data: { kind: "figures", figures: [{ key: "gmv", label: "GMV", unit: "money", value: 1200, previous: 1000, better: "up", definition: "Sum of order values before discounts." }] },
  }],
};
const loaded = (canEdit: boolean, patch: Partial<Extract<CirEditorPhase, { kind: "loaded" }>> = {}): CirEditorPhase => ({
  kind: "loaded", report: report(canEdit), draft: null, titleError: null, mode: "viewing",
  data: { state: "ready", value: data, error: null }, error: null, history: null, duplicatedId: null, ...patch,
});
const props = { onExportPdf: () => undefined, exporting: false, onPrint: () => undefined, printedAt: "2026-11-26T03:00:00.000Z" };

describe("CirReportView", () => {
  it("shows a shared report to a reader with its figures and no edit controls", async () => {
    const host = await render(<CirReportView phase={loaded(false)} send={() => undefined} {...props} />);
    expect(text(host.querySelector("h1"))).toBe("Q3 review");
    const meta = text(host.querySelector("dl.cir-meta"));
    expect(meta).toContain("Tipco");
    expect(meta).toContain("Last month (2026-10-01 to 2026-10-31)");
    expect(meta).toContain("Shared with the users of Tipco");
    const card = host.querySelector(".figure-card");
    expect(text(card)).toContain("GMV");
    expect(text(card)).toContain("Sum of order values before discounts.");
    expect(card?.querySelector(".change-good")).not.toBeNull(); // a rise of GMV is good news
    for (const name of ["Edit", "Delete", "History"]) expect(button(name)).toBeUndefined();
    expect(button("Export PDF")).toBeDefined();
    expect(button("Duplicate")).toBeDefined();
  });

  it("gives the owner's editor Move up / Move down per section, the share box and the title's problem", async () => {
    const r = report(true);
    const sent: CirEditorEvent[] = [];
    await render(
      <CirReportView
        phase={loaded(true, { mode: "editing", draft: { title: " ", visibility: "private", sections: r.sections }, titleError: "Give the report a title." })}
        send={(e) => sent.push(e)}
        {...props}
      />,
    );
    expect(button("Move E-Commerce figures up")?.disabled).toBe(true);
    expect(button("Move commentary 2 up")?.disabled).toBe(false);
    await act(async () => button("Move E-Commerce figures down")?.click());
    expect(sent).toEqual([{ type: "edit.move", from: 0, to: 1 }]);
    expect(text(document.body)).toContain("Give the report a title.");
    const share = document.querySelector<HTMLInputElement>(".cir-share input");
    expect(share?.checked).toBe(false);
    expect(button("Edit")).toBeUndefined();
  });

  it("moves a section dragged onto another", async () => {
    const r = report(true);
    const sent: CirEditorEvent[] = [];
    await render(<CirReportView phase={loaded(true, { mode: "editing", draft: { title: r.title, visibility: r.visibility, sections: r.sections } })} send={(e) => sent.push(e)} {...props} />);
    const items = [...document.querySelectorAll<HTMLLIElement>("ol.cir-sections > li")];
    expect(items.map((li) => li.getAttribute("draggable"))).toEqual(["true", "true"]);
    const drag = (el: Element, type: string) => {
      const event = new Event(type, { bubbles: true, cancelable: true }) as Event & { dataTransfer: unknown };
      Object.defineProperty(event, "dataTransfer", { value: { effectAllowed: "", setData: () => undefined } });
      el.dispatchEvent(event);
    };
    await act(async () => drag(items[1]!, "dragstart"));
    await act(async () => drag(items[0]!, "drop"));
    expect(sent).toEqual([{ type: "edit.move", from: 1, to: 0 }]);
  });

  it("offers Reload after a conflict", async () => {
    const r = report(true);
    const sent: CirEditorEvent[] = [];
    await render(<CirReportView phase={loaded(true, { mode: "conflict", error: "Someone saved this report.", draft: { title: r.title, visibility: r.visibility, sections: r.sections } })} send={(e) => sent.push(e)} {...props} />);
    expect(text(document.querySelector("[role=alert]"))).toContain("Someone saved this report.");
    await act(async () => button("Reload")?.click());
    expect(sent).toEqual([{ type: "report.reload" }]);
  });
});

describe("the editor machine behind the view", () => {
  it("saves the order made with Move up, shared, with the version it was read at", async () => {
    const saved: UpdateCirReportRequest[] = [];
    const actor = createActor(
      cirEditorMachine.provide({
        actors: {
          loadReport: fromPromise(async () => report(true)),
          loadData: fromPromise(async () => data),
          saveReport: fromPromise(async ({ input }: { input: UpdateCirReportRequest }) => {
            saved.push(input);
            return { ...report(true), sections: input.sections ?? [], version: 4 };
          }),
        },
      }),
      { input: { id: 4 } },
    ).start();
    await flush();
    actor.send({ type: "edit.start" });
    actor.send({ type: "edit.move", from: 1, to: 0 });
    actor.send({ type: "edit.share", visibility: "private" });
    actor.send({ type: "edit.save" });
    await flush();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.version).toBe(3);
    expect(saved[0]!.visibility).toBe("private");
    expect(saved[0]!.sections?.map((s) => s.id)).toEqual(["t2", "s1"]);
    const phase = selectEditorPhase(actor.getSnapshot());
    expect(phase.kind === "loaded" && phase.mode).toBe("saved");
    actor.stop();
  });

  it("keeps a reader out of the editor", async () => {
    const actor = createActor(
      cirEditorMachine.provide({ actors: { loadReport: fromPromise(async () => report(false)), loadData: fromPromise(async () => data) } }),
      { input: { id: 4 } },
    ).start();
    await flush();
    actor.send({ type: "edit.start" });
    actor.send({ type: "delete.ask" });
    const phase = selectEditorPhase(actor.getSnapshot());
    expect(phase.kind === "loaded" && phase.mode).toBe("viewing");
    actor.stop();
  });
});

describe("CirReportView in Thai with Buddhist Era dates", () => {
  afterEach(() => activateLocale({ language: "en", calendar: "gregorian" }));

  it("shows the range, its days in BE, the sharing and the section's title in Thai", async () => {
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
    const host = await render(<CirReportView phase={loaded(false)} send={() => undefined} {...props} />);
    const meta = text(host.querySelector("dl.cir-meta"));
    expect(meta).toContain("เดือนที่แล้ว (2569-10-01 ถึง 2569-10-31)");
    expect(meta).toContain("แชร์กับผู้ใช้ของ Tipco");
    expect(meta).not.toContain("2026-10-01");
    expect(text(host)).toContain("ตัวเลข E-Commerce");
    expect(button("ส่งออก PDF")).toBeDefined();
  });
});
