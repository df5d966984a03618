/**
 * The report editor's draft (machines/cir/cirEditorMachine.ts): the title, the visibility and the
 * ordered sections the owner is changing, and the pure changes made to it (rename, move, add a
 * text block, edit a text, remove, share). Nothing here calls anything.
 */
import type { Report, ReportVisibility, Section } from "../../domain/cirContract";

export interface CirDraft {
  readonly title: string;
  readonly visibility: ReportVisibility;
  readonly sections: readonly Section[];
}

export const draftOf = (report: Report): CirDraft => ({ title: report.title, visibility: report.visibility, sections: report.sections });

/** The title's problem, or null (the contract's ReportTitle: 1–120 characters, not only spaces). */
export function titleProblem(title: string): string | null {
  if (title.trim() === "") return "Give the report a title.";
  if (title.length > 120) return "The title is at most 120 characters.";
  return null;
}

/** The section moved from `from` to `to` (indices; out of range: unchanged). */
export function moveSection(sections: readonly Section[], from: number, to: number): readonly Section[] {
  if (from === to || from < 0 || to < 0 || from >= sections.length || to >= sections.length) return sections;
  const next = sections.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** A section id not used in `sections`: `t` + a counter (client-made, unique within the report). */
export function newSectionId(sections: readonly Section[], prefix = "t"): string {
  const used = new Set(sections.map((s) => s.id));
  for (let n = sections.length + 1; ; n += 1) {
    const id = `${prefix}${n}`;
    if (!used.has(id)) return id;
  }
}

/** Whether the draft differs from the stored report. */
export const draftChanged = (report: Report, draft: CirDraft): boolean =>
  report.title !== draft.title || report.visibility !== draft.visibility || JSON.stringify(report.sections) !== JSON.stringify(draft.sections);
