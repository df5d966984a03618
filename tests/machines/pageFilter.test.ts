import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import type { ChartClick } from "../../domain/commerceFilter";
import { pageFilterMachine, type ClickPayload } from "../../machines/pageFilter/pageFilterMachine";
import { appendClick, isClickApplied, redoLast, undoLast, withoutClick } from "../../machines/pageFilter/pageClicks";
import { selectCanRedo, selectCanUndo, selectClicks } from "../../machines/pageFilter/pageFilterSelectors";

const shopee: ClickPayload = { field: "platforms", value: "Shopee", label: "Shopee" };
const central: ClickPayload = { field: "locations", value: "Central", label: "Central" };
const completed: ClickPayload = { field: "statuses", value: "completed", label: "completed" };

function start() {
  const actor = createActor(pageFilterMachine, { input: { page: "e-commerce" } });
  actor.start();
  const snap = () => actor.getSnapshot();
  const values = () => selectClicks(snap()).map((c) => `${c.field}:${c.value}`);
  const click = (c: ClickPayload) => actor.send({ type: "filter.click", click: c });
  return { actor, snap, values, click };
}

afterEach(() => vi.useRealTimers());

describe("page filter", () => {
  it("starts unfiltered for its page, with nothing to undo or redo", () => {
    const { snap } = start();
    expect(snap().value).toBe("unfiltered");
    expect(snap().context.page).toBe("e-commerce");
    expect(selectClicks(snap())).toEqual([]);
    expect(selectCanUndo(snap())).toBe(false);
    expect(selectCanRedo(snap())).toBe(false);
  });

  it("a chart click adds its value with the time of the click (spec §4: a timestamp)", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2024-09-09T03:00:00Z"));
    const { snap, click } = start();
    click(shopee);
    expect(snap().value).toBe("filtered");
    expect(selectClicks(snap())).toEqual([{ ...shopee, at: Date.parse("2024-09-09T03:00:00Z") }]);
    expect(selectCanUndo(snap())).toBe(true);
  });

  it("keeps the time the page gives with the click", () => {
    const { snap, click } = start();
    click({ ...central, at: 1234 });
    expect(selectClicks(snap())[0]?.at).toBe(1234);
  });

  it("adds clicks in order; the same value of the same field again is ignored", () => {
    const { snap, values, click } = start();
    click(shopee);
    click(central);
    const before = snap();
    click({ ...shopee, label: "Shopee again", at: 99 });
    expect(values()).toEqual(["platforms:Shopee", "locations:Central"]);
    expect(snap().context).toBe(before.context);
    click({ field: "platforms", value: "Lazada", label: "Lazada" });
    expect(values()).toEqual(["platforms:Shopee", "locations:Central", "platforms:Lazada"]);
  });

  it("undo takes back the latest click, down to none", () => {
    const { snap, values, click, actor } = start();
    click(shopee);
    click(central);
    actor.send({ type: "filter.undo" });
    expect(values()).toEqual(["platforms:Shopee"]);
    expect(snap().value).toBe("filtered");
    actor.send({ type: "filter.undo" });
    expect(values()).toEqual([]);
    expect(snap().value).toBe("unfiltered");
    // Nothing left to undo: ignored.
    actor.send({ type: "filter.undo" });
    expect(snap().value).toBe("unfiltered");
  });

  it("redo applies again what undo took back, latest first, with its original time", () => {
    const { snap, values, click, actor } = start();
    click({ ...shopee, at: 1 });
    click({ ...central, at: 2 });
    actor.send({ type: "filter.undo" });
    actor.send({ type: "filter.undo" });
    expect(selectCanRedo(snap())).toBe(true);
    actor.send({ type: "filter.redo" });
    expect(snap().value).toBe("filtered");
    expect(selectClicks(snap())).toEqual([{ ...shopee, at: 1 }]);
    actor.send({ type: "filter.redo" });
    expect(values()).toEqual(["platforms:Shopee", "locations:Central"]);
    expect(selectCanRedo(snap())).toBe(false);
  });

  it("a new click after an undo forgets what could be redone", () => {
    const { snap, click, actor } = start();
    click(shopee);
    click(central);
    actor.send({ type: "filter.undo" });
    click(completed);
    expect(selectCanRedo(snap())).toBe(false);
    actor.send({ type: "filter.redo" });
    expect(selectClicks(snap()).map((c) => c.value)).toEqual(["Shopee", "completed"]);
  });

  it("a chip's × removes that one click; removing the only one leaves none; an unknown one is ignored", () => {
    const { snap, values, click, actor } = start();
    click(shopee);
    click(central);
    actor.send({ type: "filter.remove", field: "platforms", value: "Shopee" });
    expect(values()).toEqual(["locations:Central"]);
    actor.send({ type: "filter.remove", field: "platforms", value: "Central" });
    expect(values()).toEqual(["locations:Central"]);
    actor.send({ type: "filter.remove", field: "locations", value: "Central" });
    expect(snap().value).toBe("unfiltered");
  });

  it("Clear Filter removes every click and nothing can be redone", () => {
    const { snap, click, actor } = start();
    click(shopee);
    click(central);
    actor.send({ type: "filter.undo" });
    actor.send({ type: "filter.clear" });
    expect(snap().value).toBe("unfiltered");
    expect(selectClicks(snap())).toEqual([]);
    expect(selectCanRedo(snap())).toBe(false);
  });

  it("Clear Filter with no click applied forgets what could be redone", () => {
    const { snap, click, actor } = start();
    click(shopee);
    actor.send({ type: "filter.undo" });
    actor.send({ type: "filter.clear" });
    expect(selectCanRedo(snap())).toBe(false);
    actor.send({ type: "filter.redo" });
    expect(snap().value).toBe("unfiltered");
  });
});

describe("page click rules", () => {
  const a: ChartClick = { field: "platforms", value: "Shopee", label: "Shopee", at: 1 };
  const b: ChartClick = { field: "locations", value: "Shopee", label: "Shopee", at: 2 };
  it.each([
    ["same field and value, another time", [a], { ...a, at: 5 }, true],
    ["same value, another field", [a], b, false],
    ["none applied", [], a, false],
  ] as const)("applied: %s", (_name, clicks, key, expected) => {
    expect(isClickApplied(clicks, key)).toBe(expected);
  });

  it("appends once, removes by field and value", () => {
    expect(appendClick([a], { ...a, at: 9 })).toEqual([a]);
    expect(appendClick([a], b)).toEqual([a, b]);
    expect(withoutClick([a, b], { field: "locations", value: "Shopee" })).toEqual([a]);
  });

  it("undo moves the latest click to the redo list; redo moves it back", () => {
    expect(undoLast([a, b], [])).toEqual({ clicks: [a], undone: [b] });
    expect(undoLast([], [b])).toEqual({ clicks: [], undone: [b] });
    expect(redoLast([a], [b])).toEqual({ clicks: [a, b], undone: [] });
    expect(redoLast([a], [])).toEqual({ clicks: [a], undone: [] });
  });
});
