/**
 * A small, invoke-free model of what a person does with the KPI Setting drawer and the KPI
 * template dialog, and what they then see (STYLE.md "Model-based tests", pattern 2). It mirrors
 * the production charts at the level of the UI:
 *
 * - machines/kpiDrawer: the drawer closed or open, its list and the delete confirmation
 *   'Are you sure to delete this?';
 * - machines/kpiDialog: the dialog in `save` (Create KPI Template, Save) or `edit` (Edit KPI
 *   Template, Update) mode, each with the tabs MA, Ads and RFM Setting (sub-tabs RFM and
 *   Segment), the red toast 'Please fill the template name.' of a blank name, a save that closes
 *   the dialog and lists the template, and a name another template has (a create under it, or a
 *   rename onto it), which the dialog refuses before sending anything: the red toast 'A KPI
 *   template named "…" already exists.', the dialog stays as it was (its `isTitleTaken` guard);
 * - machines/kpiSelection: at most one template selected (the URL's `kpi` param); selecting it
 *   again or deleting it deselects it, renaming it keeps it selected under the new title.
 *
 * The context holds only what the screen shows, kept small: two titles; one parameter per plan
 * (Reach in MA, Click in Ads: selected with a KPI value, so a saved template shows it again in
 * Edit and in the drawer's summary); the number of segment cards, 9 (the defaults) or 10. To
 * keep the graph small a template is saved either blank (no parameter, the default segments) or
 * planned (Reach, Click and one more segment); the form can be anything in between.
 *
 * `kpiUi.spec.ts` walks paths generated from it (`uiPaths.ts`), turns each event into clicks in
 * the real app and checks after every step that the page shows what the model's state says.
 * To add behaviour: add the event here (with guards for what must be true before a person can
 * do it), then how to perform it (`perform`) and what it shows (`verify`) in kpiUi.spec.ts.
 */
import { assign, setup } from "xstate";

export const TITLES = ["Alpha", "Bravo"] as const;
export type Title = (typeof TITLES)[number];

/** The default segment cards of a new template, and the most the model adds. */
export const DEFAULT_SEGMENTS = 9;
export const MAX_SEGMENTS = 10;

/** A stored template as the drawer (and Edit) shows it. */
export interface KpiShown {
  title: Title;
  /** Planned: MA Reach and Ads Click with a KPI value, and a tenth segment; else blank. */
  planned: boolean;
}

/** The open dialog's form. */
export interface KpiForm {
  /** The Template name field. */
  name: Title | "";
  /** MA: Reach selected (its row shown, with a KPI value). */
  reach: boolean;
  /** Ads: Click selected (its row shown, with a KPI value). */
  click: boolean;
  /** Segment cards. */
  segments: number;
}

const BLANK: Omit<KpiForm, "name"> = { reach: false, click: false, segments: DEFAULT_SEGMENTS };
const PLANNED: Omit<KpiForm, "name"> = { reach: true, click: true, segments: MAX_SEGMENTS };
const isPlanned = (f: KpiForm) => f.reach === PLANNED.reach && f.click === PLANNED.click && f.segments === PLANNED.segments;
const isBlank = (f: KpiForm) => f.reach === BLANK.reach && f.click === BLANK.click && f.segments === BLANK.segments;

export interface KpiUiContext {
  /** The user's KPI templates, by title. */
  templates: KpiShown[];
  /** The selected template (the URL's `kpi` param). */
  selected: Title | null;
  /** The dialog's form while it is open. */
  form: KpiForm | null;
  /** The template Edit opened, or the delete confirmation is about. */
  target: Title | null;
}

export type KpiPlan = "MA" | "ADS";

export type KpiUiEvent =
  | { type: "drawer.open" }
  | { type: "drawer.close" }
  | { type: "create.open" }
  | { type: "edit.open"; title: Title }
  | { type: "tab.select"; tab: "ma" | "ads" | "rfm" }
  | { type: "rfmTab.select"; tab: "rfm" | "segment" }
  /** Clicks Reach (MA) or Click (Ads); switching it on also types its KPI. */
  | { type: "param.toggle"; plan: KpiPlan }
  /** '+ Add KPI Segment' (only under RFM Setting): a 'New Segment' card, shown on the Segment sub-tab. */
  | { type: "segment.add" }
  /** Deletes the last segment card. */
  | { type: "segment.remove" }
  /** Save / Update with the name field blank. */
  | { type: "submit.blank" }
  /** Save / Update with this name. */
  | { type: "submit.named"; title: Title }
  | { type: "dialog.close" }
  | { type: "template.select"; title: Title }
  | { type: "delete.open"; title: Title }
  | { type: "delete.confirm" }
  | { type: "delete.cancel" };

type Submit = { title: Title };

const savable = (c: KpiUiContext) => c.form !== null && (isBlank(c.form) || isPlanned(c.form));
const byTitle = (list: KpiShown[]) => [...list].sort((a, b) => a.title.localeCompare(b.title));

const kpiUiSetup = setup({
  types: { context: {} as KpiUiContext, events: {} as KpiUiEvent },
  actions: {
    startCreate: assign({ form: (): KpiForm => ({ name: "", ...BLANK }), target: null }),
    startEdit: assign(({ context }, title: Title) => {
      const planned = context.templates.find((x) => x.title === title)!.planned;
      return { form: { name: title, ...(planned ? PLANNED : BLANK) }, target: title };
    }),
    closeForm: assign({ form: null, target: null }),
    blankName: assign({ form: ({ context }) => ({ ...context.form!, name: "" as const }) }),
    toggleParam: assign({
      form: ({ context }, plan: KpiPlan) =>
        plan === "MA" ? { ...context.form!, reach: !context.form!.reach } : { ...context.form!, click: !context.form!.click },
    }),
    addSegment: assign({ form: ({ context }) => ({ ...context.form!, segments: context.form!.segments + 1 }) }),
    removeSegment: assign({ form: ({ context }) => ({ ...context.form!, segments: context.form!.segments - 1 }) }),
    /** The name typed stays in the field; nothing else changes (nothing was sent). */
    refuse: assign({ form: ({ context }, { title }: Submit) => ({ ...context.form!, name: title }) }),
    /** Stores the form under `title`, in place of the edited template (also on a rename) or as a new one. */
    store: assign({
      templates: ({ context }, { title }: Submit) => {
        const planned = isPlanned(context.form!);
        return byTitle([...context.templates.filter((t) => t.title !== context.target), { title, planned }]);
      },
      form: null,
      target: null,
    }),
    /** A rename of the selected template keeps it selected under the new title. */
    selectRenamed: assign({ selected: (_, { title }: Submit) => title }),
    select: assign({ selected: (_, title: Title) => title }),
    deselect: assign({ selected: null }),
    target: assign({ target: (_, title: Title) => title }),
    removeTarget: assign({ templates: ({ context }) => context.templates.filter((t) => t.title !== context.target), target: null }),
    forgetTarget: assign({ target: null }),
  },
  guards: {
    isTemplate: ({ context }, title: Title) => context.templates.some((t) => t.title === title),
    isPlannedTemplate: ({ context }, title: Title) => context.templates.some((t) => t.title === title && t.planned),
    isSelected: ({ context }, title: Title) => context.selected === title,
    isOtherWhileSelected: ({ context }, title: Title) => context.selected !== null && context.templates.some((t) => t.title === title),
    isTargetSelected: ({ context }) => context.target !== null && context.selected === context.target,
    isTab: (_, { tab, wanted }: { tab: string; wanted: string }) => tab === wanted,
    /** The event is about this tab's parameter, and it is on (`on`) or off. */
    isParam: ({ context }, { plan, wanted, on }: { plan: KpiPlan; wanted: KpiPlan; on: boolean }) =>
      plan === wanted && (wanted === "MA" ? context.form?.reach : context.form?.click) === on,
    canAddSegment: ({ context }) => (context.form?.segments ?? MAX_SEGMENTS) < MAX_SEGMENTS,
    canRemoveSegment: ({ context }) => (context.form?.segments ?? DEFAULT_SEGMENTS) > DEFAULT_SEGMENTS,
    // Saving (the form is blank or planned, see the file comment):
    /** Create: a title no template has. */
    isFreeTitle: ({ context }, { title }: Submit) => savable(context) && !context.templates.some((t) => t.title === title),
    /** Update under the same title. */
    isSameTitle: ({ context }, { title }: Submit) => savable(context) && context.target === title,
    /** Rename of the selected template to a free title. */
    isRenameOfSelected: ({ context }, { title }: Submit) =>
      savable(context) && context.target !== title && context.selected === context.target && !context.templates.some((t) => t.title === title),
    /** Rename of another template to a free title. */
    isRename: ({ context }, { title }: Submit) => savable(context) && context.target !== title && !context.templates.some((t) => t.title === title),
    /** Create under the title of a template: the dialog refuses it (whatever the form holds). */
    isTakenTitle: ({ context }, { title }: Submit) => context.templates.some((t) => t.title === title),
    /** Rename onto the title of another template: the dialog refuses it (whatever the form holds). */
    isRenameOntoOther: ({ context }, { title }: Submit) => context.target !== title && context.templates.some((t) => t.title === title),
  },
});

type Handlers = NonNullable<Parameters<typeof kpiUiSetup.createStateConfig>[0]["on"]>;

/** Switching a tab's parameter on, or off: two transitions, so the paths must do both. */
function paramToggle(wanted: KpiPlan): Handlers["param.toggle"] {
  return [
    { guard: { type: "isParam", params: ({ event }) => ({ plan: event.plan, wanted, on: true }) }, actions: { type: "toggleParam", params: wanted } },
    { guard: { type: "isParam", params: ({ event }) => ({ plan: event.plan, wanted, on: false }) }, actions: { type: "toggleParam", params: wanted } },
  ];
}

/** The open dialog, alike in both modes (as machines/kpiDialog/formState.ts): its tabs, a blank submit, closing it. */
function dialogState(submitNamed: Handlers["submit.named"]) {
  const toTab = (wanted: "ma" | "ads" | "rfm") => ({
    guard: { type: "isTab" as const, params: ({ event }: { event: { tab: string } }) => ({ tab: event.tab, wanted }) },
    target: wanted,
  });
  return kpiUiSetup.createStateConfig({
    initial: "ma",
    on: {
      // The red toast; the dialog stays as it was, with the name field blank.
      "submit.blank": { actions: "blankName" },
      "submit.named": submitNamed,
      "dialog.close": { target: "#kpiUi.open.list", actions: "closeForm" },
    },
    states: {
      ma: { on: { "tab.select": [toTab("ads"), toTab("rfm")], "param.toggle": paramToggle("MA") } },
      ads: { on: { "tab.select": [toTab("ma"), toTab("rfm")], "param.toggle": paramToggle("ADS") } },
      rfm: {
        description: "RFM Setting: opens on the RFM sub-tab; '+ Add KPI Segment' shows the Segment sub-tab.",
        initial: "rfm",
        on: {
          "tab.select": [toTab("ma"), toTab("ads")],
          "segment.add": { guard: "canAddSegment", target: ".segment", actions: "addSegment" },
        },
        states: {
          rfm: {
            on: { "rfmTab.select": { guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "segment" }) }, target: "segment" } },
          },
          segment: {
            on: {
              "rfmTab.select": { guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "rfm" }) }, target: "rfm" },
              "segment.remove": { guard: "canRemoveSegment", actions: "removeSegment" },
            },
          },
        },
      },
    },
  });
}

export const kpiUiModel = kpiUiSetup.createMachine({
  id: "kpiUi",
  context: { templates: [], selected: null, form: null, target: null },
  initial: "closed",
  states: {
    closed: {
      on: { "drawer.open": { target: "open" } },
    },
    open: {
      initial: "list",
      states: {
        list: {
          on: {
            "drawer.close": { target: "#kpiUi.closed" },
            "create.open": { target: "save", actions: "startCreate" },
            "edit.open": [
              // A planned template shows its parameters pre-selected and its tenth segment...
              {
                guard: { type: "isPlannedTemplate", params: ({ event }) => event.title },
                target: "edit",
                actions: { type: "startEdit", params: ({ event }) => event.title },
              },
              // ...a blank one none and the default segments.
              {
                guard: { type: "isTemplate", params: ({ event }) => event.title },
                target: "edit",
                actions: { type: "startEdit", params: ({ event }) => event.title },
              },
            ],
            "template.select": [
              // Selecting the selected template again deselects it.
              { guard: { type: "isSelected", params: ({ event }) => event.title }, actions: "deselect" },
              // Selecting another one replaces it (at most one is selected)...
              {
                guard: { type: "isOtherWhileSelected", params: ({ event }) => event.title },
                actions: { type: "select", params: ({ event }) => event.title },
              },
              // ...or makes it the first selected one.
              { guard: { type: "isTemplate", params: ({ event }) => event.title }, actions: { type: "select", params: ({ event }) => event.title } },
            ],
            "delete.open": {
              guard: { type: "isTemplate", params: ({ event }) => event.title },
              target: "confirmingDelete",
              actions: { type: "target", params: ({ event }) => event.title },
            },
          },
        },
        confirmingDelete: {
          description: "'Are you sure to delete this?'",
          on: {
            "delete.confirm": [
              // Deleting the selected template deselects it.
              { guard: "isTargetSelected", target: "list", actions: ["removeTarget", "deselect"] },
              { target: "list", actions: "removeTarget" },
            ],
            "delete.cancel": { target: "list", actions: "forgetTarget" },
          },
        },
        save: {
          description: "Create KPI Template: an empty form with the default segments; the button says Save.",
          ...dialogState([
            { guard: { type: "isFreeTitle", params: ({ event }) => event }, target: "list", actions: { type: "store", params: ({ event }) => event } },
            // Refused before anything is sent (a create would replace that template): the dialog stays on its tab.
            { guard: { type: "isTakenTitle", params: ({ event }) => event }, actions: { type: "refuse", params: ({ event }) => event } },
          ]),
        },
        edit: {
          description: "Edit KPI Template: the stored template; the button says Update. Saving under another title renames it.",
          ...dialogState([
            { guard: { type: "isSameTitle", params: ({ event }) => event }, target: "list", actions: { type: "store", params: ({ event }) => event } },
            {
              guard: { type: "isRenameOfSelected", params: ({ event }) => event },
              target: "list",
              actions: [{ type: "selectRenamed", params: ({ event }) => event }, { type: "store", params: ({ event }) => event }],
            },
            { guard: { type: "isRename", params: ({ event }) => event }, target: "list", actions: { type: "store", params: ({ event }) => event } },
            // Refused before anything is sent: the dialog stays on its tab.
            { guard: { type: "isRenameOntoOther", params: ({ event }) => event }, actions: { type: "refuse", params: ({ event }) => event } },
          ]),
        },
      },
    },
  },
});

/** Every event a person can try, with each title; the model's guards keep the possible ones. */
export const KPI_UI_EVENTS: KpiUiEvent[] = [
  { type: "drawer.open" },
  { type: "drawer.close" },
  { type: "create.open" },
  { type: "tab.select", tab: "ma" },
  { type: "tab.select", tab: "ads" },
  { type: "tab.select", tab: "rfm" },
  { type: "rfmTab.select", tab: "rfm" },
  { type: "rfmTab.select", tab: "segment" },
  { type: "param.toggle", plan: "MA" },
  { type: "param.toggle", plan: "ADS" },
  { type: "segment.add" },
  { type: "segment.remove" },
  { type: "submit.blank" },
  { type: "dialog.close" },
  ...TITLES.flatMap((title): KpiUiEvent[] => [
    { type: "submit.named", title },
    { type: "template.select", title },
    { type: "edit.open", title },
    { type: "delete.open", title },
  ]),
  { type: "delete.confirm" },
  { type: "delete.cancel" },
];

export function describeKpiUiEvent(e: KpiUiEvent): string {
  if ("title" in e) return `${e.type}(${e.title})`;
  if ("tab" in e) return `${e.type}(${e.tab})`;
  if ("plan" in e) return `${e.type}(${e.plan === "MA" ? "Reach" : "Click"})`;
  return e.type;
}
