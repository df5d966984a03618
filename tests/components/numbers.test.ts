import { describe, expect, it } from "vitest";
import {
  formatCompact, formatCompactMoney, formatCount, formatFixed2, formatFraction, formatMoney, formatPercent, formatShareOf,
} from "@/components/format/numbers";

describe("shared number formats", () => {
  it.each([
    [0, 0, "0"],
    [1234, 0, "1,234"],
    [1234.56, 0, "1,235"],
    [1234.56, 1, "1,234.6"],
    [1234567.5, 2, "1,234,567.5"],
    [-42, 0, "-42"],
  ])("count %s with up to %s decimals reads %s", (n, decimals, text) => {
    expect(formatCount(n, decimals)).toBe(text);
  });

  it.each([
    [1234.5, "฿1,234.50"],
    [0, "฿0.00"],
    [-12, "-฿12.00"],
    [1000000, "฿1,000,000.00"],
  ])("money %s reads %s", (n, text) => {
    expect(formatMoney(n)).toBe(text);
  });

  it.each([
    [23.45, 1, 0, "23.5%"],
    [40, 1, 0, "40%"],
    [40, 1, 1, "40.0%"],
    [13.333, 1, 0, "13.3%"],
  ])("percent %s (max %s, min %s decimals) reads %s", (n, max, min, text) => {
    expect(formatPercent(n, max, min)).toBe(text);
  });

  it.each([
    [0.3333, "33.3%"],
    [1, "100%"],
  ])("fraction %s reads %s", (f, text) => {
    expect(formatFraction(f)).toBe(text);
  });

  it.each([
    [2, 5, "40%"],
    [1, 3, "33.3%"],
    [3, 0, "0%"],
  ])("%s of %s reads %s", (part, whole, text) => {
    expect(formatShareOf(part, whole)).toBe(text);
  });

  it.each([
    [3.6667, "3.67"],
    [12.5, "12.50"],
  ])("fixed %s reads %s", (n, text) => {
    expect(formatFixed2(n)).toBe(text);
  });

  it.each([
    [950, "950", "฿950"],
    [1234, "1.2K", "฿1.2K"],
    [2500000, "2.5M", "฿2.5M"],
    [-2500000, "-2.5M", "-฿2.5M"],
  ])("compact %s reads %s and %s as money", (n, text, moneyText) => {
    expect(formatCompact(n)).toBe(text);
    expect(formatCompactMoney(n)).toBe(moneyText);
  });
});
