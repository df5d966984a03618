/** Named reads of the Import orders dialog's statechart. */
import type { ImportOrdersResult } from "../../domain/commerce";
import type { ImportFile, ImportOrdersSnapshot } from "./importOrdersMachine";

/** What the dialog shows. */
export type ImportPhase<R = ImportOrdersResult> =
  | { readonly kind: "idle" }
  | { readonly kind: "uploading"; readonly fraction: number }
  | { readonly kind: "imported"; readonly result: R }
  | { readonly kind: "refused"; readonly message: string; readonly rows: readonly { readonly line: number; readonly reason: string }[] }
  | { readonly kind: "failed"; readonly message: string };

const IDLE = { kind: "idle" } as const;

export function selectImportPhase<F extends ImportFile, R = ImportOrdersResult>(s: ImportOrdersSnapshot<F, R>): ImportPhase<R> {
  const { context } = s;
  if (s.matches("uploading")) return { kind: "uploading", fraction: context.fraction };
  if (s.matches("failed")) return { kind: "failed", message: context.error ?? "The file could not be imported." };
  const outcome = context.outcome;
  if (s.matches("imported") && outcome?.kind === "imported") return { kind: "imported", result: outcome.result };
  if (s.matches("refused") && outcome?.kind === "refused") return { kind: "refused", message: outcome.message, rows: outcome.rows };
  return IDLE;
}

export function sameImportPhase<R>(a: ImportPhase<R>, b: ImportPhase<R>): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const selectImportFileName = <F extends ImportFile, R = ImportOrdersResult>(s: ImportOrdersSnapshot<F, R>): string | null => s.context.file?.name ?? null;
export const selectIsUploading = <F extends ImportFile, R = ImportOrdersResult>(s: ImportOrdersSnapshot<F, R>): boolean => s.matches("uploading");
