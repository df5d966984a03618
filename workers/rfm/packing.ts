/**
 * The customers answer as typed arrays (one index per customer in every array).
 */
import { packCustomers, type PackedCustomers } from "../../domain/rfmScores";
import type { CustomerInput } from "./types";

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
