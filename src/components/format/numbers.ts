/**
 * Number formats every page shares (en-US grouping, spec §9): counts, THB money with the baht
 * sign, percentages and compact figures for narrow chart axes. Plain functions; features build
 * their own words on these and never make their own `Intl.NumberFormat` for the same thing.
 */

const counts = new Map<number, Intl.NumberFormat>();
const percents = new Map<string, Intl.NumberFormat>();

function countFormat(maxDecimals: number): Intl.NumberFormat {
  let f = counts.get(maxDecimals);
  if (f === undefined) {
    f = new Intl.NumberFormat("en-US", { maximumFractionDigits: maxDecimals });
    counts.set(maxDecimals, f);
  }
  return f;
}

const MONEY = new Intl.NumberFormat("en-US", { style: "currency", currency: "THB", currencyDisplay: "narrowSymbol", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COMPACT = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const FIXED2 = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234 → "1,234"; `maxDecimals` keeps up to that many decimals: (1234.56, 1) → "1,234.6". */
export const formatCount = (n: number, maxDecimals = 0): string => countFormat(maxDecimals).format(n);

/** 1234.5 → "฿1,234.50"; -12 → "-฿12.00". */
export const formatMoney = (n: number): string => MONEY.format(n);

/** Always two decimals: 3.6667 → "3.67", 12.5 → "12.50". */
export const formatFixed2 = (n: number): string => FIXED2.format(n);

/**
 * A number already in percent: 23.45 → "23.5%". `minDecimals` pads: (40, 1, 1) → "40.0%".
 */
export function formatPercent(n: number, maxDecimals = 1, minDecimals = 0): string {
  const key = `${minDecimals}-${maxDecimals}`;
  let f = percents.get(key);
  if (f === undefined) {
    f = new Intl.NumberFormat("en-US", { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
    percents.set(key, f);
  }
  return `${f.format(n)}%`;
}

/** A fraction 0..1 as a percentage: 0.3333 → "33.3%". */
export const formatFraction = (fraction: number): string => formatPercent(fraction * 100);

/** `part` of `whole` as a percentage: (2, 5) → "40%"; "0%" when the whole is 0. */
export const formatShareOf = (part: number, whole: number): string => (whole > 0 ? formatPercent((part / whole) * 100) : "0%");

const compacts = new Map<number, Intl.NumberFormat>([[1, COMPACT]]);

/**
 * Short figures for narrow axes and labels: 1234 → "1.2K", 2500000 → "2.5M"; `maxDecimals`
 * keeps more where the ticks of an axis would otherwise read alike: (1864168, 2) → "1.86M".
 */
export function formatCompact(n: number, maxDecimals = 1): string {
  let f = compacts.get(maxDecimals);
  if (f === undefined) {
    f = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: maxDecimals });
    compacts.set(maxDecimals, f);
  }
  return f.format(n);
}

/** Compact money: 1234567 → "฿1.2M". */
export const formatCompactMoney = (n: number): string => (n < 0 ? `-฿${COMPACT.format(-n)}` : `฿${COMPACT.format(n)}`);
