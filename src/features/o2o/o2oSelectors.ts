/**
 * What the /o2o page reads from its statechart's snapshots. `selectPhase` answers a new object
 * only when something shown changes (compare with `samePhase`), so the page renders once per
 * change of state rather than once per snapshot.
 */
import type { O2oCampaign, O2oTabId } from "../../../domain/o2o";
import type { O2oSnapshot } from "../../../machines/o2o/o2oMachine";
import { CAMPAIGNS_FAILED, TAB_FAILED } from "../../../machines/o2o/o2oTabs";
import { isTabData } from "@/features/o2o/o2oData";
import type { KeptTab, O2oPhase } from "@/features/o2o/O2oView";
import { O2O_TABS } from "../../../domain/o2o";

export const selectTab = (s: O2oSnapshot): O2oTabId => s.context.tab;
export const selectCampaigns = (s: O2oSnapshot): readonly O2oCampaign[] => s.context.campaigns;
export const selectCampaignId = (s: O2oSnapshot): number | null => s.context.campaignId;

export function selectPhase(s: O2oSnapshot): O2oPhase {
  if (s.matches({ campaigns: "loading" })) return { kind: "campaignsLoading" };
  if (s.matches({ campaigns: "failed" })) return { kind: "campaignsFailed", error: s.context.campaignsError ?? CAMPAIGNS_FAILED };
  if (s.matches({ campaigns: "empty" })) return { kind: "noCampaigns" };
  const shown = s.context.tabs[s.context.tab];
  if (s.matches({ ready: "failed" })) return { kind: "tabFailed", error: shown.error ?? TAB_FAILED };
  if (s.matches({ ready: "loaded" }) && isTabData(s.context.tab, shown.data)) return { kind: "tabLoaded", data: shown.data };
  return { kind: "tabLoading" };
}

/** Same kind, same error, same data (by reference: loaded data is never changed in place). */
export function samePhase(a: O2oPhase, b: O2oPhase): boolean {
  if (a.kind !== b.kind) return false;
  if ("error" in a && "error" in b) return a.error === b.error;
  if ("data" in a && "data" in b) return a.data === b.data;
  return true;
}

/** The loaded tabs, in tab order, whose panels stay in the page (see `O2oViewProps.kept`). */
export function selectKeptTabs(s: O2oSnapshot): KeptTab[] {
  const kept: KeptTab[] = [];
  for (const { id } of O2O_TABS) {
    const t = s.context.tabs[id];
    if (t.status === "loaded" && isTabData(id, t.data)) kept.push({ tab: id, data: t.data });
  }
  return kept;
}

/** Same tabs with the same data (by reference). */
export const sameKept = (a: readonly KeptTab[], b: readonly KeptTab[]): boolean =>
  a.length === b.length && a.every((k, i) => k.tab === b[i]!.tab && k.data === b[i]!.data);
