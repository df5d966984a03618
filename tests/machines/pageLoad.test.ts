/**
 * The page load cycle every module page shares (machines/shared/pageLoad.ts), through one of its
 * pages (the /e-commerce machine): behaviour a page shows its user.
 */
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { ecommerceMachine, type ECommerceData, type ECommerceQuery } from "../../machines/ecommerce/ecommerceMachine";
import { selectPhase } from "../../machines/ecommerce/ecommerceSelectors";
import { pageLoader } from "../../machines/shared/pageLoad";
import type { CommerceFigures } from "../../domain/commerce";
import { deferred, flush, type Deferred } from "../support/async";

const query = (start: string, clicks: ECommerceQuery["clicks"] = []): ECommerceQuery => ({
  brand: "Tipco", start, end: "2024-03-31", channel: "All channel", active: { kind: "none" }, clicks,
});
const data = (orders: number): ECommerceData => ({
  figures: { totals: { orders } } as unknown as CommerceFigures, filter: {}, applied: { kind: "none" }, channel: "All channel",
});

function start(first = query("2024-01-01")) {
  const loads: { query: ECommerceQuery; signal: AbortSignal; answer: Deferred<ECommerceData> }[] = [];
  const actor = createActor(
    ecommerceMachine.provide({
      actors: {
        load: pageLoader((q: ECommerceQuery, signal) => {
          const answer = deferred<ECommerceData>();
          loads.push({ query: q, signal, answer });
          return answer.promise;
        }),
      },
    }),
    { input: { query: first } },
  );
  actor.start();
  return { actor, loads };
}

describe("the page load cycle", () => {
  it("loads the first query at once and shows its data", async () => {
    const { actor, loads } = start();
    expect(selectPhase(actor.getSnapshot()).kind).toBe("loading");
    loads[0]!.answer.resolve(data(3));
    await flush();
    expect(selectPhase(actor.getSnapshot())).toEqual({ kind: "loaded", data: data(3) });
  });

  it("loads again exactly once for a new query, and not for the same one (click times do not count)", async () => {
    const { actor, loads } = start();
    loads[0]!.answer.resolve(data(3));
    await flush();
    const click = { field: "platforms", value: "Shopee", label: "Shopee", at: 1 } as const;
    actor.send({ type: "page.query", query: query("2024-01-01") });
    expect(loads).toHaveLength(1);
    actor.send({ type: "page.query", query: query("2024-01-01", [click]) });
    actor.send({ type: "page.query", query: query("2024-01-01", [{ ...click, at: 2 }]) });
    expect(loads).toHaveLength(2);
  });

  it("keeps the last data on screen while the next load runs", async () => {
    const { actor, loads } = start();
    loads[0]!.answer.resolve(data(3));
    await flush();
    actor.send({ type: "page.query", query: query("2024-02-01") });
    expect(selectPhase(actor.getSnapshot())).toEqual({ kind: "loading", data: data(3) });
  });

  it("drops a load overtaken by a newer query (its signal aborts, its answer is never shown)", async () => {
    const { actor, loads } = start();
    actor.send({ type: "page.query", query: query("2024-02-01") });
    expect(loads[0]!.signal.aborted).toBe(true);
    loads[0]!.answer.resolve(data(1));
    loads[1]!.answer.resolve(data(2));
    await flush();
    expect(selectPhase(actor.getSnapshot()).data).toEqual(data(2));
  });

  it("says the page is empty when nothing matches", async () => {
    const { actor, loads } = start();
    loads[0]!.answer.resolve(data(0));
    await flush();
    expect(selectPhase(actor.getSnapshot()).kind).toBe("empty");
  });

  it("shows why a load failed, and Try again loads the same query", async () => {
    const { actor, loads } = start();
    loads[0]!.answer.reject(new Error("The server could not be reached."));
    await flush();
    expect(selectPhase(actor.getSnapshot())).toEqual({ kind: "failed", data: null, error: "The server could not be reached." });
    actor.send({ type: "page.retry" });
    expect(loads).toHaveLength(2);
    expect(loads[1]!.query).toEqual(loads[0]!.query);
  });

  it("says something useful when a load fails without a message", async () => {
    const { actor, loads } = start();
    loads[0]!.answer.reject("boom");
    await flush();
    expect(selectPhase(actor.getSnapshot())).toMatchObject({ kind: "failed", error: "The figures could not be loaded." });
  });

  it("loads again when something it shows changed elsewhere (page.reload)", async () => {
    const { actor, loads } = start();
    loads[0]!.answer.resolve(data(3));
    await flush();
    actor.send({ type: "page.reload" });
    expect(loads).toHaveLength(2);
  });
});
