/**
 * Model-driven browser tests (STYLE.md "Model-based tests", pattern 2): paths generated with
 * xstate/graph from the filter UI model (`filterUi.model.ts`: the filter drawer and template
 * activation as a person sees them) become clicks in the real app; after every step the page
 * must show what the model's state says. The chosen paths reach every state and transition of
 * the model (`filterUiPaths.ts`). Each path starts signed in as the demo user with no templates.
 */
import { expect, test, type Page } from "@playwright/test";
import { TITLES, type Active, type FilterUiContext, type FilterUiEvent, type Title } from "./filterUi.model";
import { coveringUiPaths, type UiStep } from "./filterUiPaths";
import { choose, deleteAllTemplates, dialog, drawer, signIn } from "./filterUi";
import { trackPageProblems } from "./pageProblems";

trackPageProblems(test);

const { paths, missing } = coveringUiPaths();

test("the chosen paths reach every state and transition of the filter UI model", () => {
  expect(missing).toEqual([]);
  expect(paths.length).toBeGreaterThan(0);
});

test.describe("filter UI model paths", () => {
  test.beforeEach(async ({ request }) => {
    await deleteAllTemplates(request);
  });

  for (const path of paths) {
    test(path.description, async ({ page }) => {
      await signIn(page);
      let context: FilterUiContext = { templates: [], active: { kind: "none" }, target: null };
      for (const [index, step] of path.steps.entries()) {
        await test.step(`${index + 1}. ${label(step.event)}`, async () => {
          await perform(page, step.event, context);
          await verify(page, step);
        });
        context = step.state.context;
      }
    });
  }
});

function label(e: FilterUiEvent): string {
  return "title" in e ? `${e.type} ${e.title}` : "tab" in e ? `${e.type} ${e.tab}` : e.type;
}

const REFUSED_TITLE = "x".repeat(101);
const nextTitle = (templates: readonly Title[]) => TITLES.find((t) => !templates.includes(t))!;

/** One model event as what a person does in the app. */
async function perform(page: Page, event: FilterUiEvent, before: FilterUiContext): Promise<void> {
  const d = drawer(page);
  switch (event.type) {
    case "drawer.open":
      await page.getByRole("button", { name: "Filter", exact: true }).click();
      return;
    case "drawer.close":
      await d.closeButton.click();
      return;
    case "tab.select":
      await d.tab(event.tab === "template" ? "Template" : "Filter").click();
      return;
    case "create.open":
      await d.createButton.click();
      return;
    case "create.saveEmpty": {
      const dlg = dialog(page, "Create Template");
      await dlg.getByLabel("Template name").fill("");
      await dlg.getByRole("button", { name: "Save" }).click();
      return;
    }
    case "create.save": {
      const dlg = dialog(page, "Create Template");
      await dlg.getByLabel("Template name").fill(nextTitle(before.templates));
      await dlg.getByRole("button", { name: "Save" }).click();
      return;
    }
    case "create.saveRefused": {
      const dlg = dialog(page, "Create Template");
      await dlg.getByLabel("Template name").fill(REFUSED_TITLE);
      await dlg.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Upsert Fail!!").first()).toBeVisible();
      return;
    }
    case "create.cancel":
      await dialog(page, "Create Template").getByRole("button", { name: "Cancel" }).click();
      return;
    case "template.toggle":
      await d.templateSwitch(event.title).click();
      return;
    case "edit.open":
      await d.editButton(event.title).click();
      return;
    case "edit.save": {
      const dlg = dialog(page, "Edit Filter");
      const min = dlg.getByLabel("Minimum basket size");
      await min.fill("12a.3.4");
      await expect(min).toHaveValue("12.34");
      await dlg.getByRole("button", { name: "Save" }).click();
      return;
    }
    case "edit.cancel":
      await dialog(page, "Edit Filter").getByRole("button", { name: "Cancel" }).click();
      return;
    case "delete.open":
      await d.deleteButton(event.title).click();
      return;
    case "delete.confirm":
      await dialog(page, "Delete Template").getByRole("button", { name: "Delete" }).click();
      return;
    case "delete.cancel":
      await dialog(page, "Delete Template").getByRole("button", { name: "Cancel" }).click();
      return;
    case "filter.search":
      await d.min.fill("100");
      await choose(d.platform, "Shopee");
      await d.searchButton.click();
      return;
  }
}

/** The page shows what the model's state says. */
async function verify(page: Page, step: UiStep): Promise<void> {
  const { value, context } = step.state;
  const d = drawer(page);
  const state = typeof value === "string" ? value : Object.keys(value)[0]!;
  const sub = typeof value === "string" ? null : (Object.values(value)[0] as string);

  await expectActiveInUrl(page, context.active);
  const dialogs = { creating: "Create Template", editing: "Edit Filter", confirmingDelete: "Delete Template" } as const;
  for (const [s, name] of Object.entries(dialogs)) {
    await (s === state ? expect(dialog(page, name)).toBeVisible() : expect(dialog(page, name)).toBeHidden());
  }

  switch (state) {
    case "closed":
      await expect(d.root).toBeHidden();
      return;
    case "template":
      await expect(d.tab("Template")).toHaveAttribute("aria-selected", "true");
      await expectTemplates(page, context);
      return;
    case "filter":
      await expect(d.tab("Filter")).toHaveAttribute("aria-selected", "true");
      await expect(d.searchButton).toBeVisible();
      return;
    case "creating": {
      const required = dialog(page, "Create Template").getByText("Field is required");
      await (sub === "required" ? expect(required).toBeVisible() : expect(required).toBeHidden());
      return;
    }
    case "editing":
      await expect(dialog(page, "Edit Filter")).toContainText(context.target ?? "");
      return;
    case "confirmingDelete":
      await expect(dialog(page, "Delete Template")).toContainText(context.target ?? "");
      return;
    default:
      throw new Error(`no check for model state ${JSON.stringify(value)}`);
  }
}

async function expectTemplates(page: Page, context: FilterUiContext): Promise<void> {
  const d = drawer(page);
  await expect(d.root.getByRole("switch")).toHaveCount(context.templates.length);
  for (const title of TITLES) {
    if (!context.templates.includes(title)) {
      await expect(d.templateSwitch(title)).toHaveCount(0);
      continue;
    }
    const on = context.active.kind === "template" && context.active.title === title;
    await (on ? expect(d.templateSwitch(title)).toBeChecked() : expect(d.templateSwitch(title)).not.toBeChecked());
  }
}

async function expectActiveInUrl(page: Page, active: Active): Promise<void> {
  const params = () => new URL(page.url()).searchParams;
  await expect.poll(() => params().get("tpl")).toBe(active.kind === "template" ? active.title : null);
  await expect.poll(() => params().has("adhoc")).toBe(active.kind === "adhoc");
}
