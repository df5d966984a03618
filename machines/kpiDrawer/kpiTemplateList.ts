/** Pure rules of the KPI Setting drawer's template list. */
import type { KpiTemplateRecord } from "../../domain/entities";

export function withoutTemplate(list: readonly KpiTemplateRecord[], title: string): KpiTemplateRecord[] {
  return list.filter((t) => t.title !== title);
}

export function hasTemplate(list: readonly KpiTemplateRecord[], title: string): boolean {
  return list.some((t) => t.title === title);
}

