/** Named reads of the Import orders dialog's statechart. */
import type { ImportOrdersResult } from "../../domain/commerce";
import type { ImportFile, ImportOrdersSnapshot } from "./importOrdersMachine";

/** What the dialog shows. */
export type ImportPhase =
  | { readonly kind: "idle" }
  | { readonly kind: "uploading"; readonly fraction: number }
  | { readonly kind: "imported"; readonly result: ImportOrdersResult }
  | { readonly kind: "refused"; readonly message: string; readonly rows: readonly { readonly line: number; readonly reason: string }[] }
  | { readonly kind: "failed"; readonly message: string };

const IDLE: ImportPhase = { kind: "idle" };

export function selectImportPhase<F extends ImportFile>(s: ImportOrdersSnapshot<F>): ImportPhase {
  const { context } = s;
  if (s.matches("uploading")) return { kind: "uploading", fraction: context.fraction };
  if (s.matches("failed")) return { kind: "failed", message: context.error ?? "The file could not be imported." };
  const outcome = context.outcome;
  if (s.matches("imported") && outcome?.kind === "imported") return { kind: "imported", result: outcome.result };
  if (s.matches("refused") && outcome?.kind === "refused") return { kind: "refused", message: outcome.message, rows: outcome.rows };
  return IDLE;
}

export function sameImportPhase(a: ImportPhase, b: ImportPhase): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const selectImportFileName = <F extends ImportFile>(s: ImportOrdersSnapshot<F>): string | null => s.context.file?.name ?? null;
export const selectIsUploading = <F extends ImportFile>(s: ImportOrdersSnapshot<F>): boolean => s.matches("uploading");
