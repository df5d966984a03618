// The Comlink contract of the o2o worker, in Node: the same API object the worker exposes,
// over a MessageChannel instead of a worker's `self`.
import { afterAll, describe, expect, it } from "vitest";
import { expose, transfer, wrap } from "comlink";
import type { O2oWorkerApi } from "../../workers/o2o.worker";
import { o2oApi, packHourly } from "../../workers/o2oMath";

const { port1, port2 } = new MessageChannel();
expose(o2oApi, port1);
const worker = wrap<O2oWorkerApi>(port2);
afterAll(() => {
  port1.close();
  port2.close();
});

describe("o2o worker over Comlink", () => {
  it("answers a payload builder with plain data", async () => {
    expect(await worker.dayRanges("2024-01-01", "2024-01-02")).toEqual([
      { from: 1_704_042_000, to: 1_704_128_399 },
      { from: 1_704_128_400, to: 1_704_214_799 },
    ]);
  });

  it("takes transferred typed arrays for the heatmap", async () => {
    const input = packHourly([{ from: 1_704_042_000, hours: Array.from({ length: 24 }, () => 1) }]);
    const map = await worker.heatmapCells(transfer(input, [input.from.buffer, input.hours.buffer]));
    expect(map.counts.slice(0, 24)).toEqual(Array(24).fill(1));
    expect(map.days).toEqual([1, 0, 0, 0, 0, 0, 0]);
  });

  it("rejects with the function's error", async () => {
    await expect(worker.dayRanges("2024-01-02", "2024-01-01")).rejects.toThrow(/after endDate/);
  });
});
