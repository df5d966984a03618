/**
 * The customers answer as typed arrays (one index per customer in every array).
 */
import type { CustomerColumns } from "../../domain/commerce";
import type { CustomerInput, PackedCustomers } from "./types";

/**
 * The columns of the customers answer as typed arrays (ids stay an array of strings).
 *
 * @throws RangeError when the columns differ in length, a recency or frequency is not a whole
 *   number 0..2^31-1, or a monetary value is negative or not finite (the schema forbids all of
 *   these; a typed array would silently change them)
 */
export function packCustomers(columns: CustomerColumns): PackedCustomers {
  const n = columns.ids.length;
  if (columns.recencyDays.length !== n || columns.frequency.length !== n || columns.monetary.length !== n) {
    throw new RangeError(`every column must have one value per customer (${n} ids)`);
  }
  const recencyDays = new Int32Array(n);
  const frequency = new Int32Array(n);
  const monetary = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const rd = columns.recencyDays[i]!;
    const fr = columns.frequency[i]!;
    const mo = columns.monetary[i]!;
    if (!(Number.isInteger(rd) && rd >= 0 && rd <= 0x7fffffff)) throw new RangeError(`recencyDays[${i}] must be a whole number ≥ 0, got ${rd}`);
    if (!(Number.isInteger(fr) && fr >= 0 && fr <= 0x7fffffff)) throw new RangeError(`frequency[${i}] must be a whole number ≥ 0, got ${fr}`);
    if (!(Number.isFinite(mo) && mo >= 0)) throw new RangeError(`monetary[${i}] must be a finite number ≥ 0, got ${mo}`);
    recencyDays[i] = rd;
    frequency[i] = fr;
    monetary[i] = mo + 0; // -0 becomes 0, which the radix sort needs
  }
  return { ids: columns.ids, recencyDays, frequency, monetary };
}

function isPacked(input: CustomerInput): input is PackedCustomers {
  return input.recencyDays instanceof Int32Array;
}

/** {@link packCustomers} unless already packed (then checked for equal lengths only). */
export function toPacked(input: CustomerInput): PackedCustomers {
  if (!isPacked(input)) return packCustomers(input);
  const n = input.ids.length;
  if (input.frequency.length !== n || input.monetary.length !== n || input.recencyDays.length !== n) {
    throw new RangeError(`every column must have one value per customer (${n} ids)`);
  }
  return input;
}
