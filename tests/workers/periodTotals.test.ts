import { describe, expect, it } from "vitest";
import { packCustomers } from "../../workers/rfm";
import { periodTotals } from "../../workers/periodTotals";

describe("periodTotals", () => {
  it.each([
    { behaviour: "no customers: all zero", input: { ids: [], recencyDays: [], frequency: [], monetary: [] }, expected: { customers: 0, orders: 0, revenue: 0 } },
    { behaviour: "one customer", input: { ids: ["a"], recencyDays: [3], frequency: [2], monetary: [450.5] }, expected: { customers: 1, orders: 2, revenue: 450.5 } },
    {
      behaviour: "several customers: orders and NMV summed",
      input: { ids: ["a", "b", "c"], recencyDays: [0, 1, 2], frequency: [1, 4, 2], monetary: [100, 250.25, 0] },
      expected: { customers: 3, orders: 7, revenue: 350.25 },
    },
  ])("$behaviour", ({ input, expected }) => {
    expect(periodTotals(input)).toEqual(expected);
    // The packed typed arrays the worker keeps give the same totals.
    expect(periodTotals(packCustomers(input))).toEqual(expected);
  });

  it("refuses columns of different lengths", () => {
    expect(() => periodTotals({ ids: ["a", "b"], frequency: [1], monetary: [1, 2] })).toThrow(RangeError);
  });
});
