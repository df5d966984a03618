/**
 * Model-driven browser tests of the KPI UI (issue 4; STYLE.md "Model-based tests", pattern 2):
 * paths generated from the KPI UI model (`kpiUi.model.ts`: the KPI Setting drawer, the KPI
 * template dialog and the selection as a person sees them) become clicks in the real app;
 * after every step the page must show what the model's state says. The model's states are many
 * (what is stored, selected and in the form), so the paths are walks (`uiPaths.ts`): few, long
 * paths that together reach every state node and transition of the model. Each path starts
 * signed in as the demo user with no KPI templates.
 */
import { expect, test, type Page } from "@playwright/test";
import type { StateValue } from "xstate";
import {
  DEFAULT_SEGMENTS, KPI_UI_EVENTS, MAX_SEGMENTS, describeKpiUiEvent, kpiUiModel, type KpiUiContext, type KpiUiEvent,
} from "./kpiUi.model";
import { uiPaths, type UiStep } from "./uiPaths";
import { signIn } from "./filterUi";
import {
  deleteAllKpiTemplates, kpiDeleteDialog, kpiDialog, kpiDrawer, kpiListed, kpiParam, kpiToast, openKpiDrawer, type KpiDialogName,
} from "./kpiUi";
import { trackPageProblems } from "./pageProblems";

trackPageProblems(test);

/** Steps per path: three paths of at most 30 steps cover the model (about 20 s each in Chromium). */
const MAX_STEPS = 30;
const { paths, missing } = uiPaths(kpiUiModel, KPI_UI_EVENTS, describeKpiUiEvent).walkingUiPaths({ maxSteps: MAX_STEPS });

type Step = UiStep<KpiUiContext, KpiUiEvent, StateValue>;

test("the chosen paths reach every state and transition of the KPI UI model", () => {
  expect(missing).toEqual([]);
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) expect(path.steps.length).toBeLessThanOrEqual(MAX_STEPS);
});

test.describe("KPI UI model paths", () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ request }) => {
    await deleteAllKpiTemplates(request);
  });

  for (const [n, path] of paths.entries()) {
    test(`path ${n + 1}: ${path.description}`, async ({ page }) => {
      await signIn(page);
      // Every save the app sends; a refused name must send none.
      const saves: string[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).pathname === "/user/upsert-kpi-template") saves.push(r.method());
      });
      let before: Where = where("closed");
      let context: KpiUiContext = { templates: [], selected: null, form: null, target: null };
      for (const [index, step] of path.steps.entries()) {
        await test.step(`${index + 1}. ${describeKpiUiEvent(step.event)}`, async () => {
          const sent = saves.length;
          await perform(page, step.event, before, context);
          await verify(page, step);
          if (isRefusedName(step)) expect(saves.length, "a refused name sends nothing").toBe(sent);
        });
        before = where(step.state.value);
        context = step.state.context;
      }
    });
  }
});

/** Where a model state is, in the terms of the screen. */
type Where =
  | { at: "closed" | "list" | "confirmingDelete" }
  | { at: "dialog"; mode: "save" | "edit"; tab: "ma" | "ads" | "rfm"; rfmTab: "rfm" | "segment" | null };

function where(value: StateValue): Where {
  if (typeof value === "string") return { at: value as "closed" };
  const open = (value as { open: StateValue }).open;
  if (typeof open === "string") return { at: open as "list" | "confirmingDelete" };
  const [mode, tabValue] = Object.entries(open)[0] as ["save" | "edit", StateValue];
  if (typeof tabValue === "string") return { at: "dialog", mode, tab: tabValue as "ma" | "ads", rfmTab: null };
  return { at: "dialog", mode, tab: "rfm", rfmTab: (tabValue as { rfm: "rfm" | "segment" }).rfm };
}

const HEADING = { save: "Create KPI Template", edit: "Edit KPI Template" } as const satisfies Record<string, KpiDialogName>;
const TAB_LABEL = { ma: "MA", ads: "Ads", rfm: "RFM Setting" } as const;
const RFM_TAB_LABEL = { rfm: "RFM", segment: "Segment" } as const;
/** The parameter each plan's toggle is about, and the KPI typed when it is switched on. */
const PARAM = { MA: "Reach", ADS: "Click" } as const;
const KPI_VALUE = "1000";
/** Why the dialog refuses a create under, or a rename onto, another template's title. */
const refusal = (title: string) => `A KPI template named "${title}" already exists.`;

/** A save under a name another template has: the model stays in the dialog. */
const isRefusedName = (step: Step) => step.event.type === "submit.named" && where(step.state.value).at === "dialog";

function openDialog(page: Page, before: Where) {
  if (before.at !== "dialog") throw new Error(`no dialog is open (${before.at})`);
  const d = kpiDialog(page, HEADING[before.mode]);
  return { d, submit: before.mode === "save" ? d.save : d.update };
}

/** One model event as what a person does in the app. */
async function perform(page: Page, event: KpiUiEvent, before: Where, context: KpiUiContext): Promise<void> {
  const drawer = kpiDrawer(page);
  switch (event.type) {
    case "drawer.open":
      await openKpiDrawer(page);
      return;
    case "drawer.close":
      await drawer.closeButton.click();
      return;
    case "create.open":
      await drawer.createButton.click();
      return;
    case "edit.open":
      await drawer.editButton(event.title).click();
      return;
    case "template.select":
      await drawer.selectButton(event.title).click();
      return;
    case "delete.open":
      await drawer.deleteButton(event.title).click();
      return;
    case "delete.confirm":
      await kpiDeleteDialog(page).confirm.click();
      return;
    case "delete.cancel":
      await kpiDeleteDialog(page).cancel.click();
      return;
    case "tab.select":
      await openDialog(page, before).d.tab(TAB_LABEL[event.tab]).click();
      return;
    case "rfmTab.select":
      await openDialog(page, before).d.tab(RFM_TAB_LABEL[event.tab]).click();
      return;
    case "param.toggle": {
      const { d } = openDialog(page, before);
      const label = PARAM[event.plan];
      const on = event.plan === "MA" ? context.form?.reach : context.form?.click;
      await d.card(event.plan === "MA" ? "MA" : "Ads", label).click();
      // Switched on: a row for it, where the plan's KPI is typed (a parameter with a KPI is stored as selected).
      if (on !== true) await d.paramKpi(label).fill(KPI_VALUE);
      return;
    }
    case "segment.add":
      await openDialog(page, before).d.addSegment.click();
      return;
    case "segment.remove":
      await openDialog(page, before).d.segments.last().getByRole("button", { name: /^Delete segment / }).click();
      return;
    case "submit.blank": {
      const { d, submit } = openDialog(page, before);
      await d.name.fill("");
      await submit.click();
      return;
    }
    case "submit.named": {
      const { d, submit } = openDialog(page, before);
      await d.name.fill(event.title);
      await submit.click();
      return;
    }
    case "dialog.close":
      await openDialog(page, before).d.close.click();
      return;
  }
}

/** The page shows what the model's state says (and the step's toast). */
async function verify(page: Page, step: Step): Promise<void> {
  const { context } = step.state;
  const at = where(step.state.value);
  const drawer = kpiDrawer(page);

  await expect.poll(() => kpiParam(page)).toBe(context.selected);
  await expectToast(page, step.event, at);
  for (const mode of ["save", "edit"] as const) {
    const shown = at.at === "dialog" && at.mode === mode;
    await (shown ? expect(kpiDialog(page, HEADING[mode]).root).toBeVisible() : expect(kpiDialog(page, HEADING[mode]).root).toBeHidden());
  }
  const confirm = kpiDeleteDialog(page).root;
  await (at.at === "confirmingDelete" ? expect(confirm).toBeVisible() : expect(confirm).toBeHidden());

  switch (at.at) {
    case "closed":
      await expect(drawer.root).toBeHidden();
      return;
    case "list":
      await expect(drawer.root).toBeVisible();
      await expectList(page, context);
      return;
    case "confirmingDelete":
      await expect(confirm.getByText("Are you sure to delete this?")).toBeVisible();
      await expect(confirm).toContainText(`KPI template: ${context.target}`);
      return;
    case "dialog":
      await expect(drawer.root).toBeVisible();
      await expectDialog(page, at, context);
      return;
  }
}

async function expectToast(page: Page, event: KpiUiEvent, at: Where): Promise<void> {
  if (event.type === "submit.blank") await expect(kpiToast(page, "error", "Please fill the template name.").first()).toBeVisible();
  if (event.type === "submit.named") {
    // Saved (the dialog closed), or refused: another template has that title.
    const toast = at.at === "dialog" ? kpiToast(page, "error", refusal(event.title)) : kpiToast(page, "success", "KPI template saved");
    await expect(toast.first()).toBeVisible();
  }
  if (event.type === "delete.confirm") await expect(kpiToast(page, "success", "KPI template deleted").first()).toBeVisible();
}

/** The drawer lists the templates, each with its summary and whether it is selected. */
async function expectList(page: Page, context: KpiUiContext): Promise<void> {
  const drawer = kpiDrawer(page);
  await expect(drawer.root.getByText("Loading KPI templates…")).toBeHidden();
  await expect(kpiListed(page)).toHaveCount(context.templates.length);
  // In the server's order: by title.
  if (context.templates.length > 0) await expect(kpiListed(page)).toHaveText(context.templates.map((t) => new RegExp(`^${t.title}`)));
  await expect(drawer.root.getByText("No KPI templates yet")).toBeVisible({ visible: context.templates.length === 0 });
  for (const t of context.templates) {
    const select = drawer.selectButton(t.title);
    await expect(select).toHaveAttribute("aria-pressed", String(context.selected === t.title));
    await (t.planned ? expect(select).toContainText("MA: Reach · Ads: Click") : expect(select).not.toContainText(/MA:|Ads:/));
  }
}

/** The dialog shows its mode, tab, name and what the form holds. */
async function expectDialog(page: Page, at: Extract<Where, { at: "dialog" }>, context: KpiUiContext): Promise<void> {
  const form = context.form!;
  const { d, submit } = openDialog(page, at);
  await expect(submit).toBeVisible();
  await expect(at.mode === "save" ? d.update : d.save).toBeHidden();
  await expect(d.name).toHaveValue(form.name);
  // A refused name is said by a toast only: nothing was sent, so no save failed.
  await expect(d.root.getByRole("alert")).toHaveCount(0);
  await expect(d.tab(TAB_LABEL[at.tab])).toHaveAttribute("aria-selected", "true");
  if (at.tab !== "rfm") {
    await expect(d.addSegment).toBeHidden();
    const plan = at.tab === "ma" ? "MA" : "ADS";
    const label = PARAM[plan];
    const on = plan === "MA" ? form.reach : form.click;
    await expect(d.card(plan === "MA" ? "MA" : "Ads", label)).toHaveAttribute("aria-pressed", String(on));
    // A row (budget and KPI) for a selected parameter only.
    await (on ? expect(d.paramKpi(label)).toHaveValue(KPI_VALUE) : expect(d.paramKpi(label)).toHaveCount(0));
    return;
  }
  await expect(d.addSegment).toBeVisible();
  await expect(d.tab(RFM_TAB_LABEL[at.rfmTab!])).toHaveAttribute("aria-selected", "true");
  if (at.rfmTab === "rfm") {
    await expect(d.weight("Recency")).toBeVisible();
    return;
  }
  await expect(d.segments).toHaveCount(form.segments);
  // The added card is last; without it the defaults end with Hibernating.
  await expect(d.segmentName(form.segments)).toHaveValue(form.segments === MAX_SEGMENTS ? "New Segment" : "Hibernating");
  if (form.segments === DEFAULT_SEGMENTS) await expect(d.segmentName(1)).toHaveValue("Champions");
}
