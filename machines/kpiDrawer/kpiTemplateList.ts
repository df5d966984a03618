/** Pure rules of the KPI Setting drawer's template list. */
import type { KpiTemplateRecord } from "../../domain/entities";

export function withoutTemplate(list: readonly KpiTemplateRecord[], title: string): KpiTemplateRecord[] {
  return list.filter((t) => t.title !== title);
}

export function hasTemplate(list: readonly KpiTemplateRecord[], title: string): boolean {
  return list.some((t) => t.title === title);
}

/** The message of a failed call, fit to show to a person. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== "") return error.message;
  return fallback;
}
