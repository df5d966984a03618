/**
 * The open KPI dialog, the same chart in both modes (`save` = Create KPI Template, `edit` = Edit
 * KPI Template). Two parallel regions: the tab shown (MA, Ads, RFM Setting with its RFM and
 * Segment sub-tabs) and the submission (idle, saving, failed). The form can be edited while
 * idle or after a failed save, never while a save is in flight.
 */
import { kpiDialogSetup, type KpiDialogMode } from "./kpiDialogSetup";
import { saveRequest } from "./kpiDraft";

type StateConfig = Parameters<typeof kpiDialogSetup.createStateConfig>[0];
type Handlers = NonNullable<StateConfig["on"]>;

/**
 * The form's edits, handled alike in `idle` and in `failed`; from `failed` they go back to
 * `idle` (leaving `failed` clears the error), so a correction is never lost behind the error.
 */
function formEdits(target: "idle" | undefined): Handlers {
  return {
    "form.titleChanged": { target, actions: { type: "setTitle", params: ({ event }) => event.title } },
    "form.budgetChanged": { target, actions: { type: "setBudget", params: ({ event }) => event.text } },
    "params.selected": { target, actions: { type: "selectParams", params: ({ event }) => event } },
    "param.changed": {
      guard: { type: "isSelectedParam", params: ({ event }) => event },
      target,
      actions: { type: "changeParam", params: ({ event }) => event },
    },
    "ads.rangeChanged": {
      guard: { type: "isAdsRange", params: ({ event }) => event },
      target,
      actions: { type: "setAdsRange", params: ({ event }) => event },
    },
    "ads.rangeCleared": { target, actions: "clearAdsRange" },
    "period.changed": { target, actions: { type: "changePeriod", params: ({ event }) => event } },
    "periods.respread": { target, actions: "respreadPeriods" },
    "weight.changed": { target, actions: { type: "changeWeight", params: ({ event }) => event } },
    "segment.added": { target, actions: "addSegment" },
    "segment.removed": { target, actions: { type: "removeSegment", params: ({ event }) => event.index } },
    "segment.changed": {
      guard: { type: "isValidRank", params: ({ event }) => event.rank },
      target,
      actions: { type: "changeSegment", params: ({ event }) => event },
    },
    "segment.boundChanged": {
      guard: { type: "isValidBound", params: ({ event }) => event },
      target,
      actions: { type: "changeSegmentBound", params: ({ event }) => event },
    },
  };
}

export function formState(mode: KpiDialogMode) {
  return kpiDialogSetup.createStateConfig({
    type: "parallel",
    description:
      mode === "save"
        ? "Create KPI Template: an empty form with the default segments; the button says Save."
        : "Edit KPI Template: the stored template, its parameters with a KPI value pre-selected; the button says Update.",
    states: {
      tab: {
        initial: "ma",
        states: {
          ma: {
            on: {
              "tab.select": [
                { guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "ads" }) }, target: "ads" },
                { guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "rfm" }) }, target: "rfm" },
              ],
            },
          },
          ads: {
            on: {
              "tab.select": [
                { guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "ma" }) }, target: "ma" },
                { guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "rfm" }) }, target: "rfm" },
              ],
            },
          },
          rfm: {
            description: "RFM Setting: the RFM sub-tab (weights) or the Segment sub-tab (cards); it opens on RFM.",
            initial: "rfm",
            on: {
              "tab.select": [
                { guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "ma" }) }, target: "ma" },
                { guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "ads" }) }, target: "ads" },
              ],
            },
            states: {
              rfm: {
                on: {
                  "rfmTab.select": { guard: { type: "isRfmTab", params: ({ event }) => ({ tab: event.tab, wanted: "segment" }) }, target: "segment" },
                },
              },
              segment: {
                on: {
                  "rfmTab.select": { guard: { type: "isRfmTab", params: ({ event }) => ({ tab: event.tab, wanted: "rfm" }) }, target: "rfm" },
                },
              },
            },
          },
        },
      },
      submit: {
        initial: "idle",
        states: {
          idle: {
            on: {
              ...formEdits(undefined),
              "form.submit": [
                { guard: "isNameBlank", actions: "notifyNameRequired" },
                // Another template has this name: a create would replace it, a rename is refused.
                { guard: "isTitleTaken", actions: "notifyTitleTaken" },
                { target: "saving" },
              ],
              "dialog.close": { target: "#kpiDialog.closed" },
            },
          },
          saving: {
            tags: ["busy"],
            description: "Sends the template (on update with its old title); the form and the close button wait for the answer.",
            invoke: {
              src: "saveKpiTemplate",
              input: ({ context }) => saveRequest(context.form, context.originalTitle, mode),
              onDone: {
                target: "#kpiDialog.closed",
                actions: [{ type: "announceSaved", params: ({ event }) => event.output }, "notifySaved"],
              },
              onError: {
                target: "failed",
                actions: [
                  { type: "reportFailure", params: ({ event }) => ({ error: event.error }) },
                  { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) },
                ],
              },
            },
          },
          failed: {
            description: "The save was refused: the dialog stays open with the plan and says why; any edit or a new submit clears it.",
            exit: "clearError",
            on: {
              ...formEdits("idle"),
              // No blank-name or taken-name check here: the name was accepted when this save
              // started, and changing it is an edit, which goes back to `idle` first.
              "form.submit": { target: "saving" },
              "dialog.close": { target: "#kpiDialog.closed" },
            },
          },
        },
      },
    },
  });
}
