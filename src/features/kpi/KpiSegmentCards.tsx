/** The Segment sub-tab: one card per segment with its name, rank, optional score ranges and warnings. */
import { Button } from "@/components/ui/Button";
import { InputText } from "@/components/ui/InputText";
import { RfmSettingNames, type RfmSettingName, type Segment } from "../../../domain/entities";
import type { SegmentIssues } from "../../../domain/kpiPlan";
import { rfmName } from "@/features/kpi/kpiFormat";
import { t } from "@/i18n/i18n";

export interface KpiSegmentCardsProps {
  segments: readonly Segment[];
  issues: readonly SegmentIssues[];
  disabled: boolean;
  onRemove: (index: number) => void;
  onChange: (index: number, patch: { name?: string; rank?: number }) => void;
  onBound: (index: number, setting: RfmSettingName, min: number | null, max: number | null) => void;
}

const scoreOf = (text: string): number | null => {
  const digits = text.replace(/\D/g, "");
  return digits === "" ? null : Number(digits);
};

function notesOf(issue: SegmentIssues | undefined): string[] {
  return [
    issue?.blankName ? t("kpi.segment.blankName") : null,
    issue?.duplicateName ? t("kpi.segment.duplicateName") : null,
    issue?.duplicateRank ? t("kpi.segment.duplicateRank") : null,
    issue?.invertedBounds ? t("kpi.segment.invertedBounds") : null,
  ].filter((x): x is string => x !== null);
}

export function KpiSegmentCards({ segments, issues, disabled, onRemove, onChange, onBound }: KpiSegmentCardsProps) {
  if (segments.length === 0) return <p className="muted">{t("kpi.segment.none")}</p>;
  return (
    <ul className="kpi-segments" aria-label={t("kpi.segment.list")}>
      {segments.map((segment, index) => {
        const issue = issues[index];
        const n = index + 1;
        const notes = notesOf(issue);
        const bounds = new Map((segment.setting ?? []).map((b) => [b.name, b]));
        return (
          // Index keys: cards have no id and a name may be blank or repeated while typing.
          <li key={index} className={notes.length > 0 ? "kpi-segment kpi-segment--warn" : "kpi-segment"} aria-label={t("kpi.segment.card", { n })}>
            <div className="kpi-segment__main">
              <div className="field kpi-segment__name">
                <label htmlFor={`kpi-seg-name-${index}`}>{t("kpi.segment.name", { n })}</label>
                <InputText
                  id={`kpi-seg-name-${index}`}
                  value={segment.name}
                  maxLength={100}
                  disabled={disabled}
                  aria-invalid={issue?.blankName === true || issue?.duplicateName === true}
                  onChange={(e) => onChange(index, { name: e.target.value })}
                />
              </div>
              <div className="field kpi-segment__rank">
                <label htmlFor={`kpi-seg-rank-${index}`}>{t("kpi.segment.rank", { n })}</label>
                <InputText
                  id={`kpi-seg-rank-${index}`}
                  inputMode="numeric"
                  value={String(segment.rank)}
                  disabled={disabled}
                  aria-invalid={issue?.duplicateRank === true}
                  onChange={(e) => {
                    const rank = scoreOf(e.target.value);
                    if (rank !== null) onChange(index, { rank });
                  }}
                />
              </div>
              <Button
                type="button"
                icon="pi pi-trash"
                text
                rounded
                severity="danger"
                className="kpi-segment__delete"
                aria-label={t("kpi.segment.delete", { name: segment.name.trim() || String(n) })}
                disabled={disabled}
                onClick={() => onRemove(index)}
              />
            </div>
            <details className="kpi-segment__bounds" open={bounds.size > 0}>
              <summary>{t("kpi.segment.scoreRanges")}</summary>
              {RfmSettingNames.map((setting) => {
                const b = bounds.get(setting);
                const min = b?.min ?? null;
                const max = b?.max ?? null;
                return (
                  <div className="kpi-bound" key={setting}>
                    <span className="kpi-bound__name">{rfmName(setting)}</span>
                    <InputText
                      aria-label={t("kpi.segment.min", { n, setting: rfmName(setting) })}
                      inputMode="numeric"
                      value={min === null ? "" : String(min)}
                      disabled={disabled}
                      onChange={(e) => onBound(index, setting, scoreOf(e.target.value), max)}
                    />
                    <span aria-hidden="true">{t("kpi.segment.to")}</span>
                    <InputText
                      aria-label={t("kpi.segment.max", { n, setting: rfmName(setting) })}
                      inputMode="numeric"
                      value={max === null ? "" : String(max)}
                      disabled={disabled}
                      onChange={(e) => onBound(index, setting, min, scoreOf(e.target.value))}
                    />
                  </div>
                );
              })}
            </details>
            {notes.map((note) => (
              <small key={note} className="form-warning" role="status">
                <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {note}
              </small>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
