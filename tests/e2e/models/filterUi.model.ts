/**
 * A small, invoke-free model of what a person does with the filter drawer and the template
 * switches, and what they then see (STYLE.md "Model-based tests", pattern 2). It mirrors the
 * production charts at the level of the UI: the drawer's states (machines/filterDrawer:
 * closed, Template / Filter tab, Create Template, Edit Filter, delete confirmation) and which
 * filter is active (machines/templateActivation: none, one named template, ad hoc).
 *
 * `filterUi.spec.ts` generates paths from it with xstate/graph, turns each event into clicks in
 * the real app and checks after every step that the page shows what the model's state says.
 *
 * To add behaviour: add the event here (with guards for what must be true before a person can
 * do it), add how to perform it to `perform` and, if it adds a state, what to check to `verify`
 * in filterUi.spec.ts. The suite fails when a state or transition of this model is not reached.
 */
import { assign, setup } from "xstate";

/** Two templates are enough to see "at most one active" and "switching another one on". */
export const TITLES = ["Alpha", "Bravo"] as const;
export type Title = (typeof TITLES)[number];

/** Which filter is active: none, a template by title, or the ad-hoc filter from Search. */
export type Active = { kind: "none" } | { kind: "template"; title: Title } | { kind: "adhoc" };

export interface FilterUiContext {
  /** The user's templates. */
  templates: Title[];
  active: Active;
  /** The template a dialog is about (Edit Filter, delete confirmation). */
  target: Title | null;
}

export type FilterUiEvent =
  | { type: "drawer.open" }
  | { type: "drawer.close" }
  | { type: "tab.select"; tab: "template" | "filter" }
  | { type: "create.open" }
  /** Save with an empty name. */
  | { type: "create.saveEmpty" }
  /** Save with the next free title. */
  | { type: "create.save" }
  /** Save with a name the server refuses (over 100 characters): 'Upsert Fail!!'. */
  | { type: "create.saveRefused" }
  | { type: "create.cancel" }
  | { type: "template.toggle"; title: Title }
  | { type: "edit.open"; title: Title }
  /** Types '12a.3.4' into the minimum basket size (it shows '12.34') and saves. */
  | { type: "edit.save" }
  | { type: "edit.cancel" }
  | { type: "delete.open"; title: Title }
  | { type: "delete.confirm" }
  | { type: "delete.cancel" }
  /** Sets a basket size and platform in the Filter tab and presses Search. */
  | { type: "filter.search" };

export const filterUiModel = setup({
  types: { context: {} as FilterUiContext, events: {} as FilterUiEvent },
  actions: {
    addNextTemplate: assign({ templates: ({ context }) => [...context.templates, nextTitle(context.templates)!] }),
    activate: assign({ active: (_, title: Title): Active => ({ kind: "template", title }) }),
    deactivate: assign({ active: { kind: "none" } as Active }),
    activateAdHoc: assign({ active: { kind: "adhoc" } as Active }),
    target: assign({ target: (_, title: Title) => title }),
    removeTarget: assign({ templates: ({ context }) => context.templates.filter((t) => t !== context.target), target: null }),
    forgetTarget: assign({ target: null }),
  },
  guards: {
    hasTemplates: ({ context }) => context.templates.length > 0,
    isTab: (_, { tab, wanted }: { tab: "template" | "filter"; wanted: "template" | "filter" }) => tab === wanted,
    canCreate: ({ context }) => nextTitle(context.templates) !== undefined,
    isTemplate: ({ context }, title: Title) => context.templates.includes(title),
    isActiveTemplate: ({ context }, title: Title) =>
      context.templates.includes(title) && context.active.kind === "template" && context.active.title === title,
    isAdHocActive: ({ context }) => context.active.kind === "adhoc",
    isOtherTemplateWhileNamed: ({ context }, title: Title) => context.templates.includes(title) && context.active.kind === "template",
    isTemplateWhileAdHoc: ({ context }, title: Title) => context.templates.includes(title) && context.active.kind === "adhoc",
    isTemplateActive: ({ context }) => context.active.kind === "template",
    isTargetActive: ({ context }) => context.active.kind === "template" && context.active.title === context.target,
  },
}).createMachine({
  id: "filterUi",
  context: { templates: [], active: { kind: "none" }, target: null },
  initial: "closed",
  states: {
    closed: {
      on: {
        "drawer.open": [{ guard: "hasTemplates", target: "template" }, { target: "filter" }],
      },
    },
    template: {
      on: {
        "drawer.close": { target: "closed" },
        "tab.select": { guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "filter" }) }, target: "filter" },
        "create.open": { guard: "canCreate", target: "creating" },
        "template.toggle": [
          // Switching the active template off clears it.
          { guard: { type: "isActiveTemplate", params: ({ event }) => event.title }, actions: "deactivate" },
          // Switching another one on replaces the active template (at most one is active)...
          {
            guard: { type: "isOtherTemplateWhileNamed", params: ({ event }) => event.title },
            actions: { type: "activate", params: ({ event }) => event.title },
          },
          // ...or the ad-hoc filter...
          {
            guard: { type: "isTemplateWhileAdHoc", params: ({ event }) => event.title },
            actions: { type: "activate", params: ({ event }) => event.title },
          },
          // ...or makes it the first active filter.
          {
            guard: { type: "isTemplate", params: ({ event }) => event.title },
            actions: { type: "activate", params: ({ event }) => event.title },
          },
        ],
        "edit.open": {
          guard: { type: "isTemplate", params: ({ event }) => event.title },
          target: "editing",
          actions: { type: "target", params: ({ event }) => event.title },
        },
        "delete.open": {
          guard: { type: "isTemplate", params: ({ event }) => event.title },
          target: "confirmingDelete",
          actions: { type: "target", params: ({ event }) => event.title },
        },
      },
    },
    filter: {
      on: {
        "drawer.close": { target: "closed" },
        "tab.select": { guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "template" }) }, target: "template" },
        "filter.search": [
          // Three alternatives so a path replaces each kind of active filter with the ad-hoc one.
          { guard: "isTemplateActive", target: "closed", actions: "activateAdHoc" },
          { guard: "isAdHocActive", target: "closed", actions: "activateAdHoc" },
          { target: "closed", actions: "activateAdHoc" },
        ],
      },
    },
    creating: {
      initial: "naming",
      on: {
        "create.save": { target: "template", actions: "addNextTemplate" },
        "create.saveRefused": { target: "template" },
        "create.cancel": { target: "template" },
      },
      states: {
        naming: { on: { "create.saveEmpty": { target: "required" } } },
        required: {},
      },
    },
    editing: {
      on: {
        "edit.save": { target: "template", actions: "forgetTarget" },
        "edit.cancel": { target: "template", actions: "forgetTarget" },
      },
    },
    confirmingDelete: {
      on: {
        "delete.confirm": [
          { guard: "isTargetActive", target: "template", actions: ["removeTarget", "deactivate"] },
          { target: "template", actions: "removeTarget" },
        ],
        "delete.cancel": { target: "template", actions: "forgetTarget" },
      },
    },
  },
});

function nextTitle(templates: readonly Title[]): Title | undefined {
  return TITLES.find((t) => !templates.includes(t));
}

/** Every event a person can try, with each title; the model's guards keep the possible ones. */
export const UI_EVENTS: FilterUiEvent[] = [
  { type: "drawer.open" },
  { type: "drawer.close" },
  { type: "tab.select", tab: "template" },
  { type: "tab.select", tab: "filter" },
  { type: "create.open" },
  { type: "create.saveEmpty" },
  { type: "create.save" },
  { type: "create.saveRefused" },
  { type: "create.cancel" },
  ...TITLES.flatMap((title): FilterUiEvent[] => [
    { type: "template.toggle", title },
    { type: "edit.open", title },
    { type: "delete.open", title },
  ]),
  { type: "edit.save" },
  { type: "edit.cancel" },
  { type: "delete.confirm" },
  { type: "delete.cancel" },
  { type: "filter.search" },
];
