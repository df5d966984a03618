/** Named reads of the /crm statechart for the page. */
import type { CrmTableQuery } from "../../domain/crmSearch";
import type { CrmSnapshot, CrmTypes } from "./crmMachine";

/** What the page can show now. */
export type CrmPhase<T extends CrmTypes> =
  /** The customers are being asked for (and handed to the worker). */
  | { readonly kind: "loading" }
  /** The worker scores them; `progress` 0..1. */
  | { readonly kind: "scoring"; readonly loaded: T["loaded"]; readonly progress: number }
  | { readonly kind: "ready"; readonly loaded: T["loaded"]; readonly result: T["result"] }
  /** Nobody ordered in the range (with this filter). */
  | { readonly kind: "empty"; readonly loaded: T["loaded"] }
  | { readonly kind: "failed"; readonly error: string };

export function selectCrmPhase<T extends CrmTypes>(s: CrmSnapshot<T>): CrmPhase<T> {
  const { context } = s;
  if (s.matches("failed")) return { kind: "failed", error: context.error ?? "The customers could not be loaded." };
  if (s.matches("empty")) return { kind: "empty", loaded: context.loaded as T["loaded"] };
  if (s.matches("scoring")) return { kind: "scoring", loaded: context.loaded as T["loaded"], progress: context.progress };
  if (s.matches("ready")) return { kind: "ready", loaded: context.loaded as T["loaded"], result: context.result as T["result"] };
  return { kind: "loading" };
}

/** Two phases show the same thing (so a selector subscriber does not re-render for nothing). */
export function sameCrmPhase<T extends CrmTypes>(a: CrmPhase<T>, b: CrmPhase<T>): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "loading":
      return true;
    case "failed":
      return a.error === (b as typeof a).error;
    case "scoring":
      return a.loaded === (b as typeof a).loaded && a.progress === (b as typeof a).progress;
    case "ready":
      return a.loaded === (b as typeof a).loaded && a.result === (b as typeof a).result;
    case "empty":
      return a.loaded === (b as typeof a).loaded;
  }
}

/** The customer table: its query, the rows of the latest answer, and what is in flight. */
export interface CrmTableState<T extends CrmTypes> {
  readonly query: CrmTableQuery;
  /** The rows of the latest answered query; null before the first answer. */
  readonly page: T["page"] | null;
  /** A query is being answered (the rows shown are the previous ones). */
  readonly busy: boolean;
  readonly error: string | null;
  readonly exporting: boolean;
}

export function selectCrmTable<T extends CrmTypes>(s: CrmSnapshot<T>): CrmTableState<T> {
  return {
    query: s.context.query,
    page: s.context.page,
    busy: s.matches({ ready: { table: "fetching" } }),
    error: s.context.tableError,
    exporting: s.matches({ ready: { export: "exporting" } }),
  };
}

export function sameCrmTable<T extends CrmTypes>(a: CrmTableState<T>, b: CrmTableState<T>): boolean {
  return a.query === b.query && a.page === b.page && a.busy === b.busy && a.error === b.error && a.exporting === b.exporting;
}
