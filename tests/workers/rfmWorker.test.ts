// The Comlink contract of the RFM worker, in Node: an API object like the one the worker
// exposes, over a MessageChannel instead of a worker's `self`.
import { afterAll, describe, expect, it } from "vitest";
import { expose, proxy, transfer, wrap } from "comlink";
import { defaultSegmentRules, rfmWeightsOf, UNASSIGNED } from "../../domain/rfm";
import type { RfmWorkerApi } from "../../workers/rfm.worker";
import { createRfmApi, packCustomers } from "../../workers/rfm";

const { port1, port2 } = new MessageChannel();
expose(createRfmApi(), port1);
const worker = wrap<RfmWorkerApi>(port2);
afterAll(() => {
  port1.close();
  port2.close();
});

const columns = (n: number, prefix: string) => ({
  ids: Array.from({ length: n }, (_, i) => `${prefix}${i}`),
  recencyDays: Array.from({ length: n }, (_, i) => (i * 7) % 90),
  frequency: Array.from({ length: n }, (_, i) => 1 + (i % 4)),
  monetary: Array.from({ length: n }, (_, i) => 100 + ((i * 37) % 1000)),
});

describe("RFM worker over Comlink", () => {
  it("loads transferred typed arrays, scores with progress through a proxied callback, then pages", async () => {
    const current = packCustomers(columns(1000, "c"));
    const previous = columns(800, "c"); // plain columns are accepted too
    const loaded = await worker.load(
      transfer(current, [current.recencyDays.buffer, current.frequency.buffer, current.monetary.buffer]),
      previous,
    );
    expect(loaded).toMatchObject({ current: 1000, previous: 800, totals: { current: { customers: 1000 }, previous: { customers: 800 } } });
    // 800 customers with 1, 2, 3, 4 orders in turn: 200 × 10.
    expect(loaded.totals.previous.orders).toBe(2000);
    expect(current.recencyDays.length).toBe(0); // moved, not copied

    const progress: number[] = [];
    const result = await worker.score(rfmWeightsOf(null), defaultSegmentRules(), proxy((p: number) => { progress.push(p); }));
    expect(result.summary.customers).toBe(1000);
    expect(result.summary.segments.at(-1)!.name).toBe(UNASSIGNED);
    expect(result.transitions.retained).toBe(800);
    expect(result.transitions.new).toBe(200);
    // the callback's messages may arrive after the answer: wait for the last one
    await expect.poll(() => progress.at(-1)).toBe(1);

    const page = await worker.page({ sortBy: "monetary", direction: "desc", pageSize: 20, page: 1 });
    expect(page.rows).toHaveLength(20);
    expect(page.total).toBe(1000);
    expect(page.rows[0]!.monetary).toBeGreaterThanOrEqual(page.rows[19]!.monetary);

    const searched = await worker.page({ search: "c99", sortBy: "id", direction: "asc" });
    expect(searched.rows.map((r) => r.id)).toEqual(["c99", "c990", "c991", "c992", "c993", "c994", "c995", "c996", "c997", "c998", "c999"]);

    const csv = await worker.csv({ search: "c99" }, { bom: false });
    expect(csv.split("\r\n")).toHaveLength(1 + 11 + 1);
    expect((await worker.summary()).customers).toBe(1000);
    expect((await worker.transitions()).labels.at(-2)).toBe(UNASSIGNED);
  });

  it("answers the pure functions with plain data", async () => {
    const input = packCustomers(columns(5, "p"));
    const scored = await worker.scoreRfm(input, { recency: 1, frequency: 0, monetary: 0 }, []);
    expect(Array.from(scored.segment)).toEqual([-1, -1, -1, -1, -1]);
    expect(scored.r).toBeInstanceOf(Uint8Array);
  });

  it("rejects with the function's error", async () => {
    await expect(worker.load({ ids: ["a"], recencyDays: [], frequency: [], monetary: [] }, null)).rejects.toThrow(/one value per customer/);
    const fresh = createRfmApi();
    expect(() => fresh.page()).toThrow(/load first/);
  });
});
