/** Small E-Commerce figures for the component tests, decoded with the contract's schema. */
import { Schema } from "effect";
import { BASKET_BUCKETS, CommerceFigures } from "../../domain/commerce";

export const figures: CommerceFigures = Schema.decodeUnknownSync(CommerceFigures)({
  brand: "Brand A",
  start: "2024-09-01",
  end: "2024-09-03",
  granularity: "day",
  totals: {
    gmv: 12345.5, nmv: 10000, orders: 42, customers: 30, newCustomers: 12, oldCustomers: 18,
    newCustomerGmv: 4000, oldCustomerGmv: 8345.5, avgBasket: 293.94,
  },
  series: [
    { period: "2024-09-01", gmv: 5000, nmv: 4000, orders: 20, newCustomers: 5, oldCustomers: 10 },
    { period: "2024-09-02", gmv: 7345.5, nmv: 6000, orders: 22, newCustomers: 7, oldCustomers: 8 },
    { period: "2024-09-03", gmv: 0, nmv: 0, orders: 0, newCustomers: 0, oldCustomers: 0 },
  ],
  byPlatform: [
    { key: "Shopee", gmv: 8000, nmv: 7000, orders: 30 },
    { key: "Lazada", gmv: 4345.5, nmv: 3000, orders: 12 },
  ],
  byLocation: [
    { key: "Bangkok and Vicinity", gmv: 9000, nmv: 8000, orders: 32 },
    { key: "Unknown", gmv: 3345.5, nmv: 2000, orders: 10 },
  ],
  byStatus: [
    { key: "completed", gmv: 9000, nmv: 9000, orders: 35 },
    { key: "pending", gmv: 1000, nmv: 1000, orders: 3 },
    { key: "cancelled", gmv: 2000, nmv: 0, orders: 3 },
    { key: "returned", gmv: 345.5, nmv: 0, orders: 1 },
  ],
  topProducts: [
    { product: "น้ำปลา 700ml", quantity: 50, gmv: 6000, orders: 20 },
    { product: "Soap, 3 pack", quantity: 30, gmv: 3000, orders: 15 },
  ],
  basketSizes: BASKET_BUCKETS.map((b, i) => ({ min: b.min, max: b.max, orders: [10, 20, 8, 3, 1, 0][i]!, gmv: [1000, 6000, 4000, 1000, 345.5, 0][i]! })),
  previous: {
    start: "2024-08-29",
    end: "2024-08-31",
    totals: {
      gmv: 10000, nmv: 10000, orders: 50, customers: 30, newCustomers: 0, oldCustomers: 30,
      newCustomerGmv: 0, oldCustomerGmv: 10000, avgBasket: 200,
    },
  },
});

export const emptyFigures: CommerceFigures = {
  ...figures,
  totals: { gmv: 0, nmv: 0, orders: 0, customers: 0, newCustomers: 0, oldCustomers: 0, newCustomerGmv: 0, oldCustomerGmv: 0, avgBasket: null },
  series: figures.series.map((p) => ({ ...p, gmv: 0, nmv: 0, orders: 0, newCustomers: 0, oldCustomers: 0 })),
  byPlatform: [],
  byLocation: [],
  byStatus: [],
  topProducts: [],
  basketSizes: figures.basketSizes.map((b) => ({ ...b, orders: 0, gmv: 0 })),
};
