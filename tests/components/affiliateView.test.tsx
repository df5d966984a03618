// @vitest-environment happy-dom
// The Affiliate page's view and its pure parts (issue 16): the figure cards with value ("—"
// where a ratio has no denominator), change (a rise of the commission rate is bad news, of GMV
// and ROI good, of the commission neither) and definition; the URL's choices and the request
// they make; the leaderboard's sort (nulls last), "Filter by" toggles, the others' last row and
// its CSV lines; the charts' tables; the import summary; the empty and failed states.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";
import type { AffiliateFigures, AffiliateFiguresAnswer, AffiliateRow, ImportAffiliateResult } from "../../domain/affiliateContract";
import { toCsv } from "@/components/export/download";
import {
  affiliateFigures, customersCard, gmvOverTimeCard, importAffiliateSummary, keyFiguresTable, leaderboardCsvColumns, othersRow, percent, platformCard, productsCard,
  type LeaderboardLine,
} from "@/features/affiliate/affiliateFormat";
import {
  affiliateRequestOf, affOf, apOfChoice, FIRST_SORT, leaderboardSortOf, nextSort, pickedOf, platformChoiceOf, platformOf, sortedRows, sortSearchOf, toggledPick,
} from "@/features/affiliate/affiliateRequest";
import { AffiliateView, noSales, type AffiliateViewProps } from "@/features/affiliate/AffiliateView";
import { ImportAffiliateView } from "@/features/affiliate/ImportAffiliateDialog";
import { importAffiliateActors, importAffiliateMachine, importAffiliateOutcomeOf, readableRefusal } from "@/features/affiliate/affiliateActors";
import { createActor, waitFor } from "xstate";
import { nextFrame } from "../support/async";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Plotly is not drawn here: the charts are checked through their tables and words.
vi.mock("@/components/charts/LazyPlot", () => ({ LazyPlot: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const sums = (over: Partial<AffiliateFigures> = {}): AffiliateFigures => ({
  clicks: 4_000, orders: 200, gmv: 100_000, nmv: 90_000, commission: 8_000, commissionRate: 0.08, roi: 11.5, conversionRate: 0.05,
  affiliates: 12, newCustomers: 120, returningCustomers: 60, unmatchedOrders: 20, ...over,
});

const row = (affiliate: string, over: Partial<AffiliateRow> = {}): AffiliateRow => ({ affiliate, platform: "Shopee", ...sums(), gmvShare: 0.1, ...over });

const answer = (current: Partial<AffiliateFigures> = {}, previous: Partial<AffiliateFigures> = {}, over: Partial<AffiliateFiguresAnswer> = {}): AffiliateFiguresAnswer => ({
  totals: sums(current),
  previous: sums(previous),
  commerceGmv: 1_000_000,
  gmvShare: 0.1,
  previousCommerceGmv: 1_000_000,
  previousGmvShare: 0.1,
  unit: "week",
  series: [
    { start: "2025-03-03", ...sums({ gmv: 40_000, commission: 3_000 }) },
    { start: "2025-03-10", ...sums({ gmv: 60_000, commission: 5_000, clicks: null, conversionRate: null }) },
  ],
  byPlatform: [
    { platform: "Lazada", ...sums({ gmv: 30_000 }) },
    { platform: "Shopee", ...sums({ gmv: 70_000 }) },
  ],
  byAffiliate: [
    row("beauty_by_ploy", { gmv: 50_000, gmvShare: 0.5 }),
    row("mild.review", { platform: "Lazada", gmv: 30_000, gmvShare: 0.3, roi: null, conversionRate: null }),
    row("aom_shop", { gmv: 10_000, gmvShare: 0.1 }),
  ],
  others: { affiliates: 9, orders: 20, gmv: 10_000, commission: 1_000 },
  byProduct: [
    { product: "Aura Vitamin C Serum 30 ml", orders: 80, quantity: 95, gmv: 60_000, commission: 5_000 },
    { product: "Aura Sunscreen SPF50", orders: 40, quantity: 41, gmv: 0, commission: 0 },
  ],
  ...over,
});

beforeAll(async () => {
  await loadAppMessages();
});

let root: Root | null = null;
async function render(node: React.ReactNode): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  // The leaderboard comes a frame after the rest (useAfterFrame).
  await act(nextFrame);
  return host;
}
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const noop = () => {};
const props = (over: Partial<AffiliateViewProps> = {}): AffiliateViewProps => ({
  brand: "Aura", start: "2025-03-01", end: "2025-03-31", platform: null, picked: [], sort: FIRST_SORT, figures: answer(), phase: { kind: "ready" },
  onPlatform: noop, onToggle: noop, onClearPicked: noop, onSort: noop, onRetry: noop, onImport: noop, ...over,
});

function cards(host: HTMLElement): Map<string, { value: string; change: string; tone: string; definition: string }> {
  const list = host.querySelector('dl[aria-label="Key figures"]')!;
  return new Map(
    [...list.querySelectorAll(".figure-card")].map((c) => [
      c.querySelector("dt")!.textContent!,
      {
        value: c.querySelector(".figure-value")!.textContent!.trim(),
        change: c.querySelector(".figure-change")?.textContent?.trim() ?? "",
        tone: c.querySelector(".change-badge")?.className ?? "",
        definition: c.querySelector(".figure-definition")?.textContent ?? "",
      },
    ]),
  );
}

const button = (host: HTMLElement, name: string): HTMLButtonElement => {
  const b = [...host.querySelectorAll("button")].find((x) => (x.getAttribute("aria-label") ?? x.textContent!.trim()) === name);
  if (b === undefined) throw new Error(`no button ${name}`);
  return b;
};

describe("the Affiliate figure cards", () => {
  it("while loading the first time, show the layout: the cards' labels and definitions, busy, a named progress bar, the charts' and the leaderboard's places (issue 19)", async () => {
    const host = await render(<AffiliateView {...props({ figures: null, phase: { kind: "loading" } })} />);
    expect(host.querySelector('progress[aria-label="Loading the affiliate figures"]')).not.toBeNull();
    const cards = host.querySelector("dl.affiliate-summary")!;
    expect(cards.getAttribute("aria-busy")).toBe("true");
    expect([...cards.querySelectorAll("dt")].map((dt) => dt.textContent)).toEqual(affiliateFigures().map((k) => k.label));
    expect([...cards.querySelectorAll("dt")].slice(0, 3).map((dt) => dt.textContent)).toEqual(["GMV", "NMV", "Orders"]);
    expect(cards.textContent).toContain("Orders ÷ clicks.");
    expect(cards.querySelectorAll(".figure-value .skeleton-line")).toHaveLength(affiliateFigures().length);
    expect(host.querySelectorAll('.chart-grid[aria-hidden="true"] .skeleton-block')).toHaveLength(5);
    expect(host.querySelector('.affiliate-leaderboard[aria-hidden="true"] .skeleton-block')).not.toBeNull();
    expect(host.querySelector('[role="img"]')).toBeNull();
  });

  it("keep the heading and the comparison as the same elements when the first figures come: they do not paint again (issue 19)", async () => {
    const host = await render(<AffiliateView {...props({ figures: null, phase: { kind: "loading" } })} />);
    const compared = host.querySelector(".affiliate-compared");
    const heading = host.querySelector("#affiliate-figures-title");
    const definition = host.querySelector(".figure-definition");
    // The GMV's place holds a typical value on a placeholder bar, hidden from assistive technology.
    expect(compared?.querySelector('.skeleton-text[aria-hidden="true"]')?.textContent).toBe("฿1,234,567.89");
    await act(async () => root?.render(<AffiliateView {...props()} />));
    expect(host.querySelector('progress[aria-label="Loading the affiliate figures"]')).toBeNull();
    expect(host.querySelector(".affiliate-compared")).toBe(compared);
    expect(host.querySelector("#affiliate-figures-title")).toBe(heading);
    expect(host.querySelector(".figure-definition")).toBe(definition);
    expect(host.querySelector(".figure-card-pending")).toBeNull();
    expect(compared?.querySelector(".skeleton-text")).toBeNull();
    expect(compared?.textContent).toMatch(/GMV on the same platforms was ฿[\d,]+\.\d\d\.$/);
  });

  it("show the twelve figures with value, definition and change", async () => {
    const host = await render(<AffiliateView {...props()} />);
    const c = cards(host);
    expect([...c.keys()]).toEqual([
      "GMV", "NMV", "Orders", "Clicks", "Conversion rate", "Commission", "Commission rate", "ROI", "Share of e-commerce GMV", "Affiliates", "New customers", "Returning customers",
    ]);
    expect(c.get("GMV")!.value).toBe("฿100,000.00");
    expect(c.get("Commission rate")!.value).toBe("8.0%");
    expect(c.get("ROI")!.value).toBe("1,150.0%");
    expect(c.get("Conversion rate")!.value).toBe("5.0%");
    expect(c.get("Share of e-commerce GMV")!.value).toBe("10.0%");
    expect(c.get("ROI")!.definition).toContain("(GMV − commission) ÷ commission");
    expect(c.get("Commission rate")!.definition).toContain("Commission ÷ GMV");
    expect(c.get("Conversion rate")!.definition).toContain("Orders ÷ clicks");
    expect(c.get("GMV")!.change).toContain("no change");
    expect(host.textContent).toContain("Compared with 2025-01-29 to 2025-02-28, the 31 days before.");
    expect(host.textContent).toContain("e-commerce GMV on the same platforms was ฿1,000,000.00");
  });

  it("show “—” for a ratio without a denominator, and no arrow for it", async () => {
    const host = await render(
      <AffiliateView {...props({ figures: answer({ clicks: null, conversionRate: null, commission: 0, roi: null }, {}, { gmvShare: null }) })} />,
    );
    const c = cards(host);
    expect(c.get("Clicks")!.value).toBe("—the reports give no clicks");
    expect(c.get("Conversion rate")!.value).toBe("—no clicks, so no conversion rate");
    expect(c.get("ROI")!.value).toBe("—no commission, so no ROI");
    expect(c.get("Share of e-commerce GMV")!.value).toBe("—no e-commerce GMV in the range");
    expect(c.get("ROI")!.tone).toContain("change-none");
  });

  it("colour a rise of GMV and ROI as good, of the commission rate as bad, of the commission as neither", async () => {
    const host = await render(<AffiliateView {...props({ figures: answer({ gmv: 120_000, roi: 13, commissionRate: 0.1, commission: 12_000 }) })} />);
    const c = cards(host);
    for (const good of ["GMV", "ROI"]) {
      expect(c.get(good)!.tone, good).toContain("change-good");
      expect(c.get(good)!.change, good).toMatch(/▲/);
    }
    expect(c.get("Commission rate")!.tone).toContain("change-bad");
    expect(c.get("Commission")!.tone).toContain("change-neutral");
    expect(c.get("Commission")!.change).toMatch(/^▲50.0 %up 50.0 %/);
  });

  it("give the previous period's figures in the key figures' CSV, the share from the answer", () => {
    const t = keyFiguresTable(answer({}, {}, { previousGmvShare: 0.2 }), "now", "before");
    const share = t.rows.find((r) => r.label === "Share of e-commerce GMV")!;
    expect(share.values).toEqual([0.1, 0.2]);
    expect(t.rows.map((r) => r.label)).toEqual(affiliateFigures().map((k) => k.label));
  });
});

describe("the page's choices in the URL", () => {
  it("read the marketplace, or both for anything else", () => {
    expect(platformOf("Shopee")).toBe("Shopee");
    expect(platformOf("shopee")).toBeNull();
    expect(platformOf(undefined)).toBeNull();
    expect(platformChoiceOf(null)).toBe("All platforms");
    expect(apOfChoice("All platforms")).toBeUndefined();
    expect(apOfChoice("Lazada")).toBe("Lazada");
  });

  it("read the picked affiliates once each, and toggle one in and out", () => {
    expect(pickedOf(["a", "b", "a", "", 3])).toEqual(["a", "b"]);
    expect(pickedOf("a")).toEqual([]);
    expect(toggledPick(["a"], "b")).toEqual(["a", "b"]);
    expect(toggledPick(["a", "b"], "a")).toEqual(["b"]);
    expect(affOf([])).toBeUndefined();
    expect(affOf(["b"])).toEqual(["b"]);
  });

  it("make the request: no platform for both, the affiliates as a sorted set, none when every one", () => {
    const q = { brand: "Aura", start: "2025-03-01", end: "2025-03-31" };
    expect(affiliateRequestOf({ ...q, platform: null, affiliates: [] })).toEqual(q);
    expect(affiliateRequestOf({ ...q, platform: "Lazada", affiliates: ["z", "a", "z"] })).toEqual({ ...q, platform: "Lazada", affiliates: ["a", "z"] });
  });

  it("sort the leaderboard: GMV high to low by default, names A→Z, a second click flips, defaults out of the URL", () => {
    expect(leaderboardSortOf({})).toEqual({ sort: "gmv", dir: "desc" });
    expect(leaderboardSortOf({ sort: "affiliate" })).toEqual({ sort: "affiliate", dir: "asc" });
    expect(nextSort(FIRST_SORT, "gmv")).toEqual({ sort: "gmv", dir: "asc" });
    expect(nextSort(FIRST_SORT, "roi")).toEqual({ sort: "roi", dir: "desc" });
    expect(nextSort(FIRST_SORT, "platform")).toEqual({ sort: "platform", dir: "asc" });
    expect(sortSearchOf(FIRST_SORT)).toEqual({ sort: undefined, dir: undefined });
    expect(sortSearchOf({ sort: "roi", dir: "asc" })).toEqual({ sort: "roi", dir: "asc" });
  });

  it("keep a figure without a value last in either order", () => {
    const rows = answer().byAffiliate;
    expect(sortedRows(rows, { sort: "roi", dir: "desc" }).map((r) => r.affiliate)).toEqual(["beauty_by_ploy", "aom_shop", "mild.review"]);
    expect(sortedRows(rows, { sort: "roi", dir: "asc" }).map((r) => r.affiliate)).toEqual(["beauty_by_ploy", "aom_shop", "mild.review"]);
    expect(sortedRows(rows, { sort: "gmv", dir: "asc" }).map((r) => r.affiliate)).toEqual(["aom_shop", "mild.review", "beauty_by_ploy"]);
    expect(sortedRows(rows, { sort: "affiliate", dir: "asc" }).map((r) => r.affiliate)).toEqual(["aom_shop", "beauty_by_ploy", "mild.review"]);
  });
});

describe("the leaderboard", () => {
  it("lists the affiliates, each with a Filter by toggle, and the others summed last", async () => {
    const onToggle = vi.fn();
    const host = await render(<AffiliateView {...props({ picked: ["mild.review"], onToggle })} />);
    const table = host.querySelector('[aria-label="Affiliate leaderboard table"] table')!;
    expect([...table.querySelectorAll("tbody th")].map((th) => th.textContent)).toEqual(["beauty_by_ploy", "mild.review", "aom_shop"]);
    expect(table.querySelector("tfoot")!.textContent).toContain("Others (9 affiliates)");
    // The others: ฿10,000 of the ฿100,000 every affiliate brought; ROI (10,000 − 1,000) ÷ 1,000.
    expect(table.querySelector("tfoot")!.textContent).toContain("10.0%");
    expect(table.querySelector("tfoot")!.textContent).toContain("900.0%");
    expect(button(host, "Filter by mild.review").getAttribute("aria-pressed")).toBe("true");
    expect(button(host, "Filter by beauty_by_ploy").getAttribute("aria-pressed")).toBe("false");
    await act(async () => button(host, "Filter by beauty_by_ploy").click());
    expect(onToggle).toHaveBeenCalledWith("beauty_by_ploy");
    // A ratio without a value: "—".
    const mild = [...table.querySelectorAll("tbody tr")][1]!;
    expect(mild.textContent).toContain("—");
  });

  it("shows the picked affiliates as chips, each removable, and a way back to every affiliate", async () => {
    const onToggle = vi.fn();
    const onClearPicked = vi.fn();
    const host = await render(<AffiliateView {...props({ picked: ["mild.review"], onToggle, onClearPicked })} />);
    expect(host.querySelector(".filter-chip")!.textContent).toContain("Affiliate: mild.review");
    await act(async () => button(host, "Remove Affiliate: mild.review").click());
    expect(onToggle).toHaveBeenCalledWith("mild.review");
    await act(async () => button(host, "Show every affiliate").click());
    expect(onClearPicked).toHaveBeenCalled();
  });

  it("names the platform in a Filter by button when a name is on both marketplaces", async () => {
    const f = answer({}, {}, { byAffiliate: [row("twin"), row("twin", { platform: "Lazada" })] });
    const host = await render(<AffiliateView {...props({ figures: f })} />);
    expect(button(host, "Filter by twin (Shopee)")).toBeDefined();
    expect(button(host, "Filter by twin (Lazada)")).toBeDefined();
  });

  it("sorts by a column header and says so", async () => {
    const onSort = vi.fn();
    const host = await render(<AffiliateView {...props({ sort: { sort: "roi", dir: "asc" }, onSort })} />);
    const roi = [...host.querySelectorAll("th[aria-sort]")].find((th) => th.textContent === "ROI")!;
    expect(roi.getAttribute("aria-sort")).toBe("ascending");
    await act(async () => (roi.querySelector("button") as HTMLButtonElement).click());
    expect(onSort).toHaveBeenCalledWith("roi");
  });

  it("writes the others as the CSV's last line, ratios as fractions", () => {
    const a = answer();
    const lines: LeaderboardLine[] = [{ kind: "affiliate", row: a.byAffiliate[1]! }, { kind: "others", row: othersRow(a)! }];
    const csv = toCsv(lines, leaderboardCsvColumns()).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(csv[0]).toBe("Affiliate,Platform,Orders,GMV (THB),NMV (THB),Share of affiliate GMV,Commission (THB),Commission rate,ROI,Clicks,Conversion rate,New customers,Returning customers");
    expect(csv[1]).toBe("mild.review,Lazada,200,30000,90000,0.3,8000,0.08,,4000,,120,60");
    expect(csv[2]).toBe("Others (9 affiliates),,20,10000,,0.1,1000,0.1,9,,,,");
    expect(othersRow(answer({}, {}, { others: { affiliates: 0, orders: 0, gmv: 0, commission: 0 } }))).toBeNull();
  });
});

describe("the charts", () => {
  it("give their figures as tables: the series, by platform (largest first), products with their rate, customers against the previous period", () => {
    const a = answer();
    const series = gmvOverTimeCard(a, "March");
    expect(series.table.rows.map((r) => r.label)).toEqual(["Week of 2025-03-03", "Week of 2025-03-10"]);
    expect(series.table.rows[1]!.values.slice(0, 3)).toEqual([60_000, 90_000, 5_000]);
    expect(platformCard(a, "March").table.rows.map((r) => r.label)).toEqual(["Shopee", "Lazada"]);
    const products = productsCard(a, "March").table.rows;
    expect(products[0]!.values.at(-1)).toBeCloseTo(5_000 / 60_000, 10);
    expect(products[1]!.values.at(-1)).toBeNull();
    const customers = customersCard(a, "March", "February");
    expect(customers.table.rows.map((r) => [r.label, ...r.values])).toEqual([["New", 120, 120], ["Returning", 60, 60], ["Orders not matched", 20, 20]]);
    expect(customers.note).toContain("20 orders matched none of the brand's orders");
    expect(percent(0.123)).toBe("12.3%");
  });
});

describe("the states", () => {
  it("says when no affiliate sold in the range, and keeps the leaderboard", async () => {
    const none = answer({ orders: 0, clicks: null, gmv: 0 }, {}, { byAffiliate: [], others: { affiliates: 0, orders: 0, gmv: 0, commission: 0 } });
    const host = await render(<AffiliateView {...props({ figures: none })} />);
    expect(host.textContent).toContain(noSales());
    expect(host.textContent).toContain("No affiliate brought an order in this range.");
    expect(host.querySelector(".chart-card")).toBeNull();
  });

  it("says why the figures could not be loaded, with Try again", async () => {
    const onRetry = vi.fn();
    const host = await render(<AffiliateView {...props({ figures: null, phase: { kind: "failed", error: "The server could not be reached." }, onRetry })} />);
    expect(host.querySelector('[role="alert"]')!.textContent).toContain("The server could not be reached.");
    await act(async () => button(host, "Try again").click());
    expect(onRetry).toHaveBeenCalled();
  });
});

describe("the import", () => {
  const result: ImportAffiliateResult = {
    format: "shopee-affiliate", encoding: "utf-8", brand: "Aura", rows: 12, orders: 9, matched: 7, inserted: 10, updated: 1, unchanged: 1, demoRemoved: 40,
    first: "2025-04-02 10:11:00", last: "2025-04-20 21:00:00", notes: [{ line: 5, reason: "Clicks: not given, left out" }],
  };

  it("sums up what was written, in words", () => {
    expect(importAffiliateSummary(result)).toBe(
      "Read 12 rows (a Shopee Affiliate report) as 9 orders, 7 matched to Aura's orders: 10 new, 1 updated, 1 unchanged. Orders from 2025-04-02 to 2025-04-20. 40 demo conversions were removed: real ones replace them.",
    );
  });

  it("shows the summary, the notes and a way to the file's range", async () => {
    const onShowRange = vi.fn();
    const host = await render(
      <ImportAffiliateView brand="Aura" phase={{ kind: "imported", result }} fileName="report.csv" onPick={noop} onSubmit={noop} onCancelUpload={noop} onClose={noop} onShowRange={onShowRange} />,
    );
    expect(host.textContent).toContain("Affiliate report imported");
    expect(host.textContent).toContain("Line 5: Clicks: not given, left out");
    await act(async () => button(host, "Show 2025-04-02 to 2025-04-20").click());
    expect(onShowRange).toHaveBeenCalledWith("2025-04-02", "2025-04-20");
  });

  it("lists every refused line with its number", async () => {
    const host = await render(
      <ImportAffiliateView
        brand="Aura" phase={{ kind: "refused", message: "2 rows cannot be imported", rows: [{ line: 3, reason: "Order ID: is required" }, { line: 7, reason: "Commission: not a number" }] }}
        fileName="bad.csv" onPick={noop} onSubmit={noop} onCancelUpload={noop} onClose={noop} onShowRange={noop}
      />,
    );
    expect(host.textContent).toContain("The file was refused: nothing was imported.");
    expect([...host.querySelectorAll("tbody th")].map((th) => th.textContent)).toEqual(["3", "7"]);
  });
});

describe("the import's answer and statechart", () => {
  const result: ImportAffiliateResult = {
    format: "csv", encoding: "utf-8", brand: "Aura", rows: 2, orders: 1, matched: 1, inserted: 2, updated: 0, unchanged: 0, demoRemoved: 0, first: "2025-04-02", last: "2025-04-02", notes: [],
  };

  it("reads a written file, a refused one (every bad line), and the refusal's words without the part's name", () => {
    expect(importAffiliateOutcomeOf(200, { msg: "Import Success", data: result })).toEqual({ kind: "imported", result, message: "Import Success" });
    const refused = importAffiliateOutcomeOf(400, { error: "bad_request", message: "file: 2 rows cannot be imported", rows: [{ line: 3, reason: "Order id: is empty" }] });
    expect(refused).toEqual({ kind: "refused", message: "file: 2 rows cannot be imported", rows: [{ line: 3, reason: "Order id: is empty" }] });
    expect(readableRefusal("file: 2 rows cannot be imported")).toBe("2 rows cannot be imported");
    expect(() => importAffiliateOutcomeOf(403, { error: "forbidden", message: "Permission 8 is required." })).toThrow("Permission 8 is required.");
  });

  it("sends the picked file for the brand with progress, then reloads the page's figures", async () => {
    const upload = vi.fn(async (_file: File, _brand: string, onProgress: (f: number) => void) => {
      onProgress(0.5);
      return { kind: "imported" as const, result, message: "Import Success" };
    });
    const notifyImported = vi.fn();
    const actor = createActor(importAffiliateMachine.provide({ actors: importAffiliateActors(upload), actions: { notifyImported } }), { input: { maxBytes: 1_000 } }).start();
    const file = new File(["order id\n1"], "report.csv", { type: "text/csv" });
    actor.send({ type: "import.pick", file });
    actor.send({ type: "import.submit", target: "Aura" });
    await waitFor(actor, (s) => s.matches("imported"));
    expect(upload.mock.calls[0]![0]).toBe(file);
    expect(upload.mock.calls[0]![1]).toBe("Aura");
    expect(notifyImported).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});

describe("in Thai with Buddhist-Era dates", () => {
  afterEach(() => activateLocale({ language: "en", calendar: "gregorian" }));

  it("shows the page's words in Thai and its days in BE", async () => {
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
    const host = await render(<AffiliateView {...props()} />);
    expect(host.querySelector("h1")!.textContent).toBe("Affiliate");
    expect(host.querySelector(".affiliate-scope")!.textContent).toContain("ทุกแพลตฟอร์ม");
    expect(host.querySelector(".affiliate-scope")!.textContent).toMatch(/25\d\d-\d\d-\d\d ถึง 25\d\d-\d\d-\d\d/);
    expect(host.textContent).toContain("ตารางอันดับ Affiliate");
    expect(importAffiliateSummary({
      format: "csv", encoding: "utf-8", brand: "Aura", rows: 2, orders: 1, matched: 1, inserted: 2, updated: 0, unchanged: 0, demoRemoved: 0, first: "2025-04-02", last: "2025-04-03", notes: [],
    })).toContain("คำสั่งซื้อตั้งแต่ 2568-04-02 ถึง 2568-04-03");
  });
});
