/**
 * Model of the /ads figures machine (machines/ads/adsMachine, the shared page load cycle): the
 * same query again (ignored, also when only a click's time differs) and another one (a KPI
 * template chosen), a reload and a retry; figures with spend and without anything (empty); a
 * failed load.
 */
import type { AdsFigures } from "../../domain/adsContract";
import { adsMachine, type AdsData, type AdsQuery } from "../../machines/ads/adsMachine";
import { defineModel } from "../support/machineModel";

const scope = { brand: "Tipco", start: "2024-01-01", end: "2024-03-31", channel: "All Channel", accounts: [] } as const;
const click = (at: number) => ({ field: "objectives", value: "sales", label: "Sales", at }) as const;
const query = (clicks: AdsQuery["clicks"], kpi: string | null = null): AdsQuery => ({ scope, clicks, kpi });
const data = (spend: number): AdsData => ({
  figures: { totals: { spend, impressions: spend * 10, clicks: 0, results: 0 } } as unknown as AdsFigures,
  request: { ...scope, accounts: [] },
  kpi: { kind: "none" },
});

export default defineModel({
  machine: adsMachine,
  input: { query: query([click(1)]) },
  events: [
    { type: "page.query", query: query([click(2)]) }, // the same click made later: the same page
    { type: "page.query", query: query([click(2)], "Q1 plan") },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [data(0), data(1250.5)] },
  errors: { load: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
  serializeContext: (context) => ({ key: context.key }),
});
