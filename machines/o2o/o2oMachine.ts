/**
 * The /o2o page: visitor analytics of one campaign of the user over a range of Bangkok days, in
 * five tabs (`O2O_TABS`). It reads the user's campaigns first, then loads only the tab shown;
 * each tab keeps what it loaded for the current campaign and range, so switching back to it asks
 * nothing again. Another campaign or range drops every tab's data and loads the tab shown.
 * Rules and the tab cache are in `o2oTabs.ts`.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { DEFAULT_O2O_TAB, type O2oCampaign, type O2oTabId } from "../../domain/o2o";
import {
  abandoned, campaignsFailure, failedTab, hasCampaign, initialTabs, isCached, isValidRange, loadedTab, loadingTab,
  pickCampaign, sameRange, tabFailure, tabKey, withTab, type O2oRange, type O2oTabState,
} from "./o2oTabs";
import { notProvided } from "../shared/actorHelpers";

export type { O2oRange, O2oTabState, O2oTabStatus, O2oTabs } from "./o2oTabs";

export interface O2oContext {
  /** The tab shown. */
  readonly tab: O2oTabId;
  readonly range: O2oRange;
  /** The user's campaigns (`/campaign/structure`), empty until they are read. */
  readonly campaigns: readonly O2oCampaign[];
  /**
   * The campaign shown once `ready` (always one of `campaigns` there); before, the campaign
   * asked for (input or `o2o.campaign`), which is shown if the user has it; null for none.
   */
  readonly campaignId: number | null;
  /** Why the campaigns could not be read, while `campaigns.failed`. */
  readonly campaignsError: string | null;
  readonly tabs: Readonly<Record<O2oTabId, O2oTabState>>;
}

export interface O2oInput {
  readonly tab?: O2oTabId;
  readonly range: O2oRange;
  /** The campaign to show (e.g. from the URL); the first one when the user has no such campaign. */
  readonly campaignId?: number | null;
}

/** What `loadTab` is asked for: one tab of one campaign over one range. */
export interface LoadTabInput {
  readonly tab: O2oTabId;
  readonly campaignId: number;
  readonly range: O2oRange;
}

export type O2oEvent =
  | { type: "o2o.tab"; tab: O2oTabId }
  | { type: "o2o.range"; range: O2oRange }
  | { type: "o2o.campaign"; campaignId: number }
  | { type: "o2o.retry" };

export const o2oMachine = setup({
  types: {
    input: {} as O2oInput,
    context: {} as O2oContext,
    events: {} as O2oEvent,
    tags: {} as "busy",
  },
  actors: {
    /** The user's campaigns with their contents (`/campaign/structure`). */
    loadCampaigns: notProvided<readonly O2oCampaign[], void>("loadCampaigns"),
    /** One tab's figures, chart-ready. */
    loadTab: notProvided<unknown, LoadTabInput>("loadTab"),
  },
  actions: {
    selectTab: assign({ tab: (_, tab: O2oTabId) => tab }),
    setRange: assign({ range: (_, range: O2oRange) => range }),
    selectCampaign: assign({ campaignId: (_, campaignId: number) => campaignId }),
    storeCampaigns: assign(({ context }, campaigns: readonly O2oCampaign[]) => ({
      campaigns,
      campaignId: pickCampaign(campaigns, context.campaignId),
    })),
    clearCampaignsError: assign({ campaignsError: null }),
    reportCampaignsFailure: assign({ campaignsError: (_, { error }: { error: unknown }) => campaignsFailure(error) }),
    invalidateTabs: assign({ tabs: () => initialTabs() }),
    startTabLoad: assign({ tabs: ({ context }) => withTab(context.tabs, context.tab, loadingTab(currentKey(context))) }),
    storeTabData: assign({ tabs: ({ context }, { data }: { data: unknown }) => withTab(context.tabs, context.tab, loadedTab(currentKey(context), data)) }),
    reportTabFailure: assign({
      tabs: ({ context }, { error }: { error: unknown }) => withTab(context.tabs, context.tab, failedTab(currentKey(context), tabFailure(error))),
    }),
    abandonTabLoad: assign({ tabs: ({ context }) => abandoned(context.tabs, context.tab) }),
  },
  guards: {
    hasNoCampaigns: (_, campaigns: readonly O2oCampaign[]) => campaigns.length === 0,
    isOtherTab: ({ context }, tab: O2oTabId) => tab !== context.tab,
    isCachedTab: ({ context }, tab: O2oTabId) => tab !== context.tab && isCached(context.tabs, tab, currentKey(context)),
    isNewRange: ({ context }, range: O2oRange) => isValidRange(range) && !sameRange(range, context.range),
    isOtherCampaign: ({ context }, campaignId: number) => campaignId !== context.campaignId,
    isOtherKnownCampaign: ({ context }, campaignId: number) => campaignId !== context.campaignId && hasCampaign(context.campaigns, campaignId),
  },
}).createMachine({
  id: "o2o",
  description: "The /o2o page: the user's campaigns, then the figures of the tab shown for one campaign and range, kept per tab until the campaign or the range changes.",
  context: ({ input }) => ({
    tab: input.tab ?? DEFAULT_O2O_TAB,
    range: input.range,
    campaigns: [],
    campaignId: input.campaignId ?? null,
    campaignsError: null,
    tabs: initialTabs(),
  }),
  initial: "campaigns",
  states: {
    campaigns: {
      description: "No campaign is shown yet: the tab, the range and the campaign asked for are only recorded.",
      initial: "loading",
      on: {
        "o2o.tab": {
          guard: { type: "isOtherTab", params: ({ event }) => event.tab },
          actions: { type: "selectTab", params: ({ event }) => event.tab },
          description: "Records the tab; it loads once the campaigns are known.",
        },
        "o2o.range": {
          guard: { type: "isNewRange", params: ({ event }) => event.range },
          actions: { type: "setRange", params: ({ event }) => event.range },
          description: "Records another valid range (start not after end); the same range or an invalid one is ignored.",
        },
        "o2o.campaign": {
          guard: { type: "isOtherCampaign", params: ({ event }) => event.campaignId },
          actions: { type: "selectCampaign", params: ({ event }) => event.campaignId },
          description: "Records the campaign asked for; it is shown if the user has it, else the first one.",
        },
      },
      states: {
        loading: {
          tags: ["busy"],
          description: "Reads the user's campaigns (loadCampaigns).",
          entry: "clearCampaignsError",
          invoke: {
            id: "loadCampaigns",
            src: "loadCampaigns",
            onDone: [
              {
                guard: { type: "hasNoCampaigns", params: ({ event }) => event.output },
                target: "empty",
                actions: { type: "storeCampaigns", params: ({ event }) => event.output },
                description: "The user has no campaign: nothing is loaded.",
              },
              {
                target: "#o2o.ready",
                actions: { type: "storeCampaigns", params: ({ event }) => event.output },
                description: "Shows the campaign asked for when the user has it, else the first one.",
              },
            ],
            onError: {
              target: "failed",
              actions: { type: "reportCampaignsFailure", params: ({ event }) => ({ error: event.error }) },
              description: "Keeps why (the error's message, else a generic sentence).",
            },
          },
        },
        failed: {
          description: "The campaigns could not be read: the page says why and offers a retry.",
          on: {
            "o2o.retry": { target: "loading", description: "Reads the campaigns again." },
          },
        },
        empty: {
          description: "The user has no campaign: the page says so and no tab loads.",
        },
      },
    },
    ready: {
      description: "One campaign is shown; only the tab shown is loaded, the other tabs keep what they loaded for this campaign and range.",
      initial: "loading",
      on: {
        "o2o.tab": [
          {
            guard: { type: "isCachedTab", params: ({ event }) => event.tab },
            target: ".loaded",
            actions: { type: "selectTab", params: ({ event }) => event.tab },
            description: "Another tab already loaded for this campaign and range: shown at once, nothing is asked again.",
          },
          {
            guard: { type: "isOtherTab", params: ({ event }) => event.tab },
            target: ".loading",
            actions: { type: "selectTab", params: ({ event }) => event.tab },
            description: "Another tab without current data: it loads (a load of the tab left is cancelled). The tab shown again does nothing.",
          },
        ],
        "o2o.range": {
          guard: { type: "isNewRange", params: ({ event }) => event.range },
          target: ".loading",
          actions: [{ type: "setRange", params: ({ event }) => event.range }, "invalidateTabs"],
          description: "Another valid range: every tab's data is dropped and the tab shown loads. The same range or an invalid one is ignored.",
        },
        "o2o.campaign": {
          guard: { type: "isOtherKnownCampaign", params: ({ event }) => event.campaignId },
          target: ".loading",
          actions: [{ type: "selectCampaign", params: ({ event }) => event.campaignId }, "invalidateTabs"],
          description: "Another of the user's campaigns: every tab's data is dropped and the tab shown loads. The same or an unknown campaign is ignored.",
        },
      },
      states: {
        loading: {
          tags: ["busy"],
          description: "Loads the tab shown for the campaign and range (loadTab). Left before it ends, the load is cancelled and the tab is idle again.",
          entry: "startTabLoad",
          exit: "abandonTabLoad",
          invoke: {
            id: "loadTab",
            src: "loadTab",
            input: ({ context }) => ({ tab: context.tab, campaignId: requireCampaignId(context), range: context.range }),
            onDone: {
              target: "loaded",
              actions: { type: "storeTabData", params: ({ event }) => ({ data: event.output }) },
              description: "Keeps the tab's data for this campaign and range.",
            },
            onError: {
              target: "failed",
              actions: { type: "reportTabFailure", params: ({ event }) => ({ error: event.error }) },
              description: "Keeps why (the error's message, else a generic sentence) on the tab.",
            },
          },
        },
        loaded: {
          description: "The tab shown has its data for the current campaign and range.",
        },
        failed: {
          description: "The tab shown could not be loaded: the page says why and offers a retry.",
          on: {
            "o2o.retry": { target: "loading", description: "Loads the tab shown again." },
          },
        },
      },
    },
  },
});

function requireCampaignId(context: O2oContext): number {
  if (context.campaignId === null) throw new Error("o2o: a tab loads without a campaign");
  return context.campaignId;
}

/** The key of the data the tab shown should have: the current campaign and range. */
function currentKey(context: O2oContext): string {
  return tabKey(requireCampaignId(context), context.range);
}

export type O2oMachine = typeof o2oMachine;
export type O2oActorRef = ActorRefFrom<O2oMachine>;
export type O2oSnapshot = SnapshotFrom<O2oMachine>;
