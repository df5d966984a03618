/** Named reads of the rule editor's statechart (machines/ads/adsRuleEditorMachine). */
import { ruleText } from "../../domain/adsRules";
import type { AdsRuleEditorSnapshot } from "./adsRuleEditorMachine";
import { draftOf, formProblems, type RuleField, type RuleForm } from "./adsRuleForm";

/** What the rule dialog shows. */
export interface RuleEditorView {
  readonly open: boolean;
  readonly mode: "new" | "edit";
  /** The brand the rule is saved for (the one shown when the dialog opened). */
  readonly brand: string;
  readonly form: RuleForm;
  /** The message under each field (after a Save; a field the server refused too). */
  readonly problems: Partial<Record<RuleField, string>>;
  readonly saving: boolean;
  /** Why the last save failed (not a field). */
  readonly error: string | null;
  /** The rule in words, once the metric, condition, threshold and window make one. */
  readonly preview: string | null;
}

const WORDS_FIELDS: readonly RuleField[] = ["metric", "condition", "threshold", "windowDays"];

export function selectRuleEditor(s: AdsRuleEditorSnapshot): RuleEditorView {
  const { context } = s;
  const open = s.matches("editing") || s.matches("saving") || s.matches("failed");
  const all = formProblems(context.form);
  const problems: Partial<Record<RuleField, string>> = {};
  if (context.showProblems) for (const p of all) problems[p.field] ??= p.message;
  if (context.serverProblem !== null) problems[context.serverProblem.field] = context.serverProblem.message;
  const words = all.some((p) => WORDS_FIELDS.includes(p.field)) ? null : ruleText(draftOf(context.form));
  return {
    open,
    mode: context.id === null ? "new" : "edit",
    brand: context.brand,
    form: context.form,
    problems,
    saving: s.matches("saving"),
    error: s.matches("failed") ? context.error : null,
    preview: words,
  };
}

export const sameRuleEditor = (a: RuleEditorView, b: RuleEditorView): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The delete confirmation. */
export interface RuleDeleteView {
  readonly open: boolean;
  readonly name: string;
  readonly deleting: boolean;
  readonly error: string | null;
}

export function selectRuleDelete(s: AdsRuleEditorSnapshot): RuleDeleteView {
  const deleting = s.matches("deleting");
  return {
    open: s.matches("confirmingDelete") || deleting,
    name: s.context.originalName,
    deleting,
    error: s.matches("confirmingDelete") ? s.context.error : null,
  };
}

export const sameRuleDelete = (a: RuleDeleteView, b: RuleDeleteView): boolean =>
  a.open === b.open && a.name === b.name && a.deleting === b.deleting && a.error === b.error;
