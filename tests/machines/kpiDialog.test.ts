import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { UpsertKpiTemplateRequest } from "../../domain/api";
import type { KpiTemplate, KpiTemplateRecord } from "../../domain/entities";
import { DEFAULT_SEGMENTS, emptyKpiTemplate } from "../../domain/kpi";
import { periodsTotal, planBudgetTotal } from "../../domain/kpiPlan";
import { kpiDialogMachine } from "../../machines/kpiDialog/kpiDialogMachine";
import type { KpiDialogEmitted } from "../../machines/kpiDialog/kpiDialogSetup";
import { rfmSegments, rfmWeights } from "../../machines/kpiDialog/kpiDraft";
import {
  selectCanClose, selectError, selectForm, selectHeading, selectIsOpen, selectIsSaving, selectMode, selectRfmTab, selectSelected,
  selectSubmitLabel, selectTab,
} from "../../machines/kpiDialog/kpiDialogSelectors";
import { deferred, refusal, flush } from "../support/async";


const asRecord = (template: KpiTemplate): KpiTemplateRecord => ({ ...template, updated_at: "2024-03-02T09:00:00" });

/** The dialog with a fake save that records its requests; `save` decides the answer. */
function start(save?: (request: UpsertKpiTemplateRequest) => Promise<KpiTemplateRecord>) {
  const requests: UpsertKpiTemplateRequest[] = [];
  const machine = kpiDialogMachine.provide({
    actors: {
      saveKpiTemplate: fromPromise<KpiTemplateRecord, UpsertKpiTemplateRequest>(({ input }) => {
        requests.push(input);
        return save ? save(input) : Promise.resolve(asRecord(input.template));
      }),
    },
  });
  const actor = createActor(machine);
  const emitted: KpiDialogEmitted[] = [];
  actor.on("*", (event) => emitted.push(event));
  actor.start();
  const snap = () => actor.getSnapshot();
  return { actor, requests, emitted, snap };
}

/** The titles the KPI Setting drawer lists when the dialog opens. */
const LISTED = ["Q3 awareness push", "Songkran sale"];

function created(save?: (request: UpsertKpiTemplateRequest) => Promise<KpiTemplateRecord>, takenTitles: readonly string[] = LISTED) {
  const run = start(save);
  run.actor.send({ type: "kpi.create", takenTitles });
  return run;
}

const base = emptyKpiTemplate("Q3 awareness push");
const stored: KpiTemplate = {
  ...base,
  Budget: 100000,
  MA: { ...base.MA, reach: { kpi: "50000", budget: "20000" }, click: { kpi: 0, budget: "" } },
  ADS: { ...base.ADS, impression: { kpi: "1000000", budget: "30000" } },
  RFM: [
    { setting: [{ name: "Recency", weight: "50" }, { name: "Monetary", weight: "50" }, { name: "Frequency", weight: "" }] },
    { segment: [{ name: "Champions", rank: 9, setting: [{ name: "Recency", min: 4, max: 5 }] }, { name: "At Risk", rank: 2 }] },
  ],
};

function edited(
  template: KpiTemplate = stored,
  save?: (request: UpsertKpiTemplateRequest) => Promise<KpiTemplateRecord>,
  takenTitles: readonly string[] = LISTED,
) {
  const run = start(save);
  run.actor.send({ type: "kpi.edit", template, takenTitles });
  return run;
}

describe("KPI dialog: opening", () => {
  it("starts closed, with no mode, tab or heading of its own", () => {
    const { snap } = start();
    expect(selectIsOpen(snap())).toBe(false);
    expect(selectMode(snap())).toBeNull();
    expect(selectTab(snap())).toBeNull();
    expect(selectRfmTab(snap())).toBeNull();
  });

  it("Create opens in save mode on the MA tab with an empty form and the default segments", () => {
    const { snap } = created();
    expect(selectMode(snap())).toBe("save");
    expect(selectHeading(snap())).toBe("Create KPI Template");
    expect(selectSubmitLabel(snap())).toBe("Save");
    expect(selectTab(snap())).toBe("ma");
    expect(selectForm(snap())).toEqual(emptyKpiTemplate());
    expect(rfmSegments(selectForm(snap()))).toEqual(DEFAULT_SEGMENTS);
    expect(selectSelected(snap())).toEqual({ MA: [], ADS: [] });
  });

  it("Create forgets what a previous Edit loaded", () => {
    const { actor, snap } = edited();
    actor.send({ type: "dialog.close" });
    actor.send({ type: "kpi.create", takenTitles: [] });
    expect(selectForm(snap())).toEqual(emptyKpiTemplate());
    expect(selectSelected(snap())).toEqual({ MA: [], ADS: [] });
    expect(snap().context.originalTitle).toBeNull();
  });

  it("Edit opens in edit mode with the template and pre-selects the parameters that have a KPI value", () => {
    const { snap } = edited();
    expect(selectMode(snap())).toBe("edit");
    expect(selectHeading(snap())).toBe("Edit KPI Template");
    expect(selectSubmitLabel(snap())).toBe("Update");
    expect(selectForm(snap()).title).toBe("Q3 awareness push");
    expect(selectForm(snap()).Budget).toBe(100000);
    // A KPI of 0 was typed by the user, so Click counts as selected.
    expect(selectSelected(snap())).toEqual({ MA: ["reach", "click"], ADS: ["impression"] });
  });

  it("Edit completes an older template: missing parameters are empty, RFM has exactly a weights block and a segment block", () => {
    const partial = {
      title: "Legacy",
      Budget: "",
      MA: { setMonth: [], reach: { kpi: "10", budget: "5" } },
      ADS: { reach: { kpi: "", budget: "" } },
      RFM: [{ segment: [{ name: "Champions", rank: 9 }] }, { setting: [{ name: "Monetary", weight: "30" }] }],
    } as unknown as KpiTemplate;
    const { snap } = edited(partial);
    const form = selectForm(snap());
    expect(form.MA.engagement).toEqual({ kpi: "", budget: "" });
    expect(form.MA.reach).toEqual({ kpi: "10", budget: "5" });
    expect(form.ADS.setMonth).toEqual([]);
    expect(form.ADS.conversion).toEqual({ kpi: "", budget: "" });
    expect(form.RFM).toEqual([
      { setting: [{ name: "Recency", weight: "" }, { name: "Frequency", weight: "" }, { name: "Monetary", weight: "30" }] },
      { segment: [{ name: "Champions", rank: 9 }] },
    ]);
  });

  it("Edit of a template without RFM shows empty weights and no segment", () => {
    const { snap } = edited({ ...stored, RFM: [] });
    expect(rfmWeights(selectForm(snap())).map((w) => w.weight)).toEqual(["", "", ""]);
    expect(rfmSegments(selectForm(snap()))).toEqual([]);
  });

  it("Edit works on a copy: editing the form leaves the template it was given as it was", () => {
    const template = structuredClone(stored);
    const { actor } = edited(template);
    actor.send({ type: "param.changed", plan: "MA", param: "reach", field: "kpi", text: "1" });
    actor.send({ type: "weight.changed", name: "Recency", text: "10" });
    actor.send({ type: "segment.boundChanged", index: 0, setting: "Recency", min: 1, max: 2 });
    expect(template).toEqual(stored);
  });
});

describe("KPI dialog: tabs", () => {
  it("shows MA, Ads and RFM Setting; RFM Setting opens on its RFM sub-tab", () => {
    const { actor, snap } = created();
    actor.send({ type: "tab.select", tab: "ads" });
    expect(selectTab(snap())).toBe("ads");
    actor.send({ type: "tab.select", tab: "rfm" });
    expect(selectTab(snap())).toBe("rfm");
    expect(selectRfmTab(snap())).toBe("rfm");
    actor.send({ type: "rfmTab.select", tab: "segment" });
    expect(selectRfmTab(snap())).toBe("segment");
    actor.send({ type: "tab.select", tab: "ma" });
    expect(selectTab(snap())).toBe("ma");
    expect(selectRfmTab(snap())).toBeNull();
  });

  it("choosing the tab already shown keeps its sub-tab", () => {
    const { actor, snap } = created();
    actor.send({ type: "tab.select", tab: "rfm" });
    actor.send({ type: "rfmTab.select", tab: "segment" });
    expect(snap().can({ type: "tab.select", tab: "rfm" })).toBe(false);
    actor.send({ type: "tab.select", tab: "rfm" });
    expect(selectRfmTab(snap())).toBe("segment");
  });

  it("every opening starts on the MA tab", () => {
    const { actor, snap } = created();
    actor.send({ type: "tab.select", tab: "ads" });
    actor.send({ type: "dialog.close" });
    actor.send({ type: "kpi.edit", template: stored, takenTitles: LISTED });
    expect(selectTab(snap())).toBe("ma");
  });
});

describe("KPI dialog: name, Budget and parameters", () => {
  it("keeps the name as typed and only digits and one decimal point in Budget", () => {
    const { actor, snap } = created();
    actor.send({ type: "form.titleChanged", title: "  Q3 push " });
    actor.send({ type: "form.budgetChanged", text: "120,000.50.7฿" });
    expect(selectForm(snap())).toMatchObject({ title: "  Q3 push ", Budget: "120000.507" });
  });

  it("keeps the chosen parameters in the offered order, once each, and never gmv or nmv", () => {
    const { actor, snap } = created();
    actor.send({ type: "params.selected", plan: "MA", params: ["click", "reach", "click", "gmv"] });
    expect(selectSelected(snap()).MA).toEqual(["reach", "click"]);
    expect(selectSelected(snap()).ADS).toEqual([]);
  });

  it("resets the parameters left out to empty kpi and budget (spec §4)", () => {
    const { actor, snap } = edited();
    actor.send({ type: "params.selected", plan: "MA", params: ["click"] });
    expect(selectSelected(snap()).MA).toEqual(["click"]);
    expect(selectForm(snap()).MA.reach).toEqual({ kpi: "", budget: "" });
    expect(selectForm(snap()).MA.click).toEqual({ kpi: 0, budget: "" });
    expect(selectForm(snap()).ADS.impression).toEqual({ kpi: "1000000", budget: "30000" });
  });

  it("accepts KPI and budget of a selected parameter as digits and one decimal point", () => {
    const { actor, snap } = created();
    actor.send({ type: "params.selected", plan: "ADS", params: ["impression"] });
    actor.send({ type: "param.changed", plan: "ADS", param: "impression", field: "kpi", text: "1,000,000" });
    actor.send({ type: "param.changed", plan: "ADS", param: "impression", field: "budget", text: "25000.5.5" });
    expect(selectForm(snap()).ADS.impression).toEqual({ kpi: "1000000", budget: "25000.55" });
  });

  it("ignores a change to a parameter that is not selected in that plan", () => {
    const { actor, snap } = created();
    actor.send({ type: "params.selected", plan: "MA", params: ["reach"] });
    const change = { type: "param.changed", plan: "ADS", param: "reach", field: "kpi", text: "5" } as const;
    expect(snap().can(change)).toBe(false);
    actor.send(change);
    expect(selectForm(snap()).ADS.reach).toEqual({ kpi: "", budget: "" });
  });
});

describe("KPI dialog: Ads months", () => {
  /** Ads with Impression selected and a 90 000 budget. */
  function withAdsBudget() {
    const run = created();
    run.actor.send({ type: "params.selected", plan: "ADS", params: ["impression", "click"] });
    run.actor.send({ type: "param.changed", plan: "ADS", param: "impression", field: "budget", text: "90000" });
    return run;
  }

  it("splits the Ads budget over the months of the picked range, pro rata by days", () => {
    const { actor, snap } = withAdsBudget();
    actor.send({ type: "ads.rangeChanged", start: "2024-01-01", end: "2024-03-31" });
    expect(selectForm(snap()).ADS.setMonth).toEqual([
      { startDate: "2024-01-01", endDate: "2024-01-31", budget: 30659.34 },
      { startDate: "2024-02-01", endDate: "2024-02-29", budget: 28681.32 },
      { startDate: "2024-03-01", endDate: "2024-03-31", budget: 30659.34 },
    ]);
  });

  it("ignores a range that ends before it starts", () => {
    const { actor, snap } = withAdsBudget();
    const backwards = { type: "ads.rangeChanged", start: "2024-03-31", end: "2024-01-01" } as const;
    expect(snap().can(backwards)).toBe(false);
    actor.send(backwards);
    expect(selectForm(snap()).ADS.setMonth).toEqual([]);
  });

  it("clearing the range removes the months", () => {
    const { actor, snap } = withAdsBudget();
    actor.send({ type: "ads.rangeChanged", start: "2024-01-01", end: "2024-03-31" });
    actor.send({ type: "ads.rangeCleared" });
    expect(selectForm(snap()).ADS.setMonth).toEqual([]);
  });

  it("keeps a month edited by hand until asked to spread the budget again", () => {
    const { actor, snap } = withAdsBudget();
    actor.send({ type: "ads.rangeChanged", start: "2024-01-01", end: "2024-03-31" });
    actor.send({ type: "period.changed", index: 1, text: "10k000" });
    expect(selectForm(snap()).ADS.setMonth.map((p) => p.budget)).toEqual([30659.34, "10000", 30659.34]);
    actor.send({ type: "periods.respread" });
    expect(selectForm(snap()).ADS.setMonth.map((p) => p.budget)).toEqual([30659.34, 28681.32, 30659.34]);
  });

  it("spreads the months again over the same range when the Ads budgets change (hand edits are replaced)", () => {
    const { actor, snap } = withAdsBudget();
    actor.send({ type: "ads.rangeChanged", start: "2024-01-15", end: "2024-02-14" });
    actor.send({ type: "period.changed", index: 0, text: "1" });
    actor.send({ type: "param.changed", plan: "ADS", param: "click", field: "budget", text: "10000" });
    const ads = selectForm(snap()).ADS;
    expect(ads.setMonth.map((p) => [p.startDate, p.endDate])).toEqual([["2024-01-15", "2024-01-31"], ["2024-02-01", "2024-02-14"]]);
    expect(periodsTotal(ads.setMonth)).toBe(100000);
    expect(planBudgetTotal(ads)).toBe(100000);
    actor.send({ type: "params.selected", plan: "ADS", params: ["click"] });
    expect(periodsTotal(selectForm(snap()).ADS.setMonth)).toBe(10000);
  });

  it("a KPI change does not touch the months", () => {
    const { actor, snap } = withAdsBudget();
    actor.send({ type: "ads.rangeChanged", start: "2024-01-01", end: "2024-03-31" });
    actor.send({ type: "period.changed", index: 0, text: "1" });
    actor.send({ type: "param.changed", plan: "ADS", param: "impression", field: "kpi", text: "500" });
    expect(selectForm(snap()).ADS.setMonth[0]?.budget).toBe("1");
  });
});

describe("KPI dialog: RFM weights and segments", () => {
  it("keeps only digits and one decimal point in a weight", () => {
    const { actor, snap } = created();
    actor.send({ type: "weight.changed", name: "Frequency", text: "33.3%" });
    expect(rfmWeights(selectForm(snap()))).toEqual([
      { name: "Recency", weight: "" },
      { name: "Frequency", weight: "33.3" },
      { name: "Monetary", weight: "" },
    ]);
  });

  it("adds a card with a free name and the next rank, and removes one", () => {
    const { actor, snap } = created();
    actor.send({ type: "segment.added" });
    expect(rfmSegments(selectForm(snap())).at(-1)).toEqual({ name: "New Segment", rank: 10 });
    actor.send({ type: "segment.removed", index: 0 });
    expect(rfmSegments(selectForm(snap())).map((s) => s.name)).toEqual([...DEFAULT_SEGMENTS.slice(1).map((s) => s.name), "New Segment"]);
  });

  it("changes a card's name as typed and its rank when it is a whole number", () => {
    const { actor, snap } = created();
    actor.send({ type: "segment.changed", index: 0, name: " VIP " });
    actor.send({ type: "segment.changed", index: 0, rank: 12 });
    expect(rfmSegments(selectForm(snap()))[0]).toEqual({ name: " VIP ", rank: 12 });
    for (const rank of [2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(snap().can({ type: "segment.changed", index: 0, rank })).toBe(false);
      actor.send({ type: "segment.changed", index: 0, rank });
    }
    expect(rfmSegments(selectForm(snap()))[0]?.rank).toBe(12);
  });

  it("sets, replaces and removes a card's score bounds per setting, in Recency, Frequency, Monetary order", () => {
    const { actor, snap } = created();
    actor.send({ type: "segment.boundChanged", index: 0, setting: "Monetary", min: 3, max: null });
    actor.send({ type: "segment.boundChanged", index: 0, setting: "Recency", min: 4, max: 5 });
    actor.send({ type: "segment.boundChanged", index: 0, setting: "Recency", min: 5, max: 5 });
    expect(rfmSegments(selectForm(snap()))[0]?.setting).toEqual([
      { name: "Recency", min: 5, max: 5 },
      { name: "Monetary", min: 3, max: null },
    ]);
    actor.send({ type: "segment.boundChanged", index: 0, setting: "Recency", min: null, max: null });
    actor.send({ type: "segment.boundChanged", index: 0, setting: "Monetary", min: null, max: null });
    expect(rfmSegments(selectForm(snap()))[0]).toEqual({ name: "Champions", rank: 9 });
    expect("setting" in rfmSegments(selectForm(snap()))[0]!).toBe(false);
  });
});

describe("KPI dialog: saving", () => {
  it("refuses to save without a name: a red toast, nothing sent, the dialog stays open", async () => {
    const { actor, snap, requests, emitted } = created();
    actor.send({ type: "form.titleChanged", title: "   " });
    actor.send({ type: "form.submit" });
    await flush();
    expect(emitted).toEqual([{ type: "toast.show", severity: "error", summary: "Please fill the template name." }]);
    expect(requests).toEqual([]);
    expect(selectMode(snap())).toBe("save");
    expect(selectIsSaving(snap())).toBe(false);
  });

  it("refuses to create a template with a name another template has: a red toast, nothing sent, the dialog stays open", async () => {
    const { actor, snap, requests, emitted } = created();
    actor.send({ type: "form.titleChanged", title: "  Songkran sale " });
    actor.send({ type: "form.budgetChanged", text: "1000" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(emitted).toEqual([{ type: "toast.show", severity: "error", summary: 'A KPI template named "Songkran sale" already exists.' }]);
    expect(requests).toEqual([]);
    expect(selectMode(snap())).toBe("save");
    expect(selectIsSaving(snap())).toBe(false);
    expect(selectError(snap())).toBeNull();
    expect(selectForm(snap())).toMatchObject({ title: "  Songkran sale ", Budget: "1000" });
  });

  it("refuses to rename a template onto another template's name, and saves once the name is free", async () => {
    const { actor, snap, requests, emitted } = edited();
    actor.send({ type: "form.titleChanged", title: "Songkran sale" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(emitted).toEqual([{ type: "toast.show", severity: "error", summary: 'A KPI template named "Songkran sale" already exists.' }]);
    expect(requests).toEqual([]);
    expect(selectMode(snap())).toBe("edit");
    actor.send({ type: "form.titleChanged", title: "Songkran sale 2" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(requests).toEqual([expect.objectContaining({ title: "Q3 awareness push", template: expect.objectContaining({ title: "Songkran sale 2" }) })]);
    expect(selectIsOpen(snap())).toBe(false);
  });

  it("Update under the template's own name is no clash, even though the drawer lists it", async () => {
    const { actor, snap, requests } = edited();
    actor.send({ type: "form.titleChanged", title: " Q3 awareness push " });
    actor.send({ type: "form.submit" });
    await flush();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ title: "Q3 awareness push", template: { title: "Q3 awareness push" } });
    expect(selectIsOpen(snap())).toBe(false);
  });

  it("names are taken as the server compares them: another case is a different name", async () => {
    const { actor, requests } = created();
    actor.send({ type: "form.titleChanged", title: "songkran SALE" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(requests.map((r) => r.template.title)).toEqual(["songkran SALE"]);
  });

  it("each opening brings its own list of taken names", async () => {
    const { actor, snap, requests, emitted } = created(undefined, []);
    actor.send({ type: "form.titleChanged", title: "Songkran sale" });
    actor.send({ type: "dialog.close" });
    actor.send({ type: "kpi.create", takenTitles: ["Songkran sale"] });
    expect(snap().context.takenTitles).toEqual(["Songkran sale"]);
    actor.send({ type: "form.titleChanged", title: "Songkran sale" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(requests).toEqual([]);
    expect(emitted.at(-1)).toMatchObject({ severity: "error", summary: 'A KPI template named "Songkran sale" already exists.' });
  });

  it("a blank name is reported before a taken one", async () => {
    const { actor, emitted } = created(undefined, [""]);
    actor.send({ type: "form.titleChanged", title: "  " });
    actor.send({ type: "form.submit" });
    await flush();
    expect(emitted).toEqual([{ type: "toast.show", severity: "error", summary: "Please fill the template name." }]);
  });

  it("Save sends the form with the name trimmed and no old title, then announces it and closes", async () => {
    const { actor, snap, requests, emitted } = created();
    actor.send({ type: "form.titleChanged", title: "  Q3 push " });
    actor.send({ type: "form.budgetChanged", text: "1000" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(requests).toEqual([{ template: { ...emptyKpiTemplate("Q3 push"), Budget: "1000" } }]);
    expect(emitted).toEqual([
      { type: "kpi.saved", template: asRecord({ ...emptyKpiTemplate("Q3 push"), Budget: "1000" }), previousTitle: null },
      { type: "toast.show", severity: "success", summary: "KPI template saved" },
    ]);
    expect(selectIsOpen(snap())).toBe(false);
  });

  it("Update sends the old title with the template, so a rename reaches the server and the app", async () => {
    const { actor, requests, emitted } = edited();
    actor.send({ type: "form.titleChanged", title: "Q3 awareness push v2" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.title).toBe("Q3 awareness push");
    expect(requests[0]?.template.title).toBe("Q3 awareness push v2");
    expect(emitted[0]).toMatchObject({ type: "kpi.saved", template: { title: "Q3 awareness push v2" }, previousTitle: "Q3 awareness push" });
  });

  it("while saving it is busy: the form, Save and close wait, the tabs still switch", () => {
    const answer = deferred<KpiTemplateRecord>();
    const { actor, snap, requests } = edited(stored, () => answer.promise);
    actor.send({ type: "form.submit" });
    expect(selectIsSaving(snap())).toBe(true);
    expect(selectCanClose(snap())).toBe(false);
    actor.send({ type: "form.titleChanged", title: "changed" });
    actor.send({ type: "dialog.close" });
    actor.send({ type: "form.submit" });
    actor.send({ type: "tab.select", tab: "rfm" });
    expect(selectForm(snap()).title).toBe("Q3 awareness push");
    expect(selectIsOpen(snap())).toBe(true);
    expect(requests).toHaveLength(1);
    expect(selectTab(snap())).toBe("rfm");
  });

  it("a refused save keeps the dialog open with the plan, says why, and can be saved again", async () => {
    let attempt = 0;
    const { actor, snap, emitted, requests } = edited(stored, (request) => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(refusal(400, "template.title: Expected a value with a length of at most 100")) : Promise.resolve(asRecord(request.template));
    });
    actor.send({ type: "param.changed", plan: "MA", param: "reach", field: "kpi", text: "60000" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(selectMode(snap())).toBe("edit");
    expect(selectError(snap())).toBe("Expected a value with a length of at most 100");
    expect(selectForm(snap()).MA.reach.kpi).toBe("60000");
    expect(emitted).toEqual([{ type: "toast.show", severity: "error", summary: "Expected a value with a length of at most 100" }]);
    actor.send({ type: "form.submit" });
    expect(selectError(snap())).toBeNull();
    await flush();
    expect(requests).toHaveLength(2);
    expect(selectIsOpen(snap())).toBe(false);
  });

  it("a refused save shows the server's reason without the request's field path", async () => {
    const { actor, snap, emitted } = created(() => Promise.reject(refusal(409, 'template.title: a template titled "Bravo" already exists')));
    actor.send({ type: "form.titleChanged", title: "Bravo" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(selectError(snap())).toBe('A template titled "Bravo" already exists');
    expect(emitted).toEqual([{ type: "toast.show", severity: "error", summary: 'A template titled "Bravo" already exists' }]);
  });

  it("an edit after a refused save clears the error", async () => {
    const { actor, snap } = created(() => Promise.reject(refusal(0, "The server could not be reached.")));
    actor.send({ type: "form.titleChanged", title: "Q3" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(selectError(snap())).toBe("The server could not be reached.");
    actor.send({ type: "form.budgetChanged", text: "5" });
    expect(selectError(snap())).toBeNull();
    expect(selectForm(snap()).Budget).toBe("5");
  });

  it("can be closed after a refused save", async () => {
    const { actor, snap } = created(() => Promise.reject(refusal(500, "Internal error")));
    actor.send({ type: "form.titleChanged", title: "Q3" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(selectCanClose(snap())).toBe(true);
    actor.send({ type: "dialog.close" });
    expect(selectIsOpen(snap())).toBe(false);
  });

  it("without a provided save actor, the save fails with 'saveKpiTemplate not provided'", async () => {
    const actor = createActor(kpiDialogMachine).start();
    actor.send({ type: "kpi.create", takenTitles: [] });
    actor.send({ type: "form.titleChanged", title: "Q3" });
    actor.send({ type: "form.submit" });
    await flush();
    expect(selectError(actor.getSnapshot())).toBe("saveKpiTemplate not provided");
  });
});
