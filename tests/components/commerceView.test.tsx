// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChartClick } from "../../domain/commerceFilter";
import { ECommerceView, type ECommerceViewProps } from "@/features/commerce/ECommerceView";
import { ImportOrdersDialog, ImportOrdersView, type ImportOrdersViewProps } from "@/features/commerce/ImportOrdersDialog";
import type { ImportOutcome } from "@/features/commerce/importOrders";
import { deferred, flush } from "../support/async";
import { emptyFigures, figures } from "./commerceFixtures";
import { loadAppMessages } from "@/i18n/i18n";

// The catalogues' messages (English), as the app's layout loads them.
await loadAppMessages();

// The real chart fetches Plotly; here it is the accessible image it renders, and a way to click it.
const plots = vi.hoisted(() => ({ clicks: new Map<string, (point: unknown) => void>() }));
vi.mock("@/components/charts/LazyPlot", () => ({
  LazyPlot: ({ label, onClick }: { label: string; onClick?: (point: unknown) => void }) => {
    if (onClick !== undefined) plots.clicks.set(label, onClick);
    return <div role="img" aria-label={label} />;
  },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  plots.clicks.clear();
});

async function render(node: React.ReactNode): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  return host;
}

const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();
const buttons = (host: ParentNode, name: string | RegExp) =>
  [...host.querySelectorAll("button")].filter((b) => (typeof name === "string" ? (b.getAttribute("aria-label") ?? text(b)) === name : name.test(b.getAttribute("aria-label") ?? text(b))));
const click = (el: Element | undefined) => act(async () => (el as HTMLElement).click());

const shopee: ChartClick = { field: "platforms", value: "Shopee", label: "Shopee", at: Date.parse("2024-09-09T03:00:00Z") };

function props(over: Partial<ECommerceViewProps> = {}): ECommerceViewProps {
  return {
    brand: "Brand A",
    start: "2024-09-01",
    end: "2024-09-03",
    channel: "All channel",
    active: { kind: "none" },
    clicks: [],
    canUndo: false,
    canRedo: false,
    figures,
    nothingMatches: false,
    phase: { kind: "ready" },
    onChannel: vi.fn(),
    onFilter: vi.fn(),
    onRemoveClick: vi.fn(),
    onUndo: vi.fn(),
    onRedo: vi.fn(),
    onClearClicks: vi.fn(),
    onRetry: vi.fn(),
    onImport: vi.fn(),
    ...over,
  };
}

describe("E-Commerce page view", () => {
  it("shows the heading, the channel, the scope and the key figures with GMV and NMV defined", async () => {
    const host = await render(<ECommerceView {...props()} />);
    expect(text(host.querySelector("h1"))).toBe("E-Commerce");
    const select = host.querySelector<HTMLSelectElement>('select[aria-label="E-commerce channel"]')!;
    expect([...select.options].map((o) => o.value)).toEqual(["All channel", "Shopee", "Lazada"]);
    expect(text(host.querySelector(".commerce-scope"))).toBe("Brand A · All channel · 2024-09-01 to 2024-09-03");
    const figs = host.querySelector('dl[aria-label="Key figures"]')!;
    const pairs = [...figs.querySelectorAll("div")].map((d) => [text(d.querySelector("dt")), text(d.querySelector("dd"))]);
    expect(pairs.slice(0, 3)).toEqual([
      ["GMV", "฿12,345.50"],
      ["NMV", "฿10,000.0081% of GMV"],
      ["Orders", "42"],
    ]);
    expect(text(host)).toContain("NMV (net merchandise value): GMV less cancelled and returned orders.");
    expect(text(host)).toContain("GMV (gross merchandise value): the value of every order placed in the range");
  });

  it("says each key figure's change against the previous period in words, good or bad by the figure", async () => {
    const host = await render(<ECommerceView {...props()} />);
    // What a screen reader hears after each value (the arrow and colour are hidden from it).
    const spoken = [...host.querySelectorAll('dl[aria-label="Key figures"] div')].map((d) => [
      text(d.querySelector("dt")),
      text(d.querySelector("dd.figure-change .visually-hidden")),
    ]);
    const period = "the previous 3 days (2024-08-29 – 2024-08-31)";
    expect(spoken).toEqual([
      ["GMV", `up 23.5 % on ${period}, good`], // 12,345.50 against 10,000
      ["NMV", `no change on ${period}`],
      ["Orders", `down 16.0 % on ${period}, bad`], // 42 against 50
      ["Customers", `no change on ${period}`],
      ["New customers", `new: none in ${period}, good`],
      ["Old customers", `down 40.0 % on ${period}, bad`], // 18 against 30
      ["Average basket size", `up 47.0 % on ${period}`], // neutral: ฿293.94 against ฿200
    ]);
    const gmv = host.querySelector('dl[aria-label="Key figures"] div .change-badge')!;
    expect(gmv.getAttribute("title")).toBe(`up 23.5 % on ${period}, good`);
    expect(text(gmv.querySelector('[aria-hidden="true"]'))).toBe("▲23.5 %");
  });

  it("a range after no orders says there is nothing to compare the average basket with", async () => {
    const none = { ...figures.previous.totals, gmv: 0, nmv: 0, orders: 0, customers: 0, oldCustomers: 0, oldCustomerGmv: 0, avgBasket: null };
    const host = await render(<ECommerceView {...props({ figures: { ...figures, previous: { ...figures.previous, totals: none } } })} />);
    const avg = [...host.querySelectorAll('dl[aria-label="Key figures"] div')].find((d) => text(d.querySelector("dt")) === "Average basket size");
    expect(text(avg?.querySelector("dd.figure-change .visually-hidden"))).toBe("no data to compare with the previous 3 days (2024-08-29 – 2024-08-31)");
  });

  it("draws the seven charts, each under its heading with exports and a table", async () => {
    const host = await render(<ECommerceView {...props()} />);
    const headings = [...host.querySelectorAll(".chart-card h2")].map(text);
    expect(headings).toHaveLength(7);
    expect(host.querySelectorAll('[role="img"]')).toHaveLength(7);
    for (const h of headings) {
      expect(buttons(host, `Download ${h} as PNG`)).toHaveLength(1);
      expect(buttons(host, `Download ${h} as CSV`)).toHaveLength(1);
    }
    expect(buttons(host, "Download the key figures as CSV")).toHaveLength(1);
    expect(host.querySelectorAll("details summary")).toHaveLength(7);
  });

  it("a channel choice is passed on", async () => {
    const p = props();
    const host = await render(<ECommerceView {...p} />);
    const select = host.querySelector<HTMLSelectElement>('select[aria-label="E-commerce channel"]')!;
    await act(async () => {
      select.value = "Shopee";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(p.onChannel).toHaveBeenCalledWith("Shopee");
  });

  it("clicking a bar, or its row's Filter by button, adds that value", async () => {
    const p = props();
    const host = await render(<ECommerceView {...p} />);
    const regionChart = [...plots.clicks.keys()].find((l) => l.startsWith("GMV by region"))!;
    await act(async () => plots.clicks.get(regionChart)!({ x: "Unknown", y: 1, customdata: 1, pointIndex: 1 }));
    expect(p.onFilter).toHaveBeenLastCalledWith({ field: "locations", value: "Unknown", label: "Unknown" });
    await click(buttons(host, "Filter by Bangkok and Vicinity")[0]);
    expect(p.onFilter).toHaveBeenLastCalledWith({ field: "locations", value: "Bangkok and Vicinity", label: "Bangkok and Vicinity" });
    await click(buttons(host, "Filter by Cancelled")[0]);
    expect(p.onFilter).toHaveBeenLastCalledWith({ field: "statuses", value: "cancelled", label: "Cancelled" });
    // The series does not filter: no click handler, no buttons.
    expect([...plots.clicks.keys()].some((l) => l.startsWith("GMV and NMV"))).toBe(false);
    expect(buttons(host, /^Filter by 2024-09-01$/)).toHaveLength(0);
  });

  it("shows the applied clicks as chips with their time, removable, with undo and redo", async () => {
    const p = props({ clicks: [shopee], canUndo: true });
    const host = await render(<ECommerceView {...p} />);
    const chip = host.querySelector(".filter-chip")!;
    expect(text(chip)).toBe("Platform: Shopee10:00:00");
    expect(chip.querySelector("time")?.getAttribute("datetime")).toBe("2024-09-09T03:00:00.000Z");
    await click(buttons(host, "Remove Platform: Shopee")[0]);
    expect(p.onRemoveClick).toHaveBeenCalledWith(shopee);
    await click(buttons(host, "Undo last")[0]);
    expect(p.onUndo).toHaveBeenCalled();
    expect((buttons(host, "Redo")[0] as HTMLButtonElement).disabled).toBe(true);
    await click(buttons(host, "Remove chart filters")[0]);
    expect(p.onClearClicks).toHaveBeenCalled();
  });

  it("without clicks, undo and clearing are off", async () => {
    const host = await render(<ECommerceView {...props()} />);
    expect((buttons(host, "Undo last")[0] as HTMLButtonElement).disabled).toBe(true);
    expect((buttons(host, "Remove chart filters")[0] as HTMLButtonElement).disabled).toBe(true);
    expect(text(host.querySelector(".commerce-filter"))).toContain("No filter template is active.");
  });

  it.each<[string, ECommerceViewProps["active"], string]>([
    [
      "a template",
      { kind: "template", template: { title: "Lazada only", basketSize: { min: null, max: null }, product: "", platform: "Lazada", location: "", status: "", disabled: false } },
      "Filter template Lazada only: Platform: Lazada.",
    ],
    ["an ad-hoc filter", { kind: "adhoc", filter: { min: null, max: null, platform: "All Platform", location: "Central" } }, "Filter: Location: Central."],
    ["a template that is gone", { kind: "missing", title: "Old" }, "The filter template “Old” no longer exists; the figures are not narrowed by it."],
  ])("says which filter applies: %s", async (_name, active, expected) => {
    const host = await render(<ECommerceView {...props({ active })} />);
    expect(text(host.querySelector(".commerce-filter p"))).toBe(expected);
  });

  it("says when the template and the clicks exclude each other", async () => {
    const host = await render(<ECommerceView {...props({ nothingMatches: true, figures: emptyFigures })} />);
    expect(text(host)).toContain("exclude each other");
  });

  it("loading the first time: the layout with the cards' labels, busy, a named progress bar, no value and no chart (issue 19)", async () => {
    const host = await render(<ECommerceView {...props({ figures: null, phase: { kind: "loading" } })} />);
    expect(host.querySelector('progress[aria-label="Loading the e-commerce figures"]')).not.toBeNull();
    const cards = host.querySelector('dl[aria-label="Key figures"]')!;
    expect(cards.getAttribute("aria-busy")).toBe("true");
    expect([...cards.querySelectorAll("dt")].map((dt) => dt.textContent)).toEqual(["GMV", "NMV", "Orders", "Customers", "New customers", "Old customers", "Average basket size"]);
    expect(cards.querySelectorAll(".figure-value .skeleton-line")).toHaveLength(7);
    expect(host.querySelector("#commerce-figures-title")?.textContent).toBe("Key figures");
    expect(text(host)).toContain("NMV (net merchandise value): GMV less cancelled and returned orders.");
    // The seven charts' places, kept at their height and hidden from assistive technology.
    const places = host.querySelector('.chart-grid[aria-hidden="true"]')!;
    expect(places.querySelectorAll(".skeleton-block")).toHaveLength(7);
    expect((places.querySelector(".skeleton-block") as HTMLElement).style.height).toBe("260px");
    expect(host.querySelector('[role="img"]')).toBeNull();
  });

  it("reloading keeps the figures and says they are being updated", async () => {
    const host = await render(<ECommerceView {...props({ phase: { kind: "loading" } })} />);
    expect(host.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(text(host)).toContain("Updating the figures…");
    expect(host.querySelector('dl[aria-label="Key figures"]')).not.toBeNull();
  });

  it("a failure says why and offers Try again", async () => {
    const p = props({ figures: null, phase: { kind: "failed", error: "The server could not be reached." } });
    const host = await render(<ECommerceView {...p} />);
    expect(text(host.querySelector('[role="alert"]'))).toBe("The e-commerce figures could not be loaded.The server could not be reached.");
    await click(buttons(host, "Try again")[0]);
    expect(p.onRetry).toHaveBeenCalled();
  });

  it("no orders: zero figures, the empty state, no charts", async () => {
    const host = await render(<ECommerceView {...props({ figures: emptyFigures })} />);
    expect(text(host.querySelector(".empty-state"))).toContain("No orders in this range.");
    expect(host.querySelectorAll(".chart-card")).toHaveLength(0);
    const avg = [...host.querySelectorAll('dl[aria-label="Key figures"] div')].find((d) => text(d.querySelector("dt")) === "Average basket size");
    expect(text(avg?.querySelector("dd"))).toBe("—no orders");
  });

  it("Import orders opens the dialog", async () => {
    const p = props();
    const host = await render(<ECommerceView {...p} />);
    await click(buttons(host, "Import orders")[0]);
    expect(p.onImport).toHaveBeenCalled();
  });
});

describe("Import orders dialog", () => {
  const viewProps = (over: Partial<ImportOrdersViewProps> = {}): ImportOrdersViewProps => ({
    brand: "Brand A",
    phase: { kind: "idle" },
    fileName: null,
    onPick: vi.fn(),
    onSubmit: vi.fn(),
    onCancelUpload: vi.fn(),
    onClose: vi.fn(),
    ...over,
  });

  it("names the brand and the documented columns; Import needs a file", async () => {
    const host = await render(<ImportOrdersView {...viewProps()} />);
    expect(text(host)).toContain("Orders for Brand A.");
    expect(text(host)).toContain("order_id");
    expect(host.querySelector('input[type="file"]')?.id).toBe(host.querySelector("label")?.getAttribute("for"));
    expect((buttons(host, "Import")[0] as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the upload progress and offers to cancel it", async () => {
    const p = viewProps({ fileName: "orders.csv", phase: { kind: "uploading", fraction: 0.4 } });
    const host = await render(<ImportOrdersView {...p} />);
    expect(host.querySelector<HTMLProgressElement>('progress[aria-label="Upload progress"]')?.value).toBe(0.4);
    expect(text(host)).toContain("Uploading… 40%");
    await click(buttons(host, "Cancel upload")[0]);
    expect(p.onCancelUpload).toHaveBeenCalled();
  });

  it("lists every refused line with its reason", async () => {
    const rows = [{ line: 3, reason: "price: is not a number" }, { line: 7, reason: "status: expected completed, pending, cancelled or returned" }];
    const host = await render(<ImportOrdersView {...viewProps({ fileName: "bad.csv", phase: { kind: "refused", message: "2 rows are not valid.", rows } })} />);
    expect(text(host.querySelector('[role="alert"]'))).toBe("The file was refused: nothing was imported.2 rows are not valid.");
    const cells = [...host.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map(text));
    expect(cells).toEqual([["3", "price: is not a number"], ["7", "status: expected completed, pending, cancelled or returned"]]);
    expect(buttons(host, "Download the refused lines as CSV")).toHaveLength(1);
  });

  it("uploads the picked file for the brand, then shows the summary and reloads the figures", async () => {
    const answer = deferred<ImportOutcome>();
    const upload = vi.fn((_file: File, _brand: string, onProgress: (f: number) => void) => {
      onProgress(0.5);
      return answer.promise;
    });
    const onImported = vi.fn();
    await render(<ImportOrdersDialog visible brand="Brand A" onClose={vi.fn()} onImported={onImported} upload={upload} />);
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File(["order_id\n"], "orders.csv", { type: "text/csv" });
    await act(async () => {
      Object.defineProperty(input, "files", { value: [file], configurable: true });
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await click(buttons(document.body, "Import")[0]);
    expect(upload).toHaveBeenCalledWith(file, "Brand A", expect.any(Function), expect.any(AbortSignal));
    expect(text(document.body)).toContain("Uploading… 50%");
    await act(async () => {
      answer.resolve({ kind: "imported", message: "ok", result: { format: "documented", rows: 2, orders: 1, inserted: 1, updated: 0, unchanged: 0 } });
      await flush();
    });
    expect(text(document.body)).toContain("Orders imported");
    expect(text(document.body)).toContain("Read 2 rows (the documented CSV) as 1 order: 1 new, 0 updated, 0 unchanged.");
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it("a failed upload says why and reloads nothing", async () => {
    const upload = vi.fn(() => Promise.reject(Object.assign(new Error("You may not import orders."), { status: 403 })));
    const onImported = vi.fn();
    await render(<ImportOrdersDialog visible brand="Brand A" onClose={vi.fn()} onImported={onImported} upload={upload} />);
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
    await act(async () => {
      Object.defineProperty(input, "files", { value: [new File(["x"], "o.csv")], configurable: true });
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await click(buttons(document.body, "Import")[0]);
    await act(flush);
    expect(text(document.body.querySelector('[role="alert"]'))).toBe("You may not import orders.");
    expect(onImported).not.toHaveBeenCalled();
  });

  it("refuses a file over 50 MB without sending it", async () => {
    const upload = vi.fn();
    await render(<ImportOrdersDialog visible brand="Brand A" onClose={vi.fn()} onImported={vi.fn()} upload={upload} />);
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File(["x"], "big.csv");
    Object.defineProperty(big, "size", { value: 50 * 1024 * 1024 + 1 });
    await act(async () => {
      Object.defineProperty(input, "files", { value: [big], configurable: true });
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await click(buttons(document.body, "Import")[0]);
    expect(upload).not.toHaveBeenCalled();
    expect(text(document.body.querySelector('[role="alert"]'))).toBe("The file is larger than 50 MB: export a shorter period, or split it.");
  });
});
