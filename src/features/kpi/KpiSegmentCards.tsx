/** The Segment sub-tab: one card per segment with its name, rank, optional score ranges and warnings. */
import { Button } from "@/components/ui/Button";
import { InputText } from "@/components/ui/InputText";
import { RfmSettingNames, type RfmSettingName, type Segment } from "../../../domain/entities";
import type { SegmentIssues } from "../../../domain/kpiPlan";

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
    issue?.blankName ? "The segment needs a name." : null,
    issue?.duplicateName ? "Another segment has this name." : null,
    issue?.duplicateRank ? "Another segment has this rank." : null,
    issue?.invertedBounds ? "A minimum is above its maximum." : null,
  ].filter((x): x is string => x !== null);
}

export function KpiSegmentCards({ segments, issues, disabled, onRemove, onChange, onBound }: KpiSegmentCardsProps) {
  if (segments.length === 0) return <p className="muted">No segments. Add one with &apos;+ Add KPI Segment&apos;.</p>;
  return (
    <ul className="kpi-segments" aria-label="Segments">
      {segments.map((segment, index) => {
        const issue = issues[index];
        const n = index + 1;
        const notes = notesOf(issue);
        const bounds = new Map((segment.setting ?? []).map((b) => [b.name, b]));
        return (
          // Index keys: cards have no id and a name may be blank or repeated while typing.
          <li key={index} className={notes.length > 0 ? "kpi-segment kpi-segment--warn" : "kpi-segment"} aria-label={`Segment ${n}`}>
            <div className="kpi-segment__main">
              <div className="field kpi-segment__name">
                <label htmlFor={`kpi-seg-name-${index}`}>Segment {n} name</label>
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
                <label htmlFor={`kpi-seg-rank-${index}`}>Segment {n} rank</label>
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
                aria-label={`Delete segment ${segment.name.trim() || n}`}
                disabled={disabled}
                onClick={() => onRemove(index)}
              />
            </div>
            <details className="kpi-segment__bounds" open={bounds.size > 0}>
              <summary>Score ranges (1–5, optional)</summary>
              {RfmSettingNames.map((setting) => {
                const b = bounds.get(setting);
                const min = b?.min ?? null;
                const max = b?.max ?? null;
                return (
                  <div className="kpi-bound" key={setting}>
                    <span className="kpi-bound__name">{setting}</span>
                    <InputText
                      aria-label={`Segment ${n} ${setting} min`}
                      inputMode="numeric"
                      value={min === null ? "" : String(min)}
                      disabled={disabled}
                      onChange={(e) => onBound(index, setting, scoreOf(e.target.value), max)}
                    />
                    <span aria-hidden="true">to</span>
                    <InputText
                      aria-label={`Segment ${n} ${setting} max`}
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
