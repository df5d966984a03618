/**
 * Types, actors, actions and guards of the KPI template dialog. The chart is in
 * `kpiDialogMachine.ts`; the open dialog (Create and Edit alike) in `formState.ts`; the form
 * rules in `kpiDraft.ts`.
 */
import { assign, emit, setup } from "xstate";
import type { UpsertKpiTemplateRequest } from "../../domain/api";
import type { KpiParamKey, KpiTemplate, KpiTemplateRecord, RfmSettingName } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import {
  NO_SELECTION, failureMessage, formFromTemplate, isAdsRange, isBlankName, isSelectedParam, isTitleTaken, isValidBound,
  isValidRank, normaliseSelection, selectionOf, titleTakenMessage, withAdsRange, withBudget, withNewSegment, withParamValue, withPeriodBudget,
  withRespreadPeriods, withSegmentBound, withSegmentChange, withSelection, withTitle, withWeight, withoutAdsRange,
  withoutSegment, type ParamField, type ParamSelection, type PlanName,
} from "./kpiDraft";
import { notProvided } from "../shared/actorHelpers";

/** The dialog's mode is its top-level state (spec §4: "KPI dialog mode is save or edit"). */
export type KpiDialogMode = "save" | "edit";
export type KpiTab = "ma" | "ads" | "rfm";
export type RfmTab = "rfm" | "segment";

export interface KpiDialogContext {
  form: KpiTemplate;
  /** The title the template had when Edit opened it (sent as `title` on update); null in Create. */
  originalTitle: string | null;
  /**
   * The titles of the user's KPI templates as the KPI Setting drawer listed them when the
   * dialog opened: a name among them (other than `originalTitle`) is refused before sending.
   */
  takenTitles: readonly string[];
  selected: ParamSelection;
  /** Why the last save failed; null otherwise. */
  error: string | null;
}

export type KpiDialogEvent =
  /** `takenTitles`: the titles the KPI Setting drawer lists (a new name must not be one of them). */
  | { type: "kpi.create"; takenTitles: readonly string[] }
  | { type: "kpi.edit"; template: KpiTemplate; takenTitles: readonly string[] }
  | { type: "dialog.close" }
  | { type: "tab.select"; tab: KpiTab }
  | { type: "rfmTab.select"; tab: RfmTab }
  | { type: "form.titleChanged"; title: string }
  | { type: "form.budgetChanged"; text: string }
  | { type: "params.selected"; plan: PlanName; params: readonly KpiParamKey[] }
  | { type: "param.changed"; plan: PlanName; param: KpiParamKey; field: ParamField; text: string }
  /** The Ads date range picker: first and last day, YYYY-MM-DD. */
  | { type: "ads.rangeChanged"; start: string; end: string }
  | { type: "ads.rangeCleared" }
  /** One Ads month's budget typed by hand. */
  | { type: "period.changed"; index: number; text: string }
  | { type: "periods.respread" }
  | { type: "weight.changed"; name: RfmSettingName; text: string }
  | { type: "segment.added" }
  | { type: "segment.removed"; index: number }
  | { type: "segment.changed"; index: number; name?: string; rank?: number }
  | { type: "segment.boundChanged"; index: number; setting: RfmSettingName; min: number | null; max: number | null }
  | { type: "form.submit" };

/** What the dialog tells the app: a saved template (the list and the selection follow it), a message for the user. */
export type KpiDialogEmitted =
  | { type: "kpi.saved"; template: KpiTemplateRecord; previousTitle: string | null }
  | { type: "toast.show"; severity: "success" | "error"; summary: string; detail?: string };

export type KpiDialogTag = "busy";

/** Spec §5 / §8: the red toast of a save without a name. */
export const NAME_REQUIRED = "Please fill the template name.";
export const SAVED = "KPI template saved";

export const kpiDialogSetup = setup({
  types: {
    context: {} as KpiDialogContext,
    events: {} as KpiDialogEvent,
    emitted: {} as KpiDialogEmitted,
    tags: {} as KpiDialogTag,
  },
  actors: {
    /** `POST /user/upsert-kpi-template`; answers with the stored record. */
    saveKpiTemplate: notProvided<KpiTemplateRecord, UpsertKpiTemplateRequest>("saveKpiTemplate"),
  },
  actions: {
    startCreate: assign((_, takenTitles: readonly string[]) => ({ ...initialContext(), takenTitles })),
    startEdit: assign((_, { template, takenTitles }: { template: KpiTemplate; takenTitles: readonly string[] }) => {
      const form = formFromTemplate(template);
      return { form, selected: selectionOf(form), originalTitle: template.title, takenTitles, error: null };
    }),

    setTitle: assign({ form: ({ context }, title: string) => withTitle(context.form, title) }),
    setBudget: assign({ form: ({ context }, text: string) => withBudget(context.form, text) }),
    selectParams: assign(({ context }, { plan, params }: { plan: PlanName; params: readonly KpiParamKey[] }) => {
      const selection = normaliseSelection(params);
      return { selected: { ...context.selected, [plan]: selection }, form: withSelection(context.form, plan, selection) };
    }),
    changeParam: assign({
      form: ({ context }, e: { plan: PlanName; param: KpiParamKey; field: ParamField; text: string }) =>
        withParamValue(context.form, e.plan, e.param, e.field, e.text),
    }),
    setAdsRange: assign({ form: ({ context }, { start, end }: { start: string; end: string }) => withAdsRange(context.form, start, end) }),
    clearAdsRange: assign({ form: ({ context }) => withoutAdsRange(context.form) }),
    changePeriod: assign({ form: ({ context }, { index, text }: { index: number; text: string }) => withPeriodBudget(context.form, index, text) }),
    respreadPeriods: assign({ form: ({ context }) => withRespreadPeriods(context.form) }),
    changeWeight: assign({ form: ({ context }, { name, text }: { name: RfmSettingName; text: string }) => withWeight(context.form, name, text) }),
    addSegment: assign({ form: ({ context }) => withNewSegment(context.form) }),
    removeSegment: assign({ form: ({ context }, index: number) => withoutSegment(context.form, index) }),
    changeSegment: assign({
      form: ({ context }, { index, ...change }: { index: number; name?: string; rank?: number }) => withSegmentChange(context.form, index, change),
    }),
    changeSegmentBound: assign({
      form: ({ context }, e: { index: number; setting: RfmSettingName; min: number | null; max: number | null }) =>
        withSegmentBound(context.form, e.index, e.setting, e.min, e.max),
    }),

    notifyNameRequired: emit({ type: "toast.show" as const, severity: "error" as const, summary: NAME_REQUIRED }),
    notifyTitleTaken: emit(({ context }) => ({
      type: "toast.show" as const,
      severity: "error" as const,
      summary: titleTakenMessage(context.form.title),
    })),
    announceSaved: emit(({ context }, template: KpiTemplateRecord) => ({
      type: "kpi.saved" as const,
      template,
      previousTitle: context.originalTitle,
    })),
    notifySaved: emit({ type: "toast.show" as const, severity: "success" as const, summary: SAVED }),
    reportFailure: assign({ error: (_, { error }: { error: unknown }) => failureMessage(error, "The KPI template was not saved.") }),
    notifyFailure: emit((_, { error }: { error: unknown }) => ({
      type: "toast.show" as const,
      severity: "error" as const,
      summary: failureMessage(error, "The KPI template was not saved."),
    })),
    clearError: assign({ error: null }),
  },
  guards: {
    isNameBlank: ({ context }) => isBlankName(context.form.title),
    isTitleTaken: ({ context }) => isTitleTaken(context.form.title, context.takenTitles, context.originalTitle),
    isTab: (_, { tab, wanted }: { tab: KpiTab; wanted: KpiTab }) => tab === wanted,
    isRfmTab: (_, { tab, wanted }: { tab: RfmTab; wanted: RfmTab }) => tab === wanted,
    isSelectedParam: ({ context }, { plan, param }: { plan: PlanName; param: KpiParamKey }) => isSelectedParam(context.selected, plan, param),
    isAdsRange: (_, { start, end }: { start: string; end: string }) => isAdsRange(start, end),
    isValidRank: (_, rank: number | undefined) => isValidRank(rank),
    isValidBound: (_, { min, max }: { min: number | null; max: number | null }) => isValidBound(min, max),
  },
});

export const initialContext = (): KpiDialogContext => ({
  form: emptyKpiTemplate(),
  originalTitle: null,
  takenTitles: [],
  selected: NO_SELECTION,
  error: null,
});
