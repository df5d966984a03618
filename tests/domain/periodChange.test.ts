import { describe, expect, it } from "vitest";
import { figureChange, previousPeriod, type FigureChange, type Polarity } from "../../domain/periodChange";

describe("previousPeriod", () => {
  it.each([
    { behaviour: "a 31-day month ending in a leap February", start: "2024-03-01", end: "2024-03-31", expected: { start: "2024-01-30", end: "2024-02-29", days: 31 } },
    { behaviour: "a single day: the day before", start: "2024-03-01", end: "2024-03-01", expected: { start: "2024-02-29", end: "2024-02-29", days: 1 } },
    { behaviour: "a Monday-to-Sunday week: the week before", start: "2024-03-25", end: "2024-03-31", expected: { start: "2024-03-18", end: "2024-03-24", days: 7 } },
    { behaviour: "across the new year", start: "2025-01-01", end: "2025-01-10", expected: { start: "2024-12-22", end: "2024-12-31", days: 10 } },
    { behaviour: "the default range (91 days, leap year)", start: "2024-01-01", end: "2024-03-30", expected: { start: "2023-10-03", end: "2023-12-31", days: 90 } },
    { behaviour: "stored dates with the time of day", start: "2024-02-01T00:00:00", end: "2024-02-29T23:59:59", expected: { start: "2024-01-03", end: "2024-01-31", days: 29 } },
  ])("$behaviour", ({ start, end, expected }) => {
    expect(previousPeriod({ start, end })).toEqual(expected);
  });

  it.each([
    ["a start after the end", { start: "2024-03-02", end: "2024-03-01" }],
    ["a day that does not exist", { start: "2023-02-29", end: "2023-03-01" }],
    ["text that is no date", { start: "March", end: "2024-03-01" }],
  ])("refuses %s", (_, range) => {
    expect(() => previousPeriod(range)).toThrow(RangeError);
  });
});

const change = (direction: FigureChange["direction"], percent: number | null, tone: FigureChange["tone"], isNew = false): FigureChange => ({ direction, percent, isNew, tone });

describe("figureChange", () => {
  it.each<{ behaviour: string; current: number | null; previous: number | null; polarity: Polarity; expected: FigureChange }>([
    { behaviour: "more customers is up and good", current: 110, previous: 100, polarity: "higher-is-better", expected: change("up", 10, "good") },
    { behaviour: "fewer customers is down and bad", current: 75, previous: 100, polarity: "higher-is-better", expected: change("down", -25, "bad") },
    { behaviour: "more bounced visitors is up and bad", current: 150, previous: 100, polarity: "lower-is-better", expected: change("up", 50, "bad") },
    { behaviour: "fewer bounced visitors is down and good", current: 50, previous: 100, polarity: "lower-is-better", expected: change("down", -50, "good") },
    { behaviour: "a neutral figure going up is up but neutral", current: 120, previous: 100, polarity: "neutral", expected: change("up", 20, "neutral") },
    { behaviour: "a neutral figure going down is down but neutral", current: 80, previous: 100, polarity: "neutral", expected: change("down", -20, "neutral") },
    { behaviour: "equal values are flat and neutral", current: 100, previous: 100, polarity: "higher-is-better", expected: change("flat", 0, "neutral") },
    { behaviour: "a change just under the flat threshold is flat", current: 100_004.9, previous: 100_000, polarity: "higher-is-better", expected: change("flat", 0.0049, "neutral") },
    { behaviour: "a change at the flat threshold is a change", current: 2001, previous: 2000, polarity: "lower-is-better", expected: change("up", 0.05, "bad") },
    { behaviour: "a shrinking loss is up against the size of the previous loss", current: -100, previous: -200, polarity: "higher-is-better", expected: change("up", 50, "good") },
    { behaviour: "a growing loss is down", current: -300, previous: -200, polarity: "higher-is-better", expected: change("down", -50, "bad") },
    { behaviour: "from a gain to a loss is down by more than 100 %", current: -50, previous: 100, polarity: "higher-is-better", expected: change("down", -150, "bad") },
    { behaviour: "from zero to something is new, up, with no percent", current: 5, previous: 0, polarity: "higher-is-better", expected: change("up", null, "good", true) },
    { behaviour: "from zero to something lower-is-better is new and bad", current: 5, previous: 0, polarity: "lower-is-better", expected: change("up", null, "bad", true) },
    { behaviour: "from zero to a loss is down, not new, with no percent", current: -5, previous: 0, polarity: "higher-is-better", expected: change("down", null, "bad") },
    { behaviour: "zero in both periods is flat with no percent", current: 0, previous: 0, polarity: "higher-is-better", expected: change("flat", null, "neutral") },
    { behaviour: "down to zero is down 100 %", current: 0, previous: 40, polarity: "higher-is-better", expected: change("down", -100, "bad") },
    { behaviour: "no data this period: nothing to compare", current: null, previous: 100, polarity: "higher-is-better", expected: change(null, null, "neutral") },
    { behaviour: "no data in the previous period: nothing to compare", current: 100, previous: null, polarity: "higher-is-better", expected: change(null, null, "neutral") },
    { behaviour: "no data in either period: nothing to compare", current: null, previous: null, polarity: "lower-is-better", expected: change(null, null, "neutral") },
    { behaviour: "a value that is not finite: nothing to compare", current: Number.NaN, previous: 100, polarity: "higher-is-better", expected: change(null, null, "neutral") },
  ])("$behaviour", ({ current, previous, polarity, expected }) => {
    const got = figureChange(current, previous, polarity);
    expect({ ...got, percent: got.percent === null ? null : Number(got.percent.toFixed(4)) }).toEqual(expected);
  });
});
