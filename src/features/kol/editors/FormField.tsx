/**
 * A field of a KOL dialog: its visible label (the control's accessible name), the control, an
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

export interface FormFieldProps {
  id: string;
  label: string;
  problem: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export const problemId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

export function describedBy(id: string, hasHint: boolean, problem: string | undefined): string | undefined {
  return [hasHint ? hintId(id) : null, problem === undefined ? null : problemId(id)].filter((x) => x !== null).join(" ") || undefined;
}

export function FormField({ id, label, problem, hint, className, children }: FormFieldProps) {
  return (
    <div className={`field kol-field ${className ?? ""}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, "aria-invalid": problem !== undefined, "aria-describedby": describedBy(id, hint !== undefined, problem) })}
      {hint !== undefined && (
        <small id={hintId(id)} className="kol-hint">
          {hint}
        </small>
      )}
      <FieldProblem id={id} problem={problem} />
    </div>
  );
}

export function FieldProblem({ id, problem }: { id: string; problem: string | undefined }) {
  if (problem === undefined) return null;
  return (
    <p id={problemId(id)} className="form-error kol-problem">
      {translateMessage(problem)}
    </p>
  );
}

/** A native select over labelled values, in PrimeReact's input classes. */
export function ChoiceSelect<V extends string>(p: {
  control: ControlProps;
  value: V;
  choices: readonly V[];
  labels: Readonly<Record<V, string>>;
  onChange: (value: V) => void;
  disabled?: boolean;
}) {
  return (
    <select
      {...p.control}
      className="p-inputtext p-component native-select"
      value={p.value}
      disabled={p.disabled}
      onChange={(e) => p.onChange(e.target.value as V)}
    >
      {p.choices.map((c) => (
        <option key={c} value={c}>
          {p.labels[c]}
        </option>
      ))}
    </select>
  );
}
