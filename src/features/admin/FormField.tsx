/**
 * A field of an Admin form: its visible label (the control's accessible name), the control, an
 * optional hint and the field's problem under it; the control is described by both
 * (`aria-describedby`) and marked invalid while there is a problem.
 */
import type { ReactNode } from "react";
import { translateMessage } from "@/i18n/i18n";

export interface ControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
}

export const problemId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

export function describedBy(id: string, hasHint: boolean, problem: string | undefined): string | undefined {
  return [hasHint ? hintId(id) : null, problem === undefined ? null : problemId(id)].filter((x) => x !== null).join(" ") || undefined;
}

export function FormField(p: { id: string; label: string; problem: string | undefined; hint?: ReactNode; children: (control: ControlProps) => ReactNode }) {
  return (
    <div className="field admin-field">
      <label className="field-label" htmlFor={p.id}>
        {p.label}
      </label>
      {p.children({ id: p.id, "aria-invalid": p.problem !== undefined, "aria-describedby": describedBy(p.id, p.hint !== undefined, p.problem) })}
      {p.hint !== undefined && (
        <small id={hintId(p.id)} className="admin-hint">
          {p.hint}
        </small>
      )}
      <FieldProblem id={p.id} problem={p.problem} />
    </div>
  );
}

export function FieldProblem({ id, problem }: { id: string; problem: string | undefined }) {
  if (problem === undefined) return null;
  return (
    <p id={problemId(id)} className="form-error admin-problem">
      {translateMessage(problem)}
    </p>
  );
}

/** A group of check boxes (a fieldset with its legend as the group's name) and the group's problem. */
export function CheckGroup(p: { id: string; legend: string; problem: string | undefined; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="admin-checks" aria-describedby={describedBy(p.id, p.hint !== undefined, p.problem)} aria-invalid={p.problem !== undefined}>
      <legend className="field-label">{p.legend}</legend>
      {p.hint !== undefined && (
        <small id={hintId(p.id)} className="admin-hint">
          {p.hint}
        </small>
      )}
      <div className="admin-check-list">{p.children}</div>
      <FieldProblem id={p.id} problem={p.problem} />
    </fieldset>
  );
}

export function Check(p: { label: ReactNode; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void; describedBy?: string }) {
  return (
    <label className={`admin-check ${p.disabled === true ? "is-disabled" : ""}`}>
      <input type="checkbox" checked={p.checked} disabled={p.disabled} aria-describedby={p.describedBy} onChange={(e) => p.onChange(e.target.checked)} />
      <span>{p.label}</span>
    </label>
  );
}
