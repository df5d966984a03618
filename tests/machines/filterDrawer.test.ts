import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { FilterTemplate, FilterTemplateRecord, Page } from "../../domain/entities";
import { filterDrawerMachine } from "../../machines/filterDrawer/filterDrawerMachine";
import { NO_VIEW, type AppliedView } from "../../machines/filterDrawer/filterDraft";
import type { DrawerData, FilterDrawerEmitted } from "../../machines/filterDrawer/filterDrawerSetup";
import {
  selectCreateDialog, selectDeleteDialog, selectEditDialog, selectPageOptions, selectTab,
} from "../../machines/filterDrawer/filterDrawerSelectors";
import { deferred, refusal, flush } from "../support/async";

const record = (title: string, extra: Partial<FilterTemplateRecord> = {}): FilterTemplateRecord => ({
  title,
  basketSize: { min: null, max: null },
  product: "",
  platform: "",
  location: "",
  status: "",
  disabled: false,
  updated_at: "2024-03-01T10:00:00",
  ...extra,
});

const lists = {
  pages: [
    { id: "fb-1-p1", name: "Tipco Thailand" },
    { id: "tt-3-p1", name: "@tipcothailand" },
  ],
  bags: [
    { _id: "fb-1", name: "Tipco Official", channel: "facebook" as const },
    { _id: "tt-3", name: "Tipco TikTok", channel: "tiktok" as const },
  ],
};


interface Fakes {
  templates?: FilterTemplateRecord[];
  templatesError?: string | null;
  applied?: AppliedView;
  loadDrawer?: () => Promise<DrawerData>;
  filterPages?: (bags: readonly string[]) => Promise<readonly Page[]>;
  saveTemplate?: (template: FilterTemplate) => Promise<FilterTemplateRecord>;
  deleteTemplate?: (title: string) => Promise<void>;
}


/** The machine with in-memory fakes for every actor, recording what it was asked and what it emitted. */
function start(fakes: Fakes = {}) {
  const calls = { filterPages: [] as Array<readonly string[]>, saveTemplate: [] as FilterTemplate[], deleteTemplate: [] as string[] };
  const machine = filterDrawerMachine.provide({
    actors: {
      loadDrawer: fromPromise<DrawerData, void>(() =>
        fakes.loadDrawer
          ? fakes.loadDrawer()
          : Promise.resolve({
              applied: fakes.applied ?? NO_VIEW,
              lists,
              templates: fakes.templates ?? [],
              templatesError: fakes.templatesError ?? null,
            }),
      ),
      filterPages: fromPromise<readonly Page[], { bags: readonly string[] }>(({ input }) => {
        calls.filterPages.push(input.bags);
        return fakes.filterPages ? fakes.filterPages(input.bags) : Promise.resolve(lists.pages.filter((p) => input.bags.some((b) => p.id.startsWith(b))));
      }),
      saveTemplate: fromPromise<FilterTemplateRecord, { template: FilterTemplate }>(({ input }) => {
        calls.saveTemplate.push(input.template);
        return fakes.saveTemplate ? fakes.saveTemplate(input.template) : Promise.resolve({ ...input.template, updated_at: "2024-03-02T09:00:00" });
      }),
      deleteTemplate: fromPromise<void, { title: string }>(({ input }) => {
        calls.deleteTemplate.push(input.title);
        return fakes.deleteTemplate ? fakes.deleteTemplate(input.title) : Promise.resolve();
      }),
    },
  });
  const actor = createActor(machine);
  const emitted: FilterDrawerEmitted[] = [];
  actor.on("*", (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted };
}

async function opened(fakes: Fakes = {}) {
  const run = start(fakes);
  run.actor.send({ type: "drawer.open" });
  await flush();
  return run;
}

describe("filter drawer: opening", () => {
  it("starts closed", () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe("closed");
  });

  it("opens on the Filter tab when the user has no templates", async () => {
    const { actor } = await opened({ templates: [] });
    expect(selectTab(actor.getSnapshot())).toBe("filter");
  });

  it("opens on the Template tab when the user has templates", async () => {
    const { actor } = await opened({ templates: [record("Q1")] });
    expect(selectTab(actor.getSnapshot())).toBe("template");
    expect(actor.getSnapshot().context.templates.map((t) => t.title)).toEqual(["Q1"]);
  });

  it("is loading, with no tab, until the templates are read", () => {
    const load = deferred<DrawerData>();
    const { actor } = start({ loadDrawer: () => load.promise });
    actor.send({ type: "drawer.open" });
    expect(actor.getSnapshot().matches({ open: "loading" })).toBe(true);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(selectTab(actor.getSnapshot())).toBeNull();
  });

  it("still opens (on Filter) when only the templates failed, and keeps the reason for the Template tab", async () => {
    const { actor } = await opened({ templatesError: "The server answered 500." });
    expect(selectTab(actor.getSnapshot())).toBe("filter");
    expect(actor.getSnapshot().context.loadError).toBe("The server answered 500.");
  });

  it("says why it cannot open when preparing fails, and retries on request", async () => {
    let attempt = 0;
    const { actor } = await opened({
      loadDrawer: () => {
        attempt += 1;
        return attempt === 1
          ? Promise.reject(refusal(401, "Your session has ended. Please sign in again."))
          : Promise.resolve({ applied: NO_VIEW, lists, templates: [], templatesError: null });
      },
    });
    expect(actor.getSnapshot().matches({ open: "unavailable" })).toBe(true);
    expect(actor.getSnapshot().context.loadError).toBe("Your session has ended. Please sign in again.");
    actor.send({ type: "drawer.retry" });
    await flush();
    expect(selectTab(actor.getSnapshot())).toBe("filter");
  });

  it("starts its draft from the applied view, including an active ad-hoc filter", async () => {
    const applied: AppliedView = {
      pages: ["fb-1-p1"],
      bags: [],
      active: { kind: "adhoc", filter: { min: 10, max: 90, platform: "Lazada", location: "Southern" } },
    };
    const { actor } = await opened({ applied });
    expect(actor.getSnapshot().context.draft).toEqual({ pages: ["fb-1-p1"], bags: [], min: 10, max: 90, platform: "Lazada", location: "Southern" });
  });

  it("forgets an unsearched draft when closed and reopened", async () => {
    const { actor } = await opened();
    actor.send({ type: "filter.changed", patch: { min: 5 } });
    actor.send({ type: "drawer.close" });
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send({ type: "drawer.open" });
    await flush();
    expect(actor.getSnapshot().context.draft.min).toBeNull();
  });

  it("switches tabs both ways", async () => {
    const { actor } = await opened({ templates: [record("Q1")] });
    actor.send({ type: "tab.select", tab: "filter" });
    expect(selectTab(actor.getSnapshot())).toBe("filter");
    actor.send({ type: "tab.select", tab: "template" });
    expect(selectTab(actor.getSnapshot())).toBe("template");
  });
});

describe("filter drawer: Filter tab", () => {
  it("offers every page while no account is chosen, without asking the server", async () => {
    const { actor, calls } = await opened();
    expect(selectPageOptions(actor.getSnapshot())).toEqual(lists.pages);
    expect(calls.filterPages).toEqual([]);
  });

  it("narrows the page list to the chosen accounts through filter-page", async () => {
    const { actor, calls } = await opened();
    actor.send({ type: "filter.bagsSelected", bags: ["tt-3"] });
    expect(actor.getSnapshot().matches({ open: { ready: { pageOptions: "narrowing" } } })).toBe(true);
    await flush();
    expect(calls.filterPages).toEqual([["tt-3"]]);
    expect(selectPageOptions(actor.getSnapshot())).toEqual([{ id: "tt-3-p1", name: "@tipcothailand" }]);
  });

  it("drops chosen pages that the chosen accounts do not have", async () => {
    const { actor } = await opened();
    actor.send({ type: "filter.pagesSelected", pages: ["fb-1-p1", "tt-3-p1"] });
    actor.send({ type: "filter.bagsSelected", bags: ["tt-3"] });
    await flush();
    expect(actor.getSnapshot().context.draft.pages).toEqual(["tt-3-p1"]);
  });

  it("offers every page again when the accounts are cleared", async () => {
    const { actor } = await opened();
    actor.send({ type: "filter.bagsSelected", bags: ["tt-3"] });
    await flush();
    actor.send({ type: "filter.bagsSelected", bags: [] });
    expect(selectPageOptions(actor.getSnapshot())).toEqual(lists.pages);
  });

  it("narrows at once when the applied view already has accounts", async () => {
    const { actor, calls } = await opened({ applied: { ...NO_VIEW, bags: ["fb-1"] } });
    expect(calls.filterPages).toEqual([["fb-1"]]);
    expect(selectPageOptions(actor.getSnapshot())).toEqual([{ id: "fb-1-p1", name: "Tipco Thailand" }]);
  });

  it("uses only the answer for the latest choice of accounts", async () => {
    const first = deferred<readonly Page[]>();
    const second = deferred<readonly Page[]>();
    const answers = [first, second];
    const { actor } = await opened({ filterPages: () => answers.shift()!.promise });
    actor.send({ type: "filter.bagsSelected", bags: ["fb-1"] });
    actor.send({ type: "filter.bagsSelected", bags: ["tt-3"] });
    second.resolve([{ id: "tt-3-p1", name: "@tipcothailand" }]);
    first.resolve([{ id: "fb-1-p1", name: "Tipco Thailand" }]);
    await flush();
    expect(selectPageOptions(actor.getSnapshot())).toEqual([{ id: "tt-3-p1", name: "@tipcothailand" }]);
  });

  it("says why the pages of the chosen accounts could not be loaded", async () => {
    const { actor } = await opened({ filterPages: () => Promise.reject(refusal(0, "The server could not be reached.")) });
    actor.send({ type: "filter.bagsSelected", bags: ["tt-3"] });
    await flush();
    expect(actor.getSnapshot().context.pagesError).toBe("The server could not be reached.");
    expect(actor.getSnapshot().matches({ open: { ready: { pageOptions: "idle" } } })).toBe(true);
  });

  it("keeps basket sizes at 0 or more", async () => {
    const { actor } = await opened();
    actor.send({ type: "filter.changed", patch: { min: -5, max: 20 } });
    expect(actor.getSnapshot().context.draft).toMatchObject({ min: 0, max: 20 });
  });

  it("Search emits the ad-hoc filter with the chosen pages and accounts, and closes the drawer", async () => {
    const { actor, emitted } = await opened();
    actor.send({ type: "filter.bagsSelected", bags: ["tt-3"] });
    await flush();
    actor.send({ type: "filter.pagesSelected", pages: ["tt-3-p1"] });
    actor.send({ type: "filter.changed", patch: { min: 100, max: 500, platform: "Shopee", location: "Central" } });
    actor.send({ type: "filter.search" });
    expect(emitted).toContainEqual({
      type: "filters.searched",
      filter: { min: 100, max: 500, platform: "Shopee", location: "Central" },
      pages: ["tt-3-p1"],
      bags: ["tt-3"],
    });
    expect(actor.getSnapshot().value).toBe("closed");
  });
});

describe("filter drawer: Create Template dialog", () => {
  it("says 'Field is required' when saving without a name, and sends nothing", async () => {
    const { actor, calls } = await opened();
    actor.send({ type: "tab.select", tab: "template" });
    actor.send({ type: "create.open" });
    expect(selectCreateDialog(actor.getSnapshot())).toMatchObject({ visible: true, showRequired: false });
    actor.send({ type: "create.titleChanged", title: "   " });
    actor.send({ type: "create.save" });
    expect(selectCreateDialog(actor.getSnapshot())).toMatchObject({ visible: true, showRequired: true });
    expect(calls.saveTemplate).toEqual([]);
    actor.send({ type: "create.titleChanged", title: "Q2" });
    expect(selectCreateDialog(actor.getSnapshot()).showRequired).toBe(false);
  });

  it("saves the typed name with the Filter tab's values, adds the template and tells the user", async () => {
    const { actor, calls, emitted } = await opened();
    actor.send({ type: "filter.changed", patch: { min: 100, platform: "Lazada" } });
    actor.send({ type: "tab.select", tab: "template" });
    actor.send({ type: "create.open" });
    actor.send({ type: "create.titleChanged", title: " Lazada 100+ " });
    actor.send({ type: "create.save" });
    expect(selectCreateDialog(actor.getSnapshot()).saving).toBe(true);
    await flush();
    expect(calls.saveTemplate).toEqual([
      { title: "Lazada 100+", basketSize: { min: 100, max: null }, product: "", platform: "Lazada", location: "", status: "", disabled: false },
    ]);
    expect(selectTab(actor.getSnapshot())).toBe("template");
    expect(selectCreateDialog(actor.getSnapshot()).visible).toBe(false);
    expect(actor.getSnapshot().context.templates.map((t) => t.title)).toEqual(["Lazada 100+"]);
    expect(emitted).toContainEqual({ type: "toast.show", severity: "success", summary: "Template saved", detail: "Lazada 100+" });
  });

  it("on 'Upsert Fail!!' closes the dialog without adding the template and tells the user why", async () => {
    const { actor, emitted } = await opened({
      templates: [record("Q1")],
      saveTemplate: () => Promise.reject(refusal(400, "template.title: Expected a value with a length of at most 100")),
    });
    actor.send({ type: "create.open" });
    actor.send({ type: "create.titleChanged", title: "x".repeat(101) });
    actor.send({ type: "create.save" });
    await flush();
    expect(selectCreateDialog(actor.getSnapshot()).visible).toBe(false);
    expect(selectTab(actor.getSnapshot())).toBe("template");
    expect(actor.getSnapshot().context.templates.map((t) => t.title)).toEqual(["Q1"]);
    expect(emitted).toContainEqual({
      type: "toast.show",
      severity: "error",
      summary: "Upsert Fail!!",
      detail: "template.title: Expected a value with a length of at most 100",
    });
  });

  it("starts empty every time it opens", async () => {
    const { actor } = await opened({ templates: [record("Q1")] });
    actor.send({ type: "create.open" });
    actor.send({ type: "create.titleChanged", title: "" });
    actor.send({ type: "create.save" });
    actor.send({ type: "create.cancel" });
    actor.send({ type: "create.open" });
    expect(selectCreateDialog(actor.getSnapshot())).toMatchObject({ title: "", showRequired: false });
  });
});

describe("filter drawer: Edit Filter dialog", () => {
  const q1 = record("Q1", { basketSize: { min: 100, max: 500 }, platform: "Shopee", location: "Central", product: "juice" });

  it("opens with the template's values as text", async () => {
    const { actor } = await opened({ templates: [q1] });
    actor.send({ type: "edit.open", title: "Q1" });
    expect(selectEditDialog(actor.getSnapshot()).draft).toMatchObject({ min: "100", max: "500", platform: "Shopee", location: "Central" });
  });

  it("ignores a title it does not know", async () => {
    const { actor } = await opened({ templates: [q1] });
    actor.send({ type: "edit.open", title: "nope" });
    expect(selectEditDialog(actor.getSnapshot()).visible).toBe(false);
  });

  it("keeps only digits and one decimal point in the basket-size inputs", async () => {
    const { actor } = await opened({ templates: [q1] });
    actor.send({ type: "edit.open", title: "Q1" });
    actor.send({ type: "edit.changed", patch: { min: "12a.3.4" } });
    expect(selectEditDialog(actor.getSnapshot()).draft?.min).toBe("12.34");
  });

  it("saves the edited values under the same title, keeping the other fields", async () => {
    const { actor, calls } = await opened({ templates: [q1] });
    actor.send({ type: "edit.open", title: "Q1" });
    actor.send({ type: "edit.changed", patch: { min: "12.5", max: "", platform: "All Platform" } });
    actor.send({ type: "edit.save" });
    await flush();
    expect(calls.saveTemplate).toEqual([
      { title: "Q1", basketSize: { min: 12.5, max: null }, product: "juice", platform: "", location: "Central", status: "", disabled: false },
    ]);
    expect(selectEditDialog(actor.getSnapshot()).visible).toBe(false);
    expect(actor.getSnapshot().context.templates[0]?.basketSize).toEqual({ min: 12.5, max: null });
  });

  it("saves an edited product and status, and tells the app the template was edited", async () => {
    const { actor, calls, emitted } = await opened({ templates: [q1] });
    actor.send({ type: "edit.open", title: "Q1" });
    actor.send({ type: "edit.changed", patch: { product: "Tipco Orange 1 L", status: "Returned" } });
    actor.send({ type: "edit.save" });
    await flush();
    expect(calls.saveTemplate).toHaveLength(1);
    expect(calls.saveTemplate[0]).toMatchObject({ title: "Q1", product: "Tipco Orange 1 L", status: "returned", location: "Central" });
    expect(emitted).toContainEqual({ type: "template.edited", title: "Q1" });
  });

  it("stays open with the edits and the reason when the save is refused, and can retry", async () => {
    let attempt = 0;
    const { actor } = await opened({
      templates: [q1],
      saveTemplate: (t) => {
        attempt += 1;
        return attempt === 1
          ? Promise.reject(refusal(400, "template.basketSize.max: must not be below basketSize.min"))
          : Promise.resolve({ ...t, updated_at: "2024-03-02T09:00:00" });
      },
    });
    actor.send({ type: "edit.open", title: "Q1" });
    actor.send({ type: "edit.changed", patch: { min: "900" } });
    actor.send({ type: "edit.save" });
    await flush();
    expect(selectEditDialog(actor.getSnapshot())).toMatchObject({
      visible: true,
      error: "template.basketSize.max: must not be below basketSize.min",
    });
    expect(selectEditDialog(actor.getSnapshot()).draft?.min).toBe("900");
    actor.send({ type: "edit.changed", patch: { max: "1000" } });
    expect(selectEditDialog(actor.getSnapshot()).error).toBeNull();
    actor.send({ type: "edit.save" });
    await flush();
    expect(selectEditDialog(actor.getSnapshot()).visible).toBe(false);
  });

  it("cancel leaves the template as it was", async () => {
    const { actor, calls } = await opened({ templates: [q1] });
    actor.send({ type: "edit.open", title: "Q1" });
    actor.send({ type: "edit.changed", patch: { min: "1" } });
    actor.send({ type: "edit.cancel" });
    expect(calls.saveTemplate).toEqual([]);
    expect(actor.getSnapshot().context.templates).toEqual([q1]);
    expect(selectTab(actor.getSnapshot())).toBe("template");
  });
});

describe("filter drawer: delete confirmation", () => {
  it("deletes only after confirmation, removes the template and emits it for the activation", async () => {
    const { actor, calls, emitted } = await opened({ templates: [record("Q1"), record("Q2")] });
    actor.send({ type: "delete.open", title: "Q1" });
    expect(selectDeleteDialog(actor.getSnapshot())).toMatchObject({ visible: true, title: "Q1" });
    expect(calls.deleteTemplate).toEqual([]);
    actor.send({ type: "delete.confirm" });
    expect(selectDeleteDialog(actor.getSnapshot()).deleting).toBe(true);
    await flush();
    expect(calls.deleteTemplate).toEqual(["Q1"]);
    expect(actor.getSnapshot().context.templates.map((t) => t.title)).toEqual(["Q2"]);
    expect(emitted).toContainEqual({ type: "template.deleted", title: "Q1" });
    expect(selectDeleteDialog(actor.getSnapshot()).visible).toBe(false);
  });

  it("cancel keeps the template", async () => {
    const { actor, calls } = await opened({ templates: [record("Q1")] });
    actor.send({ type: "delete.open", title: "Q1" });
    actor.send({ type: "delete.cancel" });
    expect(calls.deleteTemplate).toEqual([]);
    expect(actor.getSnapshot().context.templates).toHaveLength(1);
  });

  it("shows a failed delete in the dialog (not only in the log) and can retry", async () => {
    let attempt = 0;
    const { actor, emitted } = await opened({
      templates: [record("Q1")],
      deleteTemplate: () => {
        attempt += 1;
        return attempt === 1 ? Promise.reject(refusal(0, "The server could not be reached.")) : Promise.resolve();
      },
    });
    actor.send({ type: "delete.open", title: "Q1" });
    actor.send({ type: "delete.confirm" });
    await flush();
    expect(selectDeleteDialog(actor.getSnapshot())).toMatchObject({ visible: true, error: "The server could not be reached." });
    expect(actor.getSnapshot().context.templates).toHaveLength(1);
    expect(emitted.filter((e) => e.type === "template.deleted")).toEqual([]);
    actor.send({ type: "delete.confirm" });
    await flush();
    expect(actor.getSnapshot().context.templates).toHaveLength(0);
  });
});
