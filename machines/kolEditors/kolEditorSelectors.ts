/** Named reads of the KOL dialogs' statecharts (machines/kolEditors). */
import type { Problems } from "./kolChecks";
import type { KolEditorContext } from "./kolEditorMachine";
import type { KolDeleteSnapshot, KolDeleteTarget } from "./kolDeleteMachine";

/** What a form dialog shows. */
export interface KolEditorView<F, O> {
  readonly open: boolean;
  readonly mode: "new" | "edit";
  readonly brand: string;
  /** The campaign of a booking. */
  readonly scope: number | null;
  readonly form: F;
  readonly options: O | null;
  /** The message under each field (after a Save; a field the server refused too). */
  readonly problems: Problems<Extract<keyof F, string>>;
  readonly loading: boolean;
  /** Why the load failed (Try again). */
  readonly loadError: string | null;
  readonly saving: boolean;
  /** Why the last save failed (not a field). */
  readonly error: string | null;
}

/** What the view reads of any editor instance's snapshot (its states are flat: the value is the state's name). */
export interface KolEditorSnapshotLike<F, O> {
  readonly context: KolEditorContext<F, O>;
  readonly value: unknown;
  hasTag: (tag: "busy" | "open") => boolean;
}

/**
 * The dialog's view of an editor snapshot; `problemsOf` is the form's check (kolForms.ts), the
 * one the chart's `hasProblems` asks.
 */
export function selectKolEditor<F extends object, O>(
  s: KolEditorSnapshotLike<F, O>,
  problemsOf: (form: F) => Problems<Extract<keyof F, string>>,
): KolEditorView<F, O> {
  const { context } = s;
  const problems: Problems<Extract<keyof F, string>> = context.showProblems ? { ...problemsOf(context.form) } : {};
  if (context.serverProblem !== null) (problems as Record<string, string>)[context.serverProblem.field] = context.serverProblem.message;
  return {
    open: s.hasTag("open"),
    mode: context.id === null ? "new" : "edit",
    brand: context.brand,
    scope: context.scope,
    form: context.form,
    options: context.options,
    problems,
    loading: s.value === "loading",
    loadError: s.value === "loadFailed" ? context.error : null,
    saving: s.value === "saving",
    error: s.value === "failed" ? context.error : null,
  };
}

export const sameKolEditor = <F, O>(a: KolEditorView<F, O>, b: KolEditorView<F, O>): boolean =>
  a.open === b.open && a.mode === b.mode && a.brand === b.brand && a.scope === b.scope && a.form === b.form && a.options === b.options &&
  a.loading === b.loading && a.loadError === b.loadError && a.saving === b.saving && a.error === b.error &&
  JSON.stringify(a.problems) === JSON.stringify(b.problems);

/** The delete confirmation. */
export interface KolDeleteView {
  readonly open: boolean;
  readonly target: KolDeleteTarget | null;
  readonly deleting: boolean;
  readonly error: string | null;
}

export function selectKolDelete(s: KolDeleteSnapshot): KolDeleteView {
  return {
    open: s.hasTag("open"),
    target: s.context.target,
    deleting: s.matches("deleting"),
    error: s.matches("confirming") ? s.context.error : null,
  };
}

export const sameKolDelete = (a: KolDeleteView, b: KolDeleteView): boolean =>
  a.open === b.open && a.target === b.target && a.deleting === b.deleting && a.error === b.error;
