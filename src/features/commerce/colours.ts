/**
 * The colours of the E-Commerce (and CRM) figures, in one place. `CUSTOMER_COLOURS` is the spec's
 * customer colour map (§3: newCustomer, oldCustomer); the brand orange marks new customers and
 * GMV, a slate blue old customers and NMV. Both pairs keep at least 3:1 contrast against white.
 */
export const CUSTOMER_COLOURS = {
  newCustomer: "#e85d0c",
  oldCustomer: "#2f5f8a",
} as const;

export const MONEY_COLOURS = {
  gmv: "#e85d0c",
  nmv: "#2f5f8a",
} as const;

/** Bars and slices without a meaning of their own (platforms, regions, products, buckets). */
export const BAR_COLOUR = "#e85d0c";

/** Order statuses: done, in progress, lost. */
export const STATUS_COLOURS = {
  completed: "#2e7d32",
  pending: "#f2a900",
  cancelled: "#6b7280",
  returned: "#c62828",
} as const;
