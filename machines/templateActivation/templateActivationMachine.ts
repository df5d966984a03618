/**
 * Which filter is active (spec §4): none, one named template, or an ad-hoc filter from Search.
 * The URL is the source of truth: the app sends `activation.synced` when it changes, and writes
 * the URL when the machine emits `activation.changed` after a user's choice.
 */
import { assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { AdHocFilter } from "../../domain/viewSearch";
import { NO_FILTER, adHoc, isActiveTemplate, type ActiveFilter } from "./activeFilter";

export interface TemplateActivationContext {
  active: ActiveFilter;
}

export interface TemplateActivationInput {
  active?: ActiveFilter;
}

export type TemplateActivationEvent =
  /** The active filter as the URL shows it (load, back/forward, a link, Clear Filter). */
  | { type: "activation.synced"; active: ActiveFilter }
  /** The switch of a template was flipped. */
  | { type: "template.toggle"; title: string }
  /** Search in the Filter tab. */
  | { type: "adhoc.apply"; filter: AdHocFilter }
  | { type: "activation.clear" }
  /** A template was deleted. */
  | { type: "template.removed"; title: string };

export type TemplateActivationEmitted = { type: "activation.changed"; active: ActiveFilter };

export const templateActivationMachine = setup({
  types: {
    input: {} as TemplateActivationInput,
    context: {} as TemplateActivationContext,
    events: {} as TemplateActivationEvent,
    emitted: {} as TemplateActivationEmitted,
  },
  actions: {
    store: assign({ active: (_, active: ActiveFilter) => active }),
    activateTemplate: assign({ active: (_, title: string): ActiveFilter => ({ kind: "template", title }) }),
    activateAdHoc: assign({ active: (_, filter: AdHocFilter) => adHoc(filter) }),
    clear: assign({ active: NO_FILTER }),
    announce: emit(({ context }) => ({ type: "activation.changed" as const, active: context.active })),
  },
  guards: {
    isNamed: (_, active: ActiveFilter) => active.kind === "template",
    isAdHoc: (_, active: ActiveFilter) => active.kind === "adhoc",
    isActiveTitle: ({ context }, title: string) => isActiveTemplate(context.active, title),
  },
}).createMachine({
  id: "templateActivation",
  context: ({ input }) => ({ active: input.active ?? NO_FILTER }),
  initial: "deciding",
  on: {
    "activation.synced": { target: ".deciding", actions: { type: "store", params: ({ event }) => event.active } },
    "template.toggle": { target: ".named", actions: [{ type: "activateTemplate", params: ({ event }) => event.title }, "announce"] },
    "adhoc.apply": { target: ".adHoc", actions: [{ type: "activateAdHoc", params: ({ event }) => event.filter }, "announce"] },
  },
  states: {
    deciding: {
      description: "Enters the state that matches the stored filter (start and every sync from the URL).",
      always: [
        { guard: { type: "isNamed", params: ({ context }) => context.active }, target: "named" },
        { guard: { type: "isAdHoc", params: ({ context }) => context.active }, target: "adHoc" },
        { target: "none" },
      ],
    },
    none: {},
    named: {
      description: "One saved template is active; flipping its switch again, or deleting it, clears it.",
      on: {
        "template.toggle": [
          { guard: { type: "isActiveTitle", params: ({ event }) => event.title }, target: "none", actions: ["clear", "announce"] },
          { target: "named", actions: [{ type: "activateTemplate", params: ({ event }) => event.title }, "announce"] },
        ],
        "template.removed": {
          guard: { type: "isActiveTitle", params: ({ event }) => event.title },
          target: "none",
          actions: ["clear", "announce"],
        },
        "activation.clear": { target: "none", actions: ["clear", "announce"] },
      },
    },
    adHoc: {
      on: { "activation.clear": { target: "none", actions: ["clear", "announce"] } },
    },
  },
});

export type TemplateActivationMachine = typeof templateActivationMachine;
export type TemplateActivationActorRef = ActorRefFrom<TemplateActivationMachine>;
export type TemplateActivationSnapshot = SnapshotFrom<TemplateActivationMachine>;
