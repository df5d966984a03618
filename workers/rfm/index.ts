/**
 * RFM scoring of the CRM page (issue 6), as plain functions on typed arrays, one file per concern:
 * - `types.ts`: the shapes taken and answered;
 * - `packing.ts`: the customers answer as typed arrays;
 * - `scores.ts`: quintile scores, weighted score and segment (the scoring rules are written there);
 * - `summary.ts`: segment sizes, the R × F grid, means;
 * - `transitions.ts`: segment movement between two periods;
 * - `table.ts`: the customer table, one page at a time;
 * - `csv.ts`: the table as CSV;
 * - `session.ts`: the stateful API `rfm.worker.ts` exposes over Comlink ({@link rfmApi}).
 * Nothing here knows about Comlink, `self` or the DOM; the tests call the functions directly in Node.
 */
export * from "./types";
export * from "./packing";
export * from "./scores";
export * from "./summary";
export * from "./transitions";
export * from "./table";
export * from "./csv";
export * from "./session";
