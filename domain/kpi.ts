/**
 * Business rules of the KPI template dialog (spec §3, §4, §5): input sanitising, cost per
 * unit, remaining budget and percent, and the empty forms the dialog starts from.
 */
import {
  KpiParamKeys, RfmSettingNames, SelectableKpiParams,
  type Amount, type KpiParamKey, type KpiPlan, type KpiTemplate, type KpiValue, type RfmWeight, type Segment,
} from "./entities";

/**
 * Keeps only the digits and the first decimal point of what was typed in a Budget, KPI or
 * weight input (spec §5); every other character is dropped, so "12a.3.4" becomes "12.34".
 *
 * @param text - the raw input text
 * @returns text that matches the string form of {@link Amount} (possibly "" or ".")
 */
export function sanitizeNumericInput(text: string): string {
  let out = "";
  let seenPoint = false;
  for (const ch of text) {
    if (ch >= "0" && ch <= "9") {
      out += ch;
    } else if (ch === "." && !seenPoint) {
      seenPoint = true;
      out += ch;
    }
  }
  return out;
}

// Mirrors the string form of Amount; a lone "." (possible mid-typing) is not a number yet.
const AMOUNT_TEXT = /^(\d+\.?\d*|\.\d+)$/;

/**
 * Reads an {@link Amount} as a number.
 *
 * @param a - a number, a sanitised input text, or a missing value from an older record
 * @returns the number, or null when the amount is empty, missing or not a valid amount
 *   (e.g. "." while the user is still typing, or a non-finite number)
 */
export function toAmountNumber(a: Amount | null | undefined): number | null {
  if (typeof a === "number") return Number.isFinite(a) ? a : null;
  if (typeof a !== "string") return null;
  const trimmed = a.trim();
  return AMOUNT_TEXT.test(trimmed) ? Number(trimmed) : null;
}

/**
 * Rounds to 2 decimals, half away from zero, on the decimal value the user sees rather than
 * its binary approximation (1.005 * 100 is 100.49999… in binary, yet must give 1.01).
 *
 * @param x - any finite number; non-finite input gives 0 so a figure is never NaN on screen
 */
export function round2(x: number): number {
  if (!Number.isFinite(x) || x === 0) return 0;
  const abs = Math.abs(x);
  const [mantissa, exponent] = abs.toExponential().split("e");
  const cents = Math.round(Number(`${mantissa}e${Number(exponent) + 2}`));
  if (cents === 0) return 0;
  const [m2, e2] = cents.toExponential().split("e");
  const rounded = Number(`${m2}e${Number(e2) - 2}`);
  return x < 0 ? -rounded : rounded;
}

/**
 * Cost per unit of one KPI parameter (spec §5): budget / KPI to 2 decimals; for
 * "impression" it is the cost per thousand (CPM), hence × 1000.
 *
 * @returns 0 when budget or KPI is empty, or KPI is 0 (no division by zero on screen)
 */
export function costPerUnit(budget: Amount, kpi: Amount, param: KpiParamKey): number {
  const b = toAmountNumber(budget);
  const k = toAmountNumber(kpi);
  if (b === null || k === null || k === 0) return 0;
  const perUnit = b / k;
  return round2(param === "impression" ? perUnit * 1000 : perUnit);
}

/** Sum of the parameter budgets of a plan; setMonth is left out because it splits those same budgets. */
function planBudget(plan: KpiPlan): number {
  return KpiParamKeys.reduce((sum, key) => sum + (toAmountNumber(plan[key].budget) ?? 0), 0);
}

/**
 * Remaining Budget of the KPI dialog (spec §4): template Budget minus every parameter budget
 * of MA and ADS. The setMonth periods of ADS are not counted again, as they only spread the
 * ADS budgets over time. Empty amounts count as 0.
 *
 * @returns the remainder to 2 decimals; negative when the plan is over budget (spec §5
 *   does not forbid it)
 */
export function remainingBudget(t: Pick<KpiTemplate, "Budget" | "MA" | "ADS">): number {
  const total = toAmountNumber(t.Budget) ?? 0;
  return round2(total - planBudget(t.MA) - planBudget(t.ADS));
}

/**
 * Remaining Percent of the RFM tab (spec §4): 100 minus the sum of the weights, empty = 0.
 *
 * @returns the remainder to 2 decimals; negative when the weights exceed 100
 */
export function remainingPercent(weights: readonly RfmWeight[]): number {
  const used = weights.reduce((sum, w) => sum + (toAmountNumber(w.weight) ?? 0), 0);
  return round2(100 - used);
}

/**
 * The default segments of spec §3 with their ranks, best first. "Potential Loyallists" keeps
 * the spec's spelling because saved templates and reports match segments by name.
 */
export const DEFAULT_SEGMENTS: readonly Segment[] = Object.freeze([
  { name: "Champions", rank: 9 },
  { name: "Loyal Customers", rank: 8 },
  { name: "Potential Loyallists", rank: 7 },
  { name: "New Customers", rank: 6 },
  { name: "Promising", rank: 5 },
  { name: "About To Sleep", rank: 4 },
  { name: "Can't Lose Them", rank: 3 },
  { name: "At Risk", rank: 2 },
  { name: "Hibernating", rank: 1 },
].map((s) => Object.freeze(s)));

const emptyKpiValue = (): KpiValue => ({ kpi: "", budget: "" });

/**
 * An MA or ADS plan with no periods and every one of the 12 parameters empty, so that
 * gmv and nmv (not offered in the UI) still reach the server in the stored shape.
 *
 * @returns a new object on each call, safe to fill in
 */
export function emptyKpiPlan(): KpiPlan {
  const params = Object.fromEntries(KpiParamKeys.map((k) => [k, emptyKpiValue()])) as {
    [K in KpiParamKey]: KpiValue;
  };
  return { setMonth: [], ...params };
}

/**
 * The form the Create mode of the KPI dialog starts from (spec §4): empty Budget and plans,
 * empty RFM weights and the default segments.
 *
 * @param title - the template name; "" until typed (the save rule rejects it then)
 * @returns a new object on each call; its segments are copies of {@link DEFAULT_SEGMENTS}
 */
export function emptyKpiTemplate(title = ""): KpiTemplate {
  return {
    title,
    Budget: "",
    MA: emptyKpiPlan(),
    ADS: emptyKpiPlan(),
    RFM: [
      { setting: RfmSettingNames.map((name) => ({ name, weight: "" })) },
      { segment: DEFAULT_SEGMENTS.map((s) => ({ ...s })) },
    ],
  };
}

const SELECTABLE_KEYS: ReadonlySet<KpiParamKey> = new Set(SelectableKpiParams.map((p) => p.key));

const hasValue = (a: Amount | null | undefined): boolean =>
  typeof a === "number" || (typeof a === "string" && a.length > 0);

/**
 * The parameters Edit mode pre-selects (spec §4): those whose kpi holds a value. A kpi of
 * 0 counts, because the user typed it.
 *
 * @returns parameter keys in {@link KpiParamKeys} order
 */
export function selectedParamsOf(plan: KpiPlan): KpiParamKey[] {
  return KpiParamKeys.filter((key) => hasValue(plan[key].kpi));
}

/**
 * Applies a new parameter selection to a plan (spec §4): parameters left out are reset to
 * an empty kpi and budget so they no longer weigh on the remaining budget. gmv and nmv are
 * not offered in the dialog (spec §3), so they can be neither selected nor deselected there: a
 * value they hold (from an import or an older client) is kept, never wiped by a click.
 *
 * @returns a new plan; setMonth, the selected parameters and gmv/nmv are kept as they were
 */
export function resetUnselectedParams(plan: KpiPlan, selected: readonly KpiParamKey[]): KpiPlan {
  const keep = new Set<KpiParamKey>(selected);
  for (const key of KpiParamKeys) if (!SELECTABLE_KEYS.has(key)) keep.add(key);
  const params = Object.fromEntries(
    KpiParamKeys.map((k) => [k, keep.has(k) ? plan[k] : emptyKpiValue()]),
  ) as { [K in KpiParamKey]: KpiValue };
  return { setMonth: plan.setMonth, ...params };
}
