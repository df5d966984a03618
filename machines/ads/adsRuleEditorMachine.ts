/**
 * The rule editor of the /ads automation section (issue 15): New rule and Edit in one dialog, and
 * Delete with a confirmation.
 *
 * - `closed` → `editing` on `rule.new` (an empty form) or `rule.edit` (the stored rule's form);
 *   → `confirmingDelete` on `rule.delete`.
 * - `editing`: `draft.set` changes fields; `rule.save` on a form with problems (`ruleProblems`,
 *   domain/adsRules.ts) stays in `editing` and shows each under its field; a valid one goes to
 *   `saving`. `rule.cancel` closes.
 * - `saving` → `saved` (the dialog closes; `notifySaved` with the alerts the rule raised over the
 *   last 365 days) | `editing` when the server refuses a field (400 naming it: its message shows
 *   under that field) | `failed` (the reason; edit, save again or cancel).
 * - `saved` is closed, after a save: the same events open the dialog again.
 * - `confirmingDelete` → `deleting` on `rule.confirmDelete` → `closed` (`notifyDeleted`) |
 *   `confirmingDelete` with the reason (Try again).
 *
 * The brand travels with the event that opens the dialog: the rule is saved for the brand shown
 * when it was opened.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { AdsRule, UpsertAdsRuleRequest, UpsertAdsRuleResponse as UpsertResponseSchema } from "../../domain/adsContract";
import type { RuleProblem } from "../../domain/adsRules";
import { failureMessage, notProvided } from "../shared/actorHelpers";
import { EMPTY_RULE_FORM, draftOf, fieldRefusal, formOf, formProblems, type RuleForm } from "./adsRuleForm";

/** The answer of a save: the stored rule and the alerts it raised over the last 365 days. */
export type UpsertAdsRuleResponse = typeof UpsertResponseSchema.Type;

export interface AdsRuleEditorContext {
  readonly brand: string;
  /** The rule edited (or to delete); null for a new rule. */
  readonly id: number | null;
  /** The rule's name when it was opened (the delete confirmation names it). */
  readonly originalName: string;
  readonly form: RuleForm;
  /** The form's problems show once Save was pressed (then live, as the fields change). */
  readonly showProblems: boolean;
  /** A field the server refused, until the form changes. */
  readonly serverProblem: RuleProblem | null;
  /** Why the last save or delete failed. */
  readonly error: string | null;
}

export type AdsRuleEditorEvent =
  | { readonly type: "rule.new"; readonly brand: string }
  | { readonly type: "rule.edit"; readonly brand: string; readonly rule: AdsRule }
  | { readonly type: "rule.delete"; readonly brand: string; readonly rule: AdsRule }
  | { readonly type: "draft.set"; readonly patch: Partial<RuleForm> }
  | { readonly type: "rule.save" }
  | { readonly type: "rule.cancel" }
  | { readonly type: "rule.confirmDelete" };

export const SAVE_FAILED = "The rule was not saved.";
export const DELETE_FAILED = "The rule was not deleted.";

export const INITIAL_EDITOR_CONTEXT: AdsRuleEditorContext = {
  brand: "",
  id: null,
  originalName: "",
  form: EMPTY_RULE_FORM,
  showProblems: false,
  serverProblem: null,
  error: null,
};

export const adsRuleEditorMachine = setup({
  types: {
    context: {} as AdsRuleEditorContext,
    events: {} as AdsRuleEditorEvent,
    tags: {} as "busy",
  },
  actors: {
    /** `POST /user/upsert-ads-rule`: the stored rule and the alerts it raised. */
    saveRule: notProvided<UpsertAdsRuleResponse, UpsertAdsRuleRequest>("saveRule"),
    /** `POST /user/delete-ads-rule`. */
    deleteRule: notProvided<unknown, { brand: string; id: number }>("deleteRule"),
  },
  actions: {
    /** A rule was saved: the feature says how many alerts it raised and reloads the lists. */
    notifySaved: (_, _params: { response: UpsertAdsRuleResponse }) => undefined,
    /** A rule was deleted: the feature says so and reloads the lists. */
    notifyDeleted: (_, _params: { name: string }) => undefined,
    startNew: assign((_, params: { brand: string }) => ({ ...INITIAL_EDITOR_CONTEXT, brand: params.brand })),
    startEdit: assign((_, params: { brand: string; rule: AdsRule }) => ({
      ...INITIAL_EDITOR_CONTEXT,
      brand: params.brand,
      id: params.rule.id,
      originalName: params.rule.name,
      form: formOf(params.rule),
    })),
    startDelete: assign((_, params: { brand: string; rule: AdsRule }) => ({
      ...INITIAL_EDITOR_CONTEXT,
      brand: params.brand,
      id: params.rule.id,
      originalName: params.rule.name,
    })),
    setFields: assign(({ context }, params: { patch: Partial<RuleForm> }) => ({ form: { ...context.form, ...params.patch }, serverProblem: null, error: null })),
    showProblems: assign({ showProblems: true }),
    storeServerProblem: assign((_, params: { problem: RuleProblem | null }) => ({ serverProblem: params.problem, showProblems: true })),
    storeFailure: assign((_, params: { error: unknown; fallback: string }) => ({ error: failureMessage(params.error, params.fallback) })),
    clearError: assign({ error: null }),
  },
  guards: {
    hasProblems: ({ context }) => formProblems(context.form).length > 0,
    isFieldRefusal: (_, params: { error: unknown }) => fieldRefusal(params.error) !== null,
  },
}).createMachine({
  id: "adsRuleEditor",
  description: "The /ads rule editor: New rule and Edit in one dialog (a draft checked field by field), and Delete with a confirmation.", // i18n-ignore: statechart description (inspector, docs)
  context: INITIAL_EDITOR_CONTEXT,
  initial: "closed",
  states: {
    closed: {
      description: "No dialog.", // i18n-ignore: statechart description (inspector, docs)
      on: {
        "rule.new": { target: "editing", actions: { type: "startNew", params: ({ event }) => event } },
        "rule.edit": { target: "editing", actions: { type: "startEdit", params: ({ event }) => event } },
        "rule.delete": { target: "confirmingDelete", actions: { type: "startDelete", params: ({ event }) => event } },
      },
    },
    editing: {
      description: "The dialog with the draft; after a Save its problems show under their fields.", // i18n-ignore: statechart description (inspector, docs)
      on: {
        "draft.set": { actions: { type: "setFields", params: ({ event }) => event } },
        "rule.save": [
          { guard: "hasProblems", actions: "showProblems", description: "The draft has problems: each shows under its field; nothing is sent." }, // i18n-ignore: statechart description (inspector, docs)
          { target: "saving" },
        ],
        "rule.cancel": { target: "closed" },
      },
    },
    saving: {
      tags: ["busy"],
      description: "The rule is sent; the server stores it and evaluates it over the last 365 days.", // i18n-ignore: statechart description (inspector, docs)
      invoke: {
        src: "saveRule",
        input: ({ context }) => ({ brand: context.brand, ...(context.id === null ? {} : { id: context.id }), rule: draftOf(context.form) }),
        onDone: { target: "saved", actions: { type: "notifySaved", params: ({ event }) => ({ response: event.output }) } },
        onError: [
          {
            guard: { type: "isFieldRefusal", params: ({ event }) => ({ error: event.error }) },
            target: "editing",
            actions: { type: "storeServerProblem", params: ({ event }) => ({ problem: fieldRefusal(event.error) }) },
            description: "The server refused a field (400 naming it): its message shows under the field.", // i18n-ignore: statechart description (inspector, docs)
          },
          { target: "failed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: SAVE_FAILED }) } },
        ],
      },
    },
    saved: {
      description: "The rule was saved and the dialog closed; the same events open it again.", // i18n-ignore: statechart description (inspector, docs)
      on: {
        "rule.new": { target: "editing", actions: { type: "startNew", params: ({ event }) => event } },
        "rule.edit": { target: "editing", actions: { type: "startEdit", params: ({ event }) => event } },
        "rule.delete": { target: "confirmingDelete", actions: { type: "startDelete", params: ({ event }) => event } },
      },
    },
    failed: {
      description: "The save failed (not a field): the dialog says why; an edit goes back to editing, Save sends again.", // i18n-ignore: statechart description (inspector, docs)
      exit: "clearError",
      on: {
        "draft.set": { target: "editing", actions: { type: "setFields", params: ({ event }) => event } },
        "rule.save": { target: "saving" },
        "rule.cancel": { target: "closed" },
      },
    },
    confirmingDelete: {
      description: "Delete the rule? Cancel or Delete (Try again after a failure).", // i18n-ignore: statechart description (inspector, docs)
      on: {
        "rule.confirmDelete": { target: "deleting" },
        "rule.cancel": { target: "closed" },
      },
    },
    deleting: {
      tags: ["busy"],
      description: "The rule and its alerts are deleted.", // i18n-ignore: statechart description (inspector, docs)
      entry: "clearError",
      invoke: {
        src: "deleteRule",
        input: ({ context }) => ({ brand: context.brand, id: context.id ?? 0 }),
        onDone: { target: "closed", actions: { type: "notifyDeleted", params: ({ context }) => ({ name: context.originalName }) } },
        onError: { target: "confirmingDelete", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: DELETE_FAILED }) } },
      },
    },
  },
});

export type AdsRuleEditorActorRef = ActorRefFrom<typeof adsRuleEditorMachine>;
export type AdsRuleEditorSnapshot = SnapshotFrom<typeof adsRuleEditorMachine>;
