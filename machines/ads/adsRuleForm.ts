/**
 * The rule editor's form (the /ads automation section, issue 15): the fields as the person types
 * them, and the rule they make (`AdsRuleDraft`, domain/adsRules.ts).
 *
 * The threshold is typed in the unit the rule reads in words (`ruleText`): a CTR threshold as a
 * percentage (1.2 for 1.2 %) and stored as a fraction (0.012: docs/ads.md); money metrics in baht;
 * pacing, drops and rises in percent; frequency, ROAS and counts as plain numbers.
 */
import type { AdsRule } from "../../domain/adsContract";
import {
  ruleProblems, type AdChannel, type AdsRuleCondition, type AdsRuleDraft, type AdsRuleScope, type RuleMetric, type RuleProblem,
} from "../../domain/adsRules";

export type ScopeKind = AdsRuleScope["kind"];

export interface RuleForm {
  readonly name: string;
  readonly scopeKind: ScopeKind;
  readonly channel: AdChannel | null;
  readonly campaigns: readonly string[];
  readonly metric: RuleMetric;
  readonly condition: AdsRuleCondition;
  /** As typed, in the form's unit (see the module comment). */
  readonly threshold: string;
  /** As typed. */
  readonly windowDays: string;
}

export const EMPTY_RULE_FORM: RuleForm = {
  name: "",
  scopeKind: "brand",
  channel: null,
  campaigns: [],
  metric: "frequency",
  condition: "above",
  threshold: "",
  windowDays: "7",
};

/** Whether the rule stores its threshold as a fraction the form shows in percent: CTR above or below. */
export const isFractionThreshold = (metric: RuleMetric, condition: AdsRuleCondition): boolean =>
  metric === "ctr" && (condition === "above" || condition === "below");

/** The unit the threshold is typed in, for the field's label and its adornment. */
export type ThresholdUnit = "percent" | "baht" | "number";
export function thresholdUnit(metric: RuleMetric, condition: AdsRuleCondition): ThresholdUnit {
  if (condition === "dropsBy" || condition === "risesBy" || metric === "pacing" || metric === "ctr") return "percent";
  if (metric === "spend" || metric === "cpm" || metric === "cpc" || metric === "costPerResult") return "baht";
  return "number";
}

/** A number as typed: thousands commas, spaces, ฿ and % are allowed; NaN when it is not a number. */
export function parseNumber(text: string): number {
  const cleaned = text.replace(/[,\s฿%]/g, "");
  if (cleaned === "" || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/** Rounds away binary noise (0.012 × 100 = 1.2000000000000002). */
const clean = (n: number): number => Number(n.toPrecision(12));

/** The stored threshold of what is typed: a CTR percentage becomes a fraction. */
export function storedThreshold(typed: number, metric: RuleMetric, condition: AdsRuleCondition): number {
  return isFractionThreshold(metric, condition) ? clean(typed / 100) : typed;
}

/** The typed threshold of a stored one: a CTR fraction shows as a percentage. */
export function typedThreshold(stored: number, metric: RuleMetric, condition: AdsRuleCondition): number {
  return isFractionThreshold(metric, condition) ? clean(stored * 100) : stored;
}

function scopeOf(form: RuleForm): AdsRuleScope {
  switch (form.scopeKind) {
    case "brand":
      return { kind: "brand" };
    case "channel":
      // An unchosen channel is sent as it is: ruleProblems names it.
      return { kind: "channel", channel: form.channel as AdChannel };
    case "campaigns":
      return { kind: "campaigns", campaigns: form.campaigns };
  }
}

/** Parses a whole number of days; NaN when not one (ruleProblems then says why). */
function parseDays(text: string): number {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** The rule the form makes, as it would be sent. */
export function draftOf(form: RuleForm): AdsRuleDraft {
  const typed = parseNumber(form.threshold);
  return {
    name: form.name.trim(),
    scope: scopeOf(form),
    metric: form.metric,
    condition: form.condition,
    threshold: Number.isNaN(typed) ? typed : storedThreshold(typed, form.metric, form.condition),
    windowDays: parseDays(form.windowDays),
  };
}

/** Every problem of the form, by field (the form shows each under its field). */
export function formProblems(form: RuleForm): readonly RuleProblem[] {
  return ruleProblems(draftOf(form));
}

/** The form of a stored rule, for Edit. */
export function formOf(rule: AdsRule): RuleForm {
  const scope = rule.scope;
  return {
    name: rule.name,
    scopeKind: scope.kind,
    channel: scope.kind === "channel" ? scope.channel : null,
    campaigns: scope.kind === "campaigns" ? scope.campaigns : [],
    metric: rule.metric,
    condition: rule.condition,
    threshold: String(typedThreshold(rule.threshold, rule.metric, rule.condition)),
    windowDays: String(rule.windowDays),
  };
}

/** The fields of a rule the form shows a message under. */
export type RuleField = RuleProblem["field"];
const RULE_FIELDS: readonly RuleField[] = ["name", "scope", "scope.channel", "scope.campaigns", "metric", "condition", "threshold", "windowDays"];

/**
 * The field a server refusal names (`rule.windowDays: The window must be…`, as the server writes a
 * 400: the field's path, then the message), with the message; null when it names no field of the
 * rule. A path inside a field (`rule.scope.campaigns[3]`) is that field.
 */
export function fieldRefusal(error: unknown): RuleProblem | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, message } = error as { status?: unknown; message?: unknown };
  if (status !== 400 || typeof message !== "string") return null;
  const match = /^([A-Za-z_$][\w$]*(?:\.[\w$]+|\[\d+\])*): (.+)$/s.exec(message);
  if (match === null) return null;
  const path = match[1]!.replace(/\[\d+\]/g, "").replace(/^rule\./, "");
  const field = RULE_FIELDS.find((f) => f === path) ?? [...RULE_FIELDS].sort((a, b) => b.length - a.length).find((f) => path.startsWith(`${f}.`));
  if (field === undefined) return null;
  const text = match[2]!.trim();
  return { field, message: text.charAt(0).toUpperCase() + text.slice(1) };
}
