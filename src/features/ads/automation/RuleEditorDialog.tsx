/**
 * The rule dialog of /ads (New rule, Edit rule): the form of the rule editor's statechart
 * (`machines/ads/adsRuleEditorMachine`) as plain props. Each field's problem shows under it
 * (after Save, or when the server refused the field); the rule in words shows as it is typed.
 * The threshold is typed in the metric's unit: a CTR in percent (stored as a fraction), money in
 * baht, pacing and changes in percent (docs/ads.md).
 */
import { useId, type FormEvent, type ReactNode } from "react";
import type { AdsCampaignRef } from "../../../../domain/adsContract";
import { AD_CHANNELS, ADS_RULE_CONDITIONS, MAX_RULE_WINDOW_DAYS, RULE_METRICS, type AdChannel } from "../../../../domain/adsRules";
import type { RuleEditorView } from "../../../../machines/ads/adsRuleEditorSelectors";
import { draftOf, thresholdUnit, type RuleField, type RuleForm, type ScopeKind } from "../../../../machines/ads/adsRuleForm";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { MultiSelect } from "@/components/ui/MultiSelect";
import { formatCount } from "@/components/format/numbers";
import { CHANNEL_NAMES, conditionLabel, metricLabel, ruleTextShown } from "@/features/ads/automation/automationFormat";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";

export interface RuleEditorFormProps {
  brand: string;
  view: RuleEditorView;
  /** The campaigns a rule can choose among (the page's). */
  campaigns: readonly AdsCampaignRef[];
  onChange: (patch: Partial<RuleForm>) => void;
  onSave: () => void;
  onCancel: () => void;
}

const SCOPE_CHOICES: readonly { kind: ScopeKind; label: (brand: string) => string }[] = [
  { kind: "brand", label: (brand) => t("ads.ruleEditor.scopeBrand", { brand }) },
  { kind: "channel", label: () => t("ads.ruleEditor.scopeChannel") },
  { kind: "campaigns", label: () => t("ads.ruleEditor.scopeCampaigns") },
];

const UNIT_NOTES = {
  percent: "ads.ruleEditor.inPercent",
  baht: "ads.ruleEditor.inBaht",
  number: null,
} as const satisfies Record<string, MessageKey | null>;

function Field(p: { id: string; label: string; problem: string | undefined; hint?: string; children: (describedBy: string | undefined) => ReactNode }) {
  const describedBy = [p.hint === undefined ? null : `${p.id}-hint`, p.problem === undefined ? null : `${p.id}-error`].filter((x) => x !== null).join(" ") || undefined;
  return (
    <div className="field rule-field">
      <label className="field-label" htmlFor={p.id}>
        {p.label}
      </label>
      {p.children(describedBy)}
      {p.hint !== undefined && (
        <small id={`${p.id}-hint`} className="rule-hint">
          {p.hint}
        </small>
      )}
      {p.problem !== undefined && (
        <p id={`${p.id}-error`} className="form-error rule-problem">
          {translateMessage(p.problem)}
        </p>
      )}
    </div>
  );
}

/** The form (the dialog's content), for the dialog and for tests. */
export function RuleEditorForm({ brand, view, campaigns, onChange, onSave, onCancel }: RuleEditorFormProps) {
  const id = useId();
  const { form, problems } = view;
  const problem = (field: RuleField) => problems[field];
  const unit = thresholdUnit(form.metric, form.condition);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!view.saving) onSave();
  };
  const known = new Set(campaigns.map((c) => c.id));
  const campaignOptions = [
    ...campaigns.map((c) => ({ label: `${c.name} (${CHANNEL_NAMES[c.channel] ?? c.channel})`, value: c.id })),
    // A chosen campaign the page does not list (another channel in view): kept, named by its id.
    ...form.campaigns.filter((c) => !known.has(c)).map((c) => ({ label: t("ads.ruleEditor.campaignId", { id: c }), value: c })),
  ];
  const scopeProblem = problem("scope");
  return (
    <form className="rule-form" onSubmit={submit} noValidate aria-busy={view.saving}>
      <Field id={`${id}-name`} label={t("ads.ruleEditor.name")} problem={problem("name")}>
        {(describedBy) => (
          <input
            id={`${id}-name`}
            className="p-inputtext p-component"
            value={form.name}
            maxLength={200}
            aria-invalid={problem("name") !== undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ name: e.target.value })}
          />
        )}
      </Field>

      <fieldset className="rule-scope" aria-describedby={scopeProblem === undefined ? undefined : `${id}-scope-error`}>
        <legend className="field-label">{t("ads.ruleEditor.watches")}</legend>
        {SCOPE_CHOICES.map((choice) => (
          <label key={choice.kind} className="rule-radio">
            <input type="radio" name={`${id}-scope`} checked={form.scopeKind === choice.kind} onChange={() => onChange({ scopeKind: choice.kind })} />
            {choice.label(brand)}
          </label>
        ))}
        {scopeProblem !== undefined && (
          <p id={`${id}-scope-error`} className="form-error rule-problem">
            {translateMessage(scopeProblem)}
          </p>
        )}
      </fieldset>
      {form.scopeKind === "channel" && (
        <Field id={`${id}-channel`} label={t("ads.ruleEditor.channel")} problem={problem("scope.channel")}>
          {(describedBy) => (
            <select
              id={`${id}-channel`}
              className="p-inputtext p-component native-select"
              value={form.channel ?? ""}
              aria-invalid={problem("scope.channel") !== undefined}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ channel: e.target.value === "" ? null : (e.target.value as AdChannel) })}
            >
              {form.channel === null && <option value="">{t("ads.ruleEditor.chooseChannel")}</option>}
              {AD_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {CHANNEL_NAMES[c]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {form.scopeKind === "campaigns" && (
        <Field id={`${id}-campaigns`} label={t("ads.ruleEditor.campaigns")} problem={problem("scope.campaigns")}>
          {(describedBy) => (
            <MultiSelect
              inputId={`${id}-campaigns`}
              aria-describedby={describedBy}
              value={[...form.campaigns]}
              options={campaignOptions}
              onChange={(e) => onChange({ campaigns: (e.value as unknown[]).filter((v): v is string => typeof v === "string") })}
              placeholder={t("ads.ruleEditor.chooseCampaigns")}
              filter
              maxSelectedLabels={2}
              selectedItemsLabel={t("ads.ruleEditor.campaignsSelected", { zero: "{0}" })}
              className="rule-campaigns"
              panelClassName="rule-campaigns-panel"
              invalid={problem("scope.campaigns") !== undefined}
            />
          )}
        </Field>
      )}

      <div className="rule-row">
        <Field id={`${id}-metric`} label={t("ads.ruleEditor.metric")} problem={problem("metric")}>
          {(describedBy) => (
            <select
              id={`${id}-metric`}
              className="p-inputtext p-component native-select"
              value={form.metric}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ metric: e.target.value as RuleForm["metric"] })}
            >
              {RULE_METRICS.map((m) => (
                <option key={m} value={m}>
                  {metricLabel(m)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-condition`} label={t("ads.ruleEditor.condition")} problem={problem("condition")}>
          {(describedBy) => (
            <select
              id={`${id}-condition`}
              className="p-inputtext p-component native-select"
              value={form.condition}
              aria-invalid={problem("condition") !== undefined}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ condition: e.target.value as RuleForm["condition"] })}
            >
              {ADS_RULE_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {conditionLabel(c)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="rule-row">
        <Field
          id={`${id}-threshold`}
          label={UNIT_NOTES[unit] === null ? t("ads.ruleEditor.threshold") : t("ads.ruleEditor.thresholdIn", { unit: t(UNIT_NOTES[unit]) })}
          problem={problem("threshold")}
          hint={form.metric === "ctr" && unit === "percent" && (form.condition === "above" || form.condition === "below") ? t("ads.ruleEditor.ctrHint") : undefined}
        >
          {(describedBy) => (
            <span className={`rule-adorned rule-adorned-${unit}`}>
              {/* i18n-ignore: the currency sign */}
              {unit === "baht" && <span aria-hidden="true">฿</span>}
              <input
                id={`${id}-threshold`}
                className="p-inputtext p-component"
                inputMode="decimal"
                value={form.threshold}
                aria-invalid={problem("threshold") !== undefined}
                aria-describedby={describedBy}
                onChange={(e) => onChange({ threshold: e.target.value })}
              />
              {unit === "percent" && <span aria-hidden="true">%</span>}
            </span>
          )}
        </Field>
        <Field id={`${id}-window`} label={t("ads.ruleEditor.window", { max: formatCount(MAX_RULE_WINDOW_DAYS) })} problem={problem("windowDays")}>
          {(describedBy) => (
            <input
              id={`${id}-window`}
              className="p-inputtext p-component"
              inputMode="numeric"
              value={form.windowDays}
              aria-invalid={problem("windowDays") !== undefined}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ windowDays: e.target.value })}
            />
          )}
        </Field>
      </div>

      <div className="rule-preview" aria-live="polite">
        <span className="field-label">{t("ads.ruleEditor.inWords")}</span>
        <p className="rule-words">{view.preview === null ? t("ads.ruleEditor.previewEmpty") : ruleTextShown(view.preview, draftOf(form))}</p>
      </div>
      {view.error !== null && (
        <p className="form-error" role="alert">
          {t("ads.ruleEditor.notSaved", { error: translateMessage(view.error) })}
        </p>
      )}
      <div className="dialog-actions">
        <Button type="button" label={t("ads.ruleEditor.cancel")} outlined onClick={onCancel} disabled={view.saving} />
        <Button type="submit" label={view.mode === "new" ? t("ads.ruleEditor.save") : t("ads.ruleEditor.update")} loading={view.saving} />
      </div>
    </form>
  );
}

export function RuleEditorDialog(p: RuleEditorFormProps) {
  return (
    <Dialog
      visible={p.view.open}
      onHide={() => {
        if (!p.view.saving) p.onCancel();
      }}
      header={p.view.mode === "new" ? t("ads.ruleEditor.newTitle") : t("ads.ruleEditor.editTitle")}
      style={{ width: "600px", maxWidth: "calc(100vw - 16px)" }}
      closable={!p.view.saving}
    >
      <RuleEditorForm {...p} />
    </Dialog>
  );
}
