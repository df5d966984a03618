/**
 * Number formats every page shares (spec §9; issue 18): counts, THB money with the baht sign,
 * percentages and compact figures for narrow chart axes, in the active language (Western digits
 * and thousands separators in both; Thai compact words: 1.2 ล้าน). Plain functions; features
 * build their own words on these and never make their own `Intl.NumberFormat` for the same thing.
 */
import { intlLocale } from "../../../domain/localeValues";
import { activeLocale, t } from "@/i18n/i18n";

const formats = new Map<string, Intl.NumberFormat>();

/** The `Intl.NumberFormat` of the active language for `options`, made once. */
function numberFormat(name: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = intlLocale(activeLocale());
  const key = `${locale}|${name}`;
  let f = formats.get(key);
  if (f === undefined) {
    f = new Intl.NumberFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

const moneyOptions = (decimals: number): Intl.NumberFormatOptions => ({ style: "currency", currency: "THB", currencyDisplay: "narrowSymbol", minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** 1234 → "1,234"; `maxDecimals` keeps up to that many decimals: (1234.56, 1) → "1,234.6". */
export const formatCount = (n: number, maxDecimals = 0): string => numberFormat(`count${maxDecimals}`, { maximumFractionDigits: maxDecimals }).format(n);

/** With satang, for tables and exports: 1234.5 → "฿1,234.50"; -12 → "-฿12.00". */
export const formatMoney = (n: number): string => numberFormat("money", moneyOptions(2)).format(n);

/** From this amount on, a figure card rounds money to the baht. */
export const FIGURE_MONEY_WHOLE_FROM = 10_000;

/**
 * Money in a figure card: no ".00" on a whole amount, and amounts from ฿10,000 rounded to the
 * baht (1234567.89 → "฿1,234,568"); smaller amounts keep their satang (12.5 → "฿12.50").
 */
export function formatMoneyFigure(n: number): string {
  const whole = Math.abs(n) >= FIGURE_MONEY_WHOLE_FROM || Number.isInteger(n);
  return whole ? numberFormat("money0", moneyOptions(0)).format(Math.round(n)) : formatMoney(n);
}

/** Always two decimals: 3.6667 → "3.67", 12.5 → "12.50". */
export const formatFixed2 = (n: number): string => numberFormat("fixed2", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/**
 * A number already in percent: 23.45 → "23.5%". `minDecimals` pads: (40, 1, 1) → "40.0%".
 */
export function formatPercent(n: number, maxDecimals = 1, minDecimals = 0): string {
  return `${numberFormat(`pct${minDecimals}-${maxDecimals}`, { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals }).format(n)}%`;
}

/** A fraction 0..1 as a percentage: 0.3333 → "33.3%". */
export const formatFraction = (fraction: number): string => formatPercent(fraction * 100);

/** `part` of `whole` as a percentage: (2, 5) → "40%"; "0%" when the whole is 0. */
export const formatShareOf = (part: number, whole: number): string => (whole > 0 ? formatPercent((part / whole) * 100) : "0%");

/** Thai compact units, largest first: 1.2 พันล้าน, 1.2 ล้าน, 1.2 พัน. */
const THAI_UNITS = [
  { from: 1e9, key: "common.compact.billion" },
  { from: 1e6, key: "common.compact.million" },
  { from: 1e3, key: "common.compact.thousand" },
] as const;

/**
 * Short figures for narrow axes and labels: 1234 → "1.2K", 2500000 → "2.5M" (Thai: "1.2 พัน",
 * "2.5 ล้าน"); `maxDecimals` keeps more where the ticks of an axis would otherwise read alike:
 * (1864168, 2) → "1.86M".
 */
export function formatCompact(n: number, maxDecimals = 1): string {
  if (activeLocale().language === "th") {
    const abs = Math.abs(n);
    const unit = THAI_UNITS.find((u) => abs >= u.from);
    if (unit !== undefined) return t(unit.key, { n: formatCount(n / unit.from, maxDecimals) });
    return formatCount(n, maxDecimals);
  }
  return numberFormat(`compact${maxDecimals}`, { notation: "compact", maximumFractionDigits: maxDecimals }).format(n);
}

/** Compact money: 1234567 → "฿1.2M" ("฿1.2 ล้าน"). */
export const formatCompactMoney = (n: number): string => (n < 0 ? `-฿${formatCompact(-n)}` : `฿${formatCompact(n)}`);
