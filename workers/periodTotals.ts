/**
 * The totals of one period's customers, for the change of the /crm figure cards against the
 * previous period (docs/commerce.md, "Change against the previous period"). Plain function,
 * no Comlink: the RFM session answers it with `load`, so the main thread never loops over
 * customers.
 */

/** A period's customers, as columns (plain arrays or the packed typed arrays). */
export interface TotalsInput {
  readonly ids: { readonly length: number };
  /** Orders per customer. */
  readonly frequency: ArrayLike<number>;
  /** NMV per customer, THB. */
  readonly monetary: ArrayLike<number>;
}

export interface PeriodTotals {
  readonly customers: number;
  /** Orders of all those customers. */
  readonly orders: number;
  /** Their NMV, THB. */
  readonly revenue: number;
}

/**
 * Customers, orders and revenue of a period.
 *
 * @throws RangeError when the columns have different lengths
 */
export function periodTotals(input: TotalsInput): PeriodTotals {
  const n = input.ids.length;
  if (input.frequency.length !== n || input.monetary.length !== n) {
    throw new RangeError(`every column must have one value per customer (${n} ids)`);
  }
  let orders = 0;
  let revenue = 0;
  for (let i = 0; i < n; i++) {
    orders += input.frequency[i]!;
    revenue += input.monetary[i]!;
  }
  return { customers: n, orders, revenue };
}

/** The totals of a period without customers. */
export const NO_TOTALS: PeriodTotals = Object.freeze({ customers: 0, orders: 0, revenue: 0 });
