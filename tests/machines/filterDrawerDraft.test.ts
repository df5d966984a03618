import { describe, expect, it } from "vitest";
import type { FilterTemplateRecord } from "../../domain/entities";
import {
  ALL_STATUS, EMPTY_DRAFT, STATUS_OPTIONS, adHocFromDraft, statusOptionOf, appliedFromSearch, drawerWidth, editDraftFromTemplate, isBlankName, keepOfferedPages, patchEditDraft,
  templateFromDraft, templateFromEditDraft, withTemplate, withoutTemplate,
} from "../../machines/filterDrawer/filterDraft";

const record = (title: string, extra: Partial<FilterTemplateRecord> = {}): FilterTemplateRecord => ({
  title,
  basketSize: { min: null, max: null },
  product: "",
  platform: "",
  location: "",
  status: "",
  disabled: false,
  updated_at: "2024-03-01T10:00:00",
  ...extra,
});

describe("drawer width (spec §2)", () => {
  it.each([
    [1280, 420],
    [601, 420],
    [600, 356],
    [500, 356],
    [320, 356],
  ])("window %i px → %i px", (window, width) => {
    expect(drawerWidth(window)).toBe(width);
  });
});

describe("template name", () => {
  it.each([
    ["", true],
    ["   ", true],
    ["\t\n", true],
    ["Q1", false],
    [" Q1 ", false],
  ])("%j blank: %s", (name, blank) => {
    expect(isBlankName(name)).toBe(blank);
  });
});

describe("a draft as a template", () => {
  it("stores 'All …' choices as empty strings and trims the name", () => {
    expect(templateFromDraft("  Q1  ", EMPTY_DRAFT)).toEqual({
      title: "Q1",
      basketSize: { min: null, max: null },
      product: "",
      platform: "",
      location: "",
      status: "",
      disabled: false,
    });
  });

  it("keeps chosen platform, location and basket sizes", () => {
    const draft = { ...EMPTY_DRAFT, min: 10, max: 20, platform: "Shopee" as const, location: "Southern" as const };
    expect(templateFromDraft("Q1", draft)).toMatchObject({ basketSize: { min: 10, max: 20 }, platform: "Shopee", location: "Southern" });
    expect(adHocFromDraft(draft)).toEqual({ min: 10, max: 20, platform: "Shopee", location: "Southern" });
  });
});

describe("Edit Filter form", () => {
  it("shows a stored template with 'All …' for empty and unknown choices", () => {
    const d = editDraftFromTemplate(record("Q1", { basketSize: { min: 0, max: 12.5 }, platform: "", location: "Mars" }));
    expect(d).toMatchObject({ min: "0", max: "12.5", platform: "All Platform", location: "All Location" });
  });

  it.each([
    ["12a.3.4", "12.34"],
    ["abc", ""],
    ["1.2.3", "1.23"],
    ["-5", "5"],
    ["1e3", "13"],
    [".5", ".5"],
    ["๑๒", ""],
  ])("basket text %j becomes %j", (typed, kept) => {
    const d = patchEditDraft(editDraftFromTemplate(record("Q1")), { min: typed, max: typed });
    expect(d.min).toBe(kept);
    expect(d.max).toBe(kept);
  });

  it.each([
    ["", null],
    ["12.5", 12.5],
    [".", null],
    ["7.", 7],
  ])("saved basket text %j is %j", (text, value) => {
    const d = patchEditDraft(editDraftFromTemplate(record("Q1")), { min: text });
    expect(templateFromEditDraft(d).basketSize.min).toBe(value);
  });

  it("edits the product and the status: shown as stored, saved trimmed and as the order status", () => {
    const d = editDraftFromTemplate(record("Q1", { product: "Tipco Orange 1 L", status: "pending" }));
    expect(d).toMatchObject({ product: "Tipco Orange 1 L", status: "Pending" });
    const t = templateFromEditDraft(patchEditDraft(d, { product: "  Aura Glow Serum 30 มล. ", status: "Cancelled" }));
    expect(t).toMatchObject({ product: "Aura Glow Serum 30 มล.", status: "cancelled" });
    expect(templateFromEditDraft(patchEditDraft(d, { product: "", status: ALL_STATUS }))).toMatchObject({ product: "", status: "" });
  });

  it.each([
    ["", ALL_STATUS],
    ["All Status", ALL_STATUS],
    ["COMPLETED", "Completed"],
    ["returned", "Returned"],
    ["on hold", ALL_STATUS],
  ])("shows the stored status %j as %j", (stored, shown) => {
    expect(statusOptionOf(stored)).toBe(shown);
    expect(editDraftFromTemplate(record("Q1", { status: stored })).status).toBe(shown);
  });

  it("offers every order status, ignores a status it does not offer, and cuts a product name at 200 characters", () => {
    expect(STATUS_OPTIONS).toEqual([ALL_STATUS, "Completed", "Pending", "Cancelled", "Returned"]);
    const d = editDraftFromTemplate(record("Q1", { status: "completed" }));
    expect(patchEditDraft(d, { status: "Shipped" }).status).toBe("Completed");
    expect(patchEditDraft(d, { product: "x".repeat(250) }).product).toHaveLength(200);
  });

  it("saves without updated_at and keeps the fields it does not edit", () => {
    const d = editDraftFromTemplate(record("Q1", { product: "juice", status: "on", customer: "new" }));
    const t = templateFromEditDraft(patchEditDraft(d, { platform: "Lazada" }));
    expect(t).toEqual({
      title: "Q1",
      basketSize: { min: null, max: null },
      product: "juice",
      platform: "Lazada",
      location: "",
      status: "on",
      disabled: false,
      customer: "new",
    });
  });
});

describe("template list", () => {
  it("a saved template joins the list in title order, or replaces the one of its title", () => {
    const list = [record("B"), record("D")];
    expect(withTemplate(list, record("C")).map((t) => t.title)).toEqual(["B", "C", "D"]);
    const replaced = withTemplate(list, record("B", { platform: "Shopee" }));
    expect(replaced.map((t) => [t.title, t.platform])).toEqual([["B", "Shopee"], ["D", ""]]);
    expect(withoutTemplate(list, "B").map((t) => t.title)).toEqual(["D"]);
  });
});

describe("pages offered for the chosen accounts", () => {
  it("keeps the chosen pages that are still offered, and the same list when nothing changed", () => {
    const offered = [{ id: "a", name: "A" }, { id: "b", name: "B" }];
    expect(keepOfferedPages(["a", "z"], offered)).toEqual(["a"]);
    const same = ["a", "b"];
    expect(keepOfferedPages(same, offered)).toBe(same);
  });
});

describe("applied view from the URL search params", () => {
  const filter = { min: 1, max: null, platform: "Lazada" as const, location: "Central" as const };
  it.each([
    [{}, { pages: [], bags: [], active: { kind: "none" } }],
    [{ pages: ["p"], bags: ["b"] }, { pages: ["p"], bags: ["b"], active: { kind: "none" } }],
    [{ tpl: "Q1" }, { pages: [], bags: [], active: { kind: "template", title: "Q1" } }],
    [{ adhoc: filter }, { pages: [], bags: [], active: { kind: "adhoc", filter } }],
    // A template wins over an ad-hoc filter, as resolveView decides.
    [{ tpl: "Q1", adhoc: filter }, { pages: [], bags: [], active: { kind: "template", title: "Q1" } }],
  ])("%j", (search, applied) => {
    expect(appliedFromSearch(search)).toEqual(applied);
  });
});
