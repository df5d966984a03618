/**
 * Pure rules of the KPI template dialog's form (spec §4, §5, issue 4): the form Edit starts
 * from, the parameter selection, the Ads months, the RFM weights and the segment cards. The
 * chart (`kpiDialogMachine.ts`, `formState.ts`) only calls these. Figures (remaining budget and
 * percent, cost per unit, warnings) are not kept here: the UI derives them from the form with
 * domain/kpi.ts and domain/kpiPlan.ts.
 *
 * Ads months: whenever the Ads parameter budgets change and the Ads plan has months, the months
 * are spread again pro rata over the same date range, so they keep adding up to the Ads budget.
 * A month edited by hand is replaced then (it no longer matches the new total anyway).
 */
import { castDraft, produce, type Draft } from "immer";
import type { UpsertKpiTemplateRequest } from "../../domain/api";
import {
  KpiParamKeys, RfmSettingNames, SelectableKpiParams,
  type KpiParamKey, type KpiPlan, type KpiTemplate, type KpiValue, type RfmBlock, type RfmSettingName, type RfmWeight,
  type Segment, type SegmentBound,
} from "../../domain/entities";
import { emptyKpiPlan, resetUnselectedParams, sanitizeNumericInput, selectedParamsOf } from "../../domain/kpi";
import { newSegment, periodsRange, planBudgetTotal, setPeriodBudget, splitBudgetByMonth } from "../../domain/kpiPlan";
import { failureMessage as sharedFailureMessage } from "../shared/actorHelpers";

export type PlanName = "MA" | "ADS";
export type ParamField = "kpi" | "budget";

/** The parameters chosen on the toggle cards of each plan, in {@link KpiParamKeys} order. */
export interface ParamSelection {
  readonly MA: readonly KpiParamKey[];
  readonly ADS: readonly KpiParamKey[];
}
export const NO_SELECTION: ParamSelection = { MA: [], ADS: [] };

const SELECTABLE = new Set<KpiParamKey>(SelectableKpiParams.map((p) => p.key));

// ---------------------------------------------------------------------------------------------
// Edit: the stored template as a complete form
// ---------------------------------------------------------------------------------------------

/** A plan as a stored (possibly older or partial) record may hold it. */
type LoosePlan = Partial<Omit<KpiPlan, KpiParamKey>> & { readonly [K in KpiParamKey]?: Partial<KpiValue> };

function planFromStored(plan: LoosePlan | undefined): KpiPlan {
  const empty = emptyKpiPlan();
  const params = Object.fromEntries(
    KpiParamKeys.map((k) => [k, { kpi: plan?.[k]?.kpi ?? empty[k].kpi, budget: plan?.[k]?.budget ?? empty[k].budget }]),
  ) as { [K in KpiParamKey]: KpiValue };
  return { setMonth: (plan?.setMonth ?? []).map((p) => ({ ...p })), ...params };
}

function boundsFromStored(bounds: readonly SegmentBound[] | undefined): SegmentBound[] | undefined {
  if (bounds === undefined) return undefined;
  const kept = RfmSettingNames.flatMap((name) => {
    const b = bounds.find((x) => x.name === name);
    return b === undefined ? [] : [{ name, min: b.min, max: b.max }];
  });
  return kept.length === 0 ? undefined : kept;
}

function segmentFromStored(s: Segment): Segment {
  const setting = boundsFromStored(s.setting);
  return setting === undefined ? { name: s.name, rank: s.rank } : { name: s.name, rank: s.rank, setting };
}

/**
 * The form Edit starts from: a copy of the stored template in the full shape, so every input has
 * a value to show. Missing parameters are empty; RFM becomes exactly `[{ setting: [Recency,
 * Frequency, Monetary] }, { segment: [...] }]` whatever order the blocks came in. A template
 * stored without a segment block gets none (the default segments are for Create only).
 */
export function formFromTemplate(template: KpiTemplate): KpiTemplate {
  const blocks: readonly RfmBlock[] = template.RFM ?? [];
  const settingBlock = blocks.find((b): b is Extract<RfmBlock, { setting: unknown }> => "setting" in b);
  const segmentBlock = blocks.find((b): b is Extract<RfmBlock, { segment: unknown }> => "segment" in b);
  return {
    title: template.title,
    Budget: template.Budget ?? "",
    MA: planFromStored(template.MA),
    ADS: planFromStored(template.ADS),
    RFM: [
      { setting: RfmSettingNames.map((name) => ({ name, weight: settingBlock?.setting.find((w) => w.name === name)?.weight ?? "" })) },
      { segment: (segmentBlock?.segment ?? []).map(segmentFromStored) },
    ],
  };
}

/**
 * The cards Edit pre-selects (spec §4: the parameters that have a KPI value). Only parameters
 * the dialog offers are selected; a stored gmv or nmv value stays in the form untouched until
 * the selection of its plan changes.
 */
export function selectionOf(form: KpiTemplate): ParamSelection {
  return {
    MA: selectedParamsOf(form.MA).filter((k) => SELECTABLE.has(k)),
    ADS: selectedParamsOf(form.ADS).filter((k) => SELECTABLE.has(k)),
  };
}

// ---------------------------------------------------------------------------------------------
// Parameters
// ---------------------------------------------------------------------------------------------

/** A selection as the multi-select sends it, cleaned: offered keys only, no duplicates, in {@link KpiParamKeys} order. */
export function normaliseSelection(params: readonly KpiParamKey[]): KpiParamKey[] {
  const chosen = new Set(params);
  return KpiParamKeys.filter((k) => SELECTABLE.has(k) && chosen.has(k));
}

/** Spreads the Ads months again over their own range with the plan's current budget (see the file comment). */
function respread(plan: KpiPlan): KpiPlan {
  const range = periodsRange(plan.setMonth);
  if (range === null) return plan;
  const months = splitBudgetByMonth(range.start, range.end, planBudgetTotal(plan));
  return months === null ? plan : { ...plan, setMonth: months };
}

function withPlan(form: KpiTemplate, name: PlanName, plan: KpiPlan): KpiTemplate {
  return { ...form, [name]: name === "ADS" ? respread(plan) : plan };
}

/** Applies a new (normalised) selection to a plan: unselected parameters are reset to empty kpi and budget (spec §4). */
export function withSelection(form: KpiTemplate, name: PlanName, selection: readonly KpiParamKey[]): KpiTemplate {
  const plan = form[name];
  const next = resetUnselectedParams(plan, selection);
  const budgetsChanged = KpiParamKeys.some((k) => next[k].budget !== plan[k].budget);
  return budgetsChanged ? withPlan(form, name, next) : { ...form, [name]: next };
}

/** A Budget or KPI input of a parameter row: digits and one decimal point only (spec §5). */
export function withParamValue(form: KpiTemplate, name: PlanName, param: KpiParamKey, field: ParamField, text: string): KpiTemplate {
  const plan = form[name];
  const next: KpiPlan = { ...plan, [param]: { ...plan[param], [field]: sanitizeNumericInput(text) } };
  return field === "budget" ? withPlan(form, name, next) : { ...form, [name]: next };
}

export function isSelectedParam(selection: ParamSelection, name: PlanName, param: KpiParamKey): boolean {
  return selection[name].includes(param);
}

// ---------------------------------------------------------------------------------------------
// Ads months
// ---------------------------------------------------------------------------------------------

/** True when the Ads date picker's range can be split into months (days that exist, end not before start, at most 120 months). */
export function isAdsRange(start: string, end: string): boolean {
  return splitBudgetByMonth(start, end, "") !== null;
}

/** The Ads months of a picked range, each with its pro-rata share of the Ads budget; an unusable range changes nothing. */
export function withAdsRange(form: KpiTemplate, start: string, end: string): KpiTemplate {
  const months = splitBudgetByMonth(start, end, planBudgetTotal(form.ADS));
  return months === null ? form : { ...form, ADS: { ...form.ADS, setMonth: months } };
}

export function withoutAdsRange(form: KpiTemplate): KpiTemplate {
  return { ...form, ADS: { ...form.ADS, setMonth: [] } };
}

/** One month's budget edited by hand; an index out of range changes nothing. */
export function withPeriodBudget(form: KpiTemplate, index: number, text: string): KpiTemplate {
  return { ...form, ADS: { ...form.ADS, setMonth: setPeriodBudget(form.ADS.setMonth, index, sanitizeNumericInput(text)) } };
}

/** Spreads the Ads budget over the months again (undoes hand edits); no months, no change. */
export function withRespreadPeriods(form: KpiTemplate): KpiTemplate {
  return { ...form, ADS: respread(form.ADS) };
}

// ---------------------------------------------------------------------------------------------
// RFM weights and segments
// ---------------------------------------------------------------------------------------------

/** The Recency, Frequency and Monetary weights of a form (in that order for a form of this dialog). */
export function rfmWeights(form: KpiTemplate): readonly RfmWeight[] {
  for (const block of form.RFM) if ("setting" in block) return block.setting;
  return [];
}

/** The segment cards of a form. */
export function rfmSegments(form: KpiTemplate): readonly Segment[] {
  for (const block of form.RFM) if ("segment" in block) return block.segment;
  return [];
}

type DraftTemplate = Draft<KpiTemplate>;

function draftWeights(d: DraftTemplate): Draft<RfmWeight>[] | undefined {
  for (const block of d.RFM) if ("setting" in block) return block.setting;
  return undefined;
}

function draftSegments(d: DraftTemplate): Draft<Segment>[] | undefined {
  for (const block of d.RFM) if ("segment" in block) return block.segment;
  return undefined;
}

/** A weight input of the RFM tab: digits and one decimal point only. */
export function withWeight(form: KpiTemplate, name: RfmSettingName, text: string): KpiTemplate {
  return produce(form, (d) => {
    const weight = draftWeights(d)?.find((w) => w.name === name);
    if (weight !== undefined) weight.weight = sanitizeNumericInput(text);
  });
}

/** '+ Add KPI Segment': a card with a free name and the next rank (domain `newSegment`). */
export function withNewSegment(form: KpiTemplate): KpiTemplate {
  return produce(form, (d) => {
    draftSegments(d)?.push(castDraft(newSegment(rfmSegments(form))));
  });
}

export function withoutSegment(form: KpiTemplate, index: number): KpiTemplate {
  return produce(form, (d) => {
    const segments = draftSegments(d);
    if (segments !== undefined && index >= 0 && index < segments.length) segments.splice(index, 1);
  });
}

/** A segment rank must be a whole number (the schema's rule); anything else is not applied. */
export function isValidRank(rank: number | undefined): boolean {
  return rank === undefined || Number.isInteger(rank);
}

/** A card's name (kept as typed) and/or rank. */
export function withSegmentChange(form: KpiTemplate, index: number, change: { name?: string; rank?: number }): KpiTemplate {
  return produce(form, (d) => {
    const segment = draftSegments(d)?.[index];
    if (segment === undefined) return;
    if (change.name !== undefined) segment.name = change.name;
    if (change.rank !== undefined) segment.rank = change.rank;
  });
}

/** Score bounds are finite numbers or null (open). */
export function isValidBound(min: number | null, max: number | null): boolean {
  return (min === null || Number.isFinite(min)) && (max === null || Number.isFinite(max));
}

/**
 * Sets one RFM setting's score bounds on a card; both null removes them, and a card left with no
 * bounds has no `setting` key at all (as the server stores it). Bounds stay in Recency,
 * Frequency, Monetary order.
 */
export function withSegmentBound(
  form: KpiTemplate, index: number, setting: RfmSettingName, min: number | null, max: number | null,
): KpiTemplate {
  return produce(form, (d) => {
    const segment = draftSegments(d)?.[index];
    if (segment === undefined) return;
    const others = (segment.setting ?? []).filter((b) => b.name !== setting);
    const bounds = min === null && max === null ? others : [...others, { name: setting, min, max }];
    const ordered = RfmSettingNames.flatMap((name) => bounds.filter((b) => b.name === name));
    if (ordered.length === 0) delete segment.setting;
    else segment.setting = ordered;
  });
}

// ---------------------------------------------------------------------------------------------
// Title, Budget, saving
// ---------------------------------------------------------------------------------------------

/** The template name is required on save and update (spec §5: 'Please fill the template name.'). */
export function isBlankName(title: string): boolean {
  return title.trim() === "";
}

export function withBudget(form: KpiTemplate, text: string): KpiTemplate {
  return { ...form, Budget: sanitizeNumericInput(text) };
}

export function withTitle(form: KpiTemplate, title: string): KpiTemplate {
  return { ...form, title };
}

/**
 * The upsert request (spec §7): the form with its name trimmed and, when updating, `title`
 * holding the old title (the server renames the template when they differ).
 */
export function saveRequest(form: KpiTemplate, originalTitle: string | null, mode: "save" | "edit"): UpsertKpiTemplateRequest {
  const template = { ...form, title: form.title.trim() };
  return mode === "edit" && originalTitle !== null ? { template, title: originalTitle } : { template };
}

/**
 * A name another KPI template already has (the titles listed when the dialog opened). The
 * server keys templates by their exact title (`title = $1`, case-sensitive, no trimming), and
 * a create with a taken title would replace that template; a rename onto one is refused. The
 * title Edit opened is the edited template's own, so keeping it is no clash.
 */
export function isTitleTaken(title: string, takenTitles: readonly string[], originalTitle: string | null): boolean {
  const name = title.trim();
  return name !== originalTitle && takenTitles.includes(name);
}

/** The red toast of a name another KPI template has. */
export function titleTakenMessage(title: string): string {
  return `A KPI template named "${title.trim()}" already exists.`;
}

/** A field path such as `template.title` or `template.RFM[0].segment[1].name`, then ": ". */
const FIELD_PREFIX = /^([a-z_$][\w$]*(?:\.[\w$]+|\[\d+\])*): (?=\S)/;

/**
 * A server refusal read by a person: the server names the field of the request it refuses
 * ("template.title: a template titled "Bravo" already exists"), which says nothing to someone
 * looking at the form. The path is dropped, and the sentence left starts with a capital; a bare
 * predicate ("is required") keeps the field's own name as its subject ("Title is required").
 * A message without such a path is kept as it is.
 */
export function readableFailure(message: string): string {
  const match = FIELD_PREFIX.exec(message);
  if (match === null) return message;
  const rest = message.slice(match[0].length);
  const field = match[1]!.replace(/\[\d+\]/g, "").split(".").at(-1)!;
  const text = /^(is|are|must)\b/.test(rest) ? `${field} ${rest}` : rest;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The message of a failed call, fit to show to a person (see {@link readableFailure}). */
export function failureMessage(error: unknown, fallback: string): string {
  return sharedFailureMessage(error, fallback, readableFailure);
}
