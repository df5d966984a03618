/**
 * Model of the page filter machine (machines/pageFilter): sample events for the generic runner
 * (format: tests/models/README.md). Two click values (a platform bar and a region bar), so a
 * second click, a repeated click, undoing down to none, redoing, removing one chip of two and the
 * only chip, and clearing are all tried.
 */
import { pageFilterMachine } from "../../machines/pageFilter/pageFilterMachine";
import { defineModel } from "../support/machineModel";

const shopee = { field: "platforms", value: "Shopee", label: "Shopee", at: 1_725_850_000_000 } as const;
const central = { field: "locations", value: "Central", label: "Central", at: 1_725_850_060_000 } as const;

export default defineModel({
  machine: pageFilterMachine,
  input: { page: "e-commerce" },
  events: [
    { type: "filter.click", click: shopee },
    { type: "filter.click", click: central },
    { type: "filter.undo" },
    { type: "filter.redo" },
    { type: "filter.remove", field: "platforms", value: "Shopee" },
    { type: "filter.remove", field: "locations", value: "Eastern" },
    { type: "filter.clear" },
  ],
  // Which values are applied, and which can be redone, decide every guard.
  serializeContext: (context) => ({
    clicks: context.clicks.map((c) => `${c.field}:${c.value}`),
    undone: context.undone.map((c) => `${c.field}:${c.value}`),
  }),
});
