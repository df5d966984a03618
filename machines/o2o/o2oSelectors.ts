/** Named reads of the /o2o page snapshot for the UI (use `shallowEqual` for the object ones). */
import type { O2oCampaign, O2oTabId } from "../../domain/o2o";
import type { O2oSnapshot, O2oTabState } from "./o2oMachine";

/** The user's campaigns are being read (the page shows a spinner instead of the campaign select). */
export const selectIsCampaignsLoading = (s: O2oSnapshot) => s.matches({ campaigns: "loading" });
/** The campaigns could not be read: the page shows this message and a retry. Null otherwise. */
export const selectCampaignsError = (s: O2oSnapshot) => (s.matches({ campaigns: "failed" }) ? (s.context.campaignsError ?? "") : null);
/** The user has no campaign: the page says so, no tab loads. */
export const selectHasNoCampaigns = (s: O2oSnapshot) => s.matches({ campaigns: "empty" });
/** A campaign is shown (its tabs load). */
export const selectIsReady = (s: O2oSnapshot) => s.matches("ready");

export const selectCampaigns = (s: O2oSnapshot) => s.context.campaigns;
/** The id of the campaign shown; null until the campaigns are read, or when the user has none. */
export const selectCampaignId = (s: O2oSnapshot): number | null => (s.matches("ready") ? s.context.campaignId : null);
/** The campaign shown, or null (see `selectCampaignId`). */
export const selectCampaign = (s: O2oSnapshot): O2oCampaign | null => {
  const id = selectCampaignId(s);
  return s.context.campaigns.find((c) => c.id === id) ?? null;
};

export const selectTab = (s: O2oSnapshot): O2oTabId => s.context.tab;
export const selectRange = (s: O2oSnapshot) => s.context.range;

/** Status, data, error and key of the tab shown. */
export const selectActiveTabState = (s: O2oSnapshot): O2oTabState => s.context.tabs[s.context.tab];
/** The status of one tab (e.g. a spinner in its header while it loads). */
export const selectTabStatus = (s: O2oSnapshot, tab: O2oTabId) => s.context.tabs[tab].status;
/** The tab shown is loading (the campaigns are read and a campaign is shown). */
export const selectIsTabLoading = (s: O2oSnapshot) => s.matches({ ready: "loading" });
/** The chart-ready data of the tab shown, once loaded for the current campaign and range; null otherwise. */
export const selectTabData = (s: O2oSnapshot): unknown => (s.matches({ ready: "loaded" }) ? selectActiveTabState(s).data : null);
/** The tab shown could not be loaded: the page shows this message and a retry. Null otherwise. */
export const selectTabError = (s: O2oSnapshot) => (s.matches({ ready: "failed" }) ? (selectActiveTabState(s).error ?? "") : null);
/** Something is being read (campaigns or the tab shown). */
export const selectIsBusy = (s: O2oSnapshot) => s.hasTag("busy");
