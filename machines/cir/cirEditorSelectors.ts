/** What the /cir/{id} page reads from the report editor's statechart. */
import type { Report } from "../../domain/cirContract";
import type { EventRecord } from "../../domain/entities";
import type { CirDraft } from "./cirDraft";
import type { CirEditorSnapshot, CirSectionData } from "./cirEditorMachine";

export type CirMode =
  | "viewing" | "saved" | "editing" | "saving" | "conflict" | "saveFailed" | "duplicating" | "duplicated"
  | "confirmingDelete" | "deleting" | "history";

export type CirEditorPhase =
  | { readonly kind: "loading" }
  | { readonly kind: "failed"; readonly error: string }
  | { readonly kind: "deleted"; readonly restoring: boolean; readonly error: string | null }
  | {
      readonly kind: "loaded";
      readonly report: Report;
      readonly draft: CirDraft | null;
      readonly titleError: string | null;
      readonly mode: CirMode;
      readonly data: { readonly state: "fetching" | "ready" | "failed"; readonly value: CirSectionData | null; readonly error: string | null };
      readonly error: string | null;
      readonly history: { readonly state: "loading" | "shown" | "failed" | "restoring"; readonly events: readonly EventRecord[] } | null;
      readonly duplicatedId: number | null;
    };

export function selectEditorPhase(s: CirEditorSnapshot): CirEditorPhase {
  const c = s.context;
  if (s.matches("loading")) return { kind: "loading" };
  if (s.matches("failed")) return { kind: "failed", error: c.error ?? "" };
  if (s.matches("deleted")) return { kind: "deleted", restoring: s.matches({ deleted: "restoring" }), error: c.error };
  const value = s.value as { loaded: { data: "fetching" | "ready" | "failed"; mode: CirMode | { history: "loading" | "shown" | "failed" | "restoring" } } };
  const mode = value.loaded.mode;
  return {
    kind: "loaded",
    report: c.report!,
    draft: c.draft,
    titleError: c.titleError,
    mode: typeof mode === "string" ? mode : "history",
    data: { state: value.loaded.data, value: c.data, error: c.dataError },
    error: c.error,
    history: typeof mode === "string" ? null : { state: mode.history, events: c.history },
    duplicatedId: c.duplicatedId,
  };
}

/** Same phase: compared field by field (the context's values are replaced, never changed in place). */
export function sameEditorPhase(a: CirEditorPhase, b: CirEditorPhase): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === "loaded" && b.kind === "loaded") {
    return a.report === b.report && a.draft === b.draft && a.titleError === b.titleError && a.mode === b.mode && a.data.state === b.data.state
      && a.data.value === b.data.value && a.data.error === b.data.error && a.error === b.error && a.duplicatedId === b.duplicatedId
      && (a.history === null) === (b.history === null) && a.history?.state === b.history?.state && a.history?.events === b.history?.events;
  }
  return JSON.stringify(a) === JSON.stringify(b);
}
