import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { O2oCampaign, O2oTabId } from "../../domain/o2o";
import { o2oMachine, type LoadTabInput, type O2oInput, type O2oRange } from "../../machines/o2o/o2oMachine";
import {
  selectActiveTabState, selectCampaign, selectCampaignId, selectCampaignsError, selectHasNoCampaigns, selectIsBusy,
  selectIsCampaignsLoading, selectIsReady, selectIsTabLoading, selectRange, selectTab, selectTabData, selectTabError,
  selectTabStatus,
} from "../../machines/o2o/o2oSelectors";
import { isDay } from "../../domain/calendarDays";
import { initialTabs, isValidRange, pickCampaign, tabKey } from "../../machines/o2o/o2oTabs";
import { deferred, flush, refusal, type Deferred } from "../support/async";

const campaign = (id: number): O2oCampaign => ({ id, name: `Campaign ${id}`, contents: [] });
const MARCH: O2oRange = { start: "2024-03-01", end: "2024-03-31" };
const APRIL: O2oRange = { start: "2024-04-01", end: "2024-04-30" };
const VISITORS: O2oTabId = "vistors_insight";
const LEADS: O2oTabId = "leads_bounced";
const DWELL: O2oTabId = "views_dwell_time";

/** What the fake loadTab answers: data that says what it was loaded for. */
const dataFor = ({ tab, campaignId, range }: LoadTabInput) => ({ tab, campaignId, start: range.start });

interface Fakes {
  campaigns?: () => Promise<readonly O2oCampaign[]>;
  tab?: (input: LoadTabInput) => Promise<unknown>;
}

/** The machine with fake actors recording what it was asked. */
function start(input: Partial<O2oInput> = {}, fakes: Fakes = {}) {
  const calls = { campaigns: 0, tabs: [] as LoadTabInput[], aborted: [] as LoadTabInput[] };
  const machine = o2oMachine.provide({
    actors: {
      loadCampaigns: fromPromise<readonly O2oCampaign[], void>(() => {
        calls.campaigns += 1;
        return fakes.campaigns ? fakes.campaigns() : Promise.resolve([campaign(1), campaign(2)]);
      }),
      loadTab: fromPromise<unknown, LoadTabInput>(({ input: asked, signal }) => {
        calls.tabs.push(asked);
        signal.addEventListener("abort", () => calls.aborted.push(asked));
        return fakes.tab ? fakes.tab(asked) : Promise.resolve(dataFor(asked));
      }),
    },
  });
  const actor = createActor(machine, { input: { range: MARCH, ...input } }).start();
  return { actor, calls, snap: () => actor.getSnapshot() };
}

/** Started, with the campaigns read and the first tab's load settled. */
async function ready(input: Partial<O2oInput> = {}, fakes: Fakes = {}) {
  const run = start(input, fakes);
  await flush();
  return run;
}

/** loadTab answers each tab when the test says so: `answers.get(tab)` is the latest call's. */
function handTabs() {
  const answers = new Map<O2oTabId, Deferred<unknown>>();
  const tab = (input: LoadTabInput) => {
    const answer = deferred<unknown>();
    answers.set(input.tab, answer);
    return answer.promise;
  };
  const settle = (t: O2oTabId, input: LoadTabInput) => answers.get(t)!.resolve(dataFor(input));
  return { answers, tab, settle };
}

describe("o2o: campaigns", () => {
  it("starts by reading the campaigns, busy, with every tab idle", () => {
    const answer = deferred<readonly O2oCampaign[]>();
    const { snap, calls } = start({}, { campaigns: () => answer.promise });
    expect(selectIsCampaignsLoading(snap())).toBe(true);
    expect(selectIsBusy(snap())).toBe(true);
    expect(calls.campaigns).toBe(1);
    expect(snap().context.tabs).toEqual(initialTabs());
    expect(selectCampaignId(snap())).toBeNull();
  });

  it("shows the campaign asked for when the user has it", async () => {
    const { snap, calls } = await ready({ campaignId: 2 });
    expect(selectIsReady(snap())).toBe(true);
    expect(selectCampaignId(snap())).toBe(2);
    expect(selectCampaign(snap())).toEqual(campaign(2));
    expect(calls.tabs).toEqual([{ tab: VISITORS, campaignId: 2, range: MARCH }]);
  });

  it("falls back to the first campaign when the one asked for is not the user's, or none was", async () => {
    expect(selectCampaignId((await ready({ campaignId: 99 })).snap())).toBe(1);
    expect(selectCampaignId((await ready({ campaignId: null })).snap())).toBe(1);
    expect(selectCampaignId((await ready()).snap())).toBe(1);
  });

  it("without campaigns says so and loads no tab, whatever is asked", async () => {
    const { actor, snap, calls } = await ready({}, { campaigns: () => Promise.resolve([]) });
    expect(selectHasNoCampaigns(snap())).toBe(true);
    expect(selectCampaignId(snap())).toBeNull();
    actor.send({ type: "o2o.tab", tab: LEADS });
    actor.send({ type: "o2o.range", range: APRIL });
    actor.send({ type: "o2o.retry" });
    await flush();
    expect(selectHasNoCampaigns(snap())).toBe(true);
    expect(calls.tabs).toEqual([]);
    expect(calls.campaigns).toBe(1);
    expect(selectTab(snap())).toBe(LEADS);
    expect(selectRange(snap())).toEqual(APRIL);
  });

  it("says why the campaigns could not be read, and reads them again on retry", async () => {
    let attempt = 0;
    const { actor, snap, calls } = await ready({}, {
      campaigns: () => {
        attempt += 1;
        return attempt === 1 ? Promise.reject(refusal(401, "Your session has ended. Please sign in again.")) : Promise.resolve([campaign(7)]);
      },
    });
    expect(selectCampaignsError(snap())).toBe("Your session has ended. Please sign in again.");
    expect(selectIsBusy(snap())).toBe(false);
    expect(calls.tabs).toEqual([]);
    actor.send({ type: "o2o.retry" });
    expect(selectIsCampaignsLoading(snap())).toBe(true);
    expect(selectCampaignsError(snap())).toBeNull();
    expect(snap().context.campaignsError).toBeNull();
    await flush();
    expect(calls.campaigns).toBe(2);
    expect(selectCampaignId(snap())).toBe(7);
    expect(calls.tabs).toEqual([{ tab: VISITORS, campaignId: 7, range: MARCH }]);
  });

  it("a failure without a readable message gets a plain sentence", async () => {
    const { snap } = await ready({}, { campaigns: () => Promise.reject("boom") });
    expect(selectCampaignsError(snap())).toBe("The campaigns could not be loaded.");
  });

  it("without a provided campaigns actor, says 'loadCampaigns not provided'", async () => {
    const actor = createActor(o2oMachine, { input: { range: MARCH } }).start();
    await flush();
    expect(selectCampaignsError(actor.getSnapshot())).toBe("loadCampaigns not provided");
  });

  it("before the campaigns are known, the tab, a valid range and the campaign asked for are only recorded", async () => {
    const answer = deferred<readonly O2oCampaign[]>();
    const { actor, snap, calls } = start({ campaignId: 1 }, { campaigns: () => answer.promise });
    actor.send({ type: "o2o.tab", tab: DWELL });
    actor.send({ type: "o2o.range", range: APRIL });
    actor.send({ type: "o2o.range", range: { start: "2024-05-02", end: "2024-05-01" } });
    actor.send({ type: "o2o.campaign", campaignId: 2 });
    expect(selectIsCampaignsLoading(snap())).toBe(true);
    expect(calls.tabs).toEqual([]);
    expect(snap().context).toMatchObject({ tab: DWELL, range: APRIL, campaignId: 2 });
    answer.resolve([campaign(1), campaign(2)]);
    await flush();
    expect(calls.tabs).toEqual([{ tab: DWELL, campaignId: 2, range: APRIL }]);
  });
});

describe("o2o: tabs", () => {
  it("loads only the tab shown, and keeps its data under the campaign and range", async () => {
    const { snap, calls } = await ready({ tab: LEADS, campaignId: 2 });
    expect(calls.tabs).toEqual([{ tab: LEADS, campaignId: 2, range: MARCH }]);
    expect(selectActiveTabState(snap())).toEqual({
      status: "loaded", data: dataFor({ tab: LEADS, campaignId: 2, range: MARCH }), error: null, key: "2|2024-03-01|2024-03-31",
    });
    expect(selectTabData(snap())).toEqual({ tab: LEADS, campaignId: 2, start: "2024-03-01" });
    for (const tab of [VISITORS, "views_conversion", "views_demographic", DWELL] as const) expect(selectTabStatus(snap(), tab)).toBe("idle");
  });

  it("the tab shown is loading, busy, until its answer comes", async () => {
    const hand = handTabs();
    const { snap } = await ready({}, { tab: hand.tab });
    expect(selectIsTabLoading(snap())).toBe(true);
    expect(selectIsBusy(snap())).toBe(true);
    expect(selectActiveTabState(snap())).toEqual({ status: "loading", data: null, error: null, key: "1|2024-03-01|2024-03-31" });
    expect(selectTabData(snap())).toBeNull();
    hand.settle(VISITORS, { tab: VISITORS, campaignId: 1, range: MARCH });
    await flush();
    expect(selectIsTabLoading(snap())).toBe(false);
    expect(selectTabData(snap())).toEqual({ tab: VISITORS, campaignId: 1, start: "2024-03-01" });
  });

  it("another tab loads; switching back to a loaded tab shows it without loading again", async () => {
    const { actor, snap, calls } = await ready();
    actor.send({ type: "o2o.tab", tab: LEADS });
    expect(selectIsTabLoading(snap())).toBe(true);
    await flush();
    expect(selectTabData(snap())).toEqual({ tab: LEADS, campaignId: 1, start: "2024-03-01" });
    actor.send({ type: "o2o.tab", tab: VISITORS });
    expect(snap().matches({ ready: "loaded" })).toBe(true);
    expect(selectTabData(snap())).toEqual({ tab: VISITORS, campaignId: 1, start: "2024-03-01" });
    actor.send({ type: "o2o.tab", tab: LEADS });
    await flush();
    expect(calls.tabs.map((c) => c.tab)).toEqual([VISITORS, LEADS]);
  });

  it("choosing the tab shown again does nothing", async () => {
    const hand = handTabs();
    const { actor, snap, calls } = await ready({}, { tab: hand.tab });
    const loading = snap();
    actor.send({ type: "o2o.tab", tab: VISITORS });
    expect(snap()).toBe(loading);
    hand.settle(VISITORS, { tab: VISITORS, campaignId: 1, range: MARCH });
    await flush();
    const loaded = snap();
    actor.send({ type: "o2o.tab", tab: VISITORS });
    expect(snap()).toBe(loaded);
    expect(calls.tabs).toHaveLength(1);
  });

  it("a slow load of a tab left for another one never lands: the other tab is untouched, the left one idle", async () => {
    const hand = handTabs();
    const { actor, snap, calls } = await ready({}, { tab: hand.tab });
    const slow = hand.answers.get(VISITORS)!;
    actor.send({ type: "o2o.tab", tab: LEADS });
    expect(calls.aborted).toEqual([{ tab: VISITORS, campaignId: 1, range: MARCH }]);
    expect(selectTabStatus(snap(), VISITORS)).toBe("idle");
    hand.settle(LEADS, { tab: LEADS, campaignId: 1, range: MARCH });
    await flush();
    const leads = selectActiveTabState(snap());
    slow.resolve({ tab: VISITORS, late: true });
    await flush();
    expect(selectTab(snap())).toBe(LEADS);
    expect(selectActiveTabState(snap())).toBe(leads);
    expect(snap().context.tabs[VISITORS]).toEqual({ status: "idle", data: null, error: null, key: null });
    // Back on the left tab: it loads again.
    actor.send({ type: "o2o.tab", tab: VISITORS });
    expect(selectIsTabLoading(snap())).toBe(true);
    expect(calls.tabs.map((c) => c.tab)).toEqual([VISITORS, LEADS, VISITORS]);
  });

  it("a slow load that finishes while another tab loads does not land on that tab either", async () => {
    const hand = handTabs();
    const { actor, snap } = await ready({}, { tab: hand.tab });
    const slow = hand.answers.get(VISITORS)!;
    actor.send({ type: "o2o.tab", tab: LEADS });
    slow.resolve({ tab: VISITORS, late: true });
    await flush();
    expect(selectIsTabLoading(snap())).toBe(true);
    expect(selectActiveTabState(snap())).toEqual({ status: "loading", data: null, error: null, key: "1|2024-03-01|2024-03-31" });
    expect(selectTabStatus(snap(), VISITORS)).toBe("idle");
  });

  it("a failed tab says why and loads again on retry; other tabs are not asked", async () => {
    let attempt = 0;
    const { actor, snap, calls } = await ready({}, {
      tab: (input) => {
        attempt += 1;
        return attempt === 1 ? Promise.reject(refusal(0, "The server could not be reached.")) : Promise.resolve(dataFor(input));
      },
    });
    expect(selectTabError(snap())).toBe("The server could not be reached.");
    expect(selectActiveTabState(snap())).toEqual({ status: "failed", data: null, error: "The server could not be reached.", key: "1|2024-03-01|2024-03-31" });
    expect(selectIsBusy(snap())).toBe(false);
    actor.send({ type: "o2o.retry" });
    expect(selectTabError(snap())).toBeNull();
    await flush();
    expect(selectTabData(snap())).toEqual({ tab: VISITORS, campaignId: 1, start: "2024-03-01" });
    expect(calls.tabs.map((c) => c.tab)).toEqual([VISITORS, VISITORS]);
  });

  it("a failure without a readable message gets a plain sentence; a failed tab loads again when shown again", async () => {
    const { actor, snap, calls } = await ready({}, { tab: (input) => (input.tab === LEADS ? Promise.reject(new Error("")) : Promise.resolve(dataFor(input))) });
    actor.send({ type: "o2o.tab", tab: LEADS });
    await flush();
    expect(selectTabError(snap())).toBe("The figures of this tab could not be loaded.");
    actor.send({ type: "o2o.tab", tab: VISITORS });
    expect(snap().matches({ ready: "loaded" })).toBe(true);
    expect(selectTabStatus(snap(), LEADS)).toBe("failed");
    actor.send({ type: "o2o.tab", tab: LEADS });
    expect(selectIsTabLoading(snap())).toBe(true);
    expect(calls.tabs.map((c) => c.tab)).toEqual([VISITORS, LEADS, LEADS]);
  });

  it("retry is ignored unless something failed", async () => {
    const { actor, snap, calls } = await ready();
    const loaded = snap();
    actor.send({ type: "o2o.retry" });
    expect(snap()).toBe(loaded);
    expect(calls).toMatchObject({ campaigns: 1, tabs: [{ tab: VISITORS }] });
  });

  it("without a provided tab actor, the tab says 'loadTab not provided'", async () => {
    const machine = o2oMachine.provide({ actors: { loadCampaigns: fromPromise<readonly O2oCampaign[], void>(() => Promise.resolve([campaign(1)])) } });
    const actor = createActor(machine, { input: { range: MARCH } }).start();
    await flush();
    expect(selectTabError(actor.getSnapshot())).toBe("loadTab not provided");
  });
});

describe("o2o: range and campaign", () => {
  it("another range drops every tab's data and loads only the tab shown", async () => {
    const { actor, snap, calls } = await ready();
    actor.send({ type: "o2o.tab", tab: LEADS });
    await flush();
    actor.send({ type: "o2o.range", range: APRIL });
    expect(selectRange(snap())).toEqual(APRIL);
    expect(selectIsTabLoading(snap())).toBe(true);
    expect(snap().context.tabs[VISITORS]).toEqual({ status: "idle", data: null, error: null, key: null });
    await flush();
    expect(calls.tabs.slice(2)).toEqual([{ tab: LEADS, campaignId: 1, range: APRIL }]);
    expect(selectActiveTabState(snap())).toMatchObject({ status: "loaded", key: "1|2024-04-01|2024-04-30" });
    // The other tab loads again for the new range.
    actor.send({ type: "o2o.tab", tab: VISITORS });
    expect(selectIsTabLoading(snap())).toBe(true);
    await flush();
    expect(calls.tabs.slice(3)).toEqual([{ tab: VISITORS, campaignId: 1, range: APRIL }]);
  });

  it("another range while the tab shown loads cancels that load and asks again", async () => {
    const hand = handTabs();
    const { actor, snap, calls } = await ready({}, { tab: hand.tab });
    const slow = hand.answers.get(VISITORS)!;
    actor.send({ type: "o2o.range", range: APRIL });
    expect(calls.aborted).toEqual([{ tab: VISITORS, campaignId: 1, range: MARCH }]);
    slow.resolve({ stale: true });
    await flush();
    expect(selectActiveTabState(snap())).toEqual({ status: "loading", data: null, error: null, key: "1|2024-04-01|2024-04-30" });
    hand.settle(VISITORS, { tab: VISITORS, campaignId: 1, range: APRIL });
    await flush();
    expect(selectTabData(snap())).toEqual({ tab: VISITORS, campaignId: 1, start: "2024-04-01" });
  });

  it("another of the user's campaigns drops every tab's data and loads only the tab shown", async () => {
    const { actor, snap, calls } = await ready();
    actor.send({ type: "o2o.tab", tab: LEADS });
    await flush();
    actor.send({ type: "o2o.campaign", campaignId: 2 });
    expect(selectCampaignId(snap())).toBe(2);
    expect(selectTabStatus(snap(), VISITORS)).toBe("idle");
    await flush();
    expect(calls.tabs.slice(2)).toEqual([{ tab: LEADS, campaignId: 2, range: MARCH }]);
    expect(selectActiveTabState(snap()).key).toBe("2|2024-03-01|2024-03-31");
  });

  it("a failed tab recovers with another range", async () => {
    let attempt = 0;
    const { actor, snap } = await ready({}, {
      tab: (input) => (++attempt === 1 ? Promise.reject(new Error("nope")) : Promise.resolve(dataFor(input))),
    });
    expect(selectTabError(snap())).toBe("nope");
    actor.send({ type: "o2o.range", range: APRIL });
    await flush();
    expect(selectTabData(snap())).toEqual({ tab: VISITORS, campaignId: 1, start: "2024-04-01" });
  });

  it.each([
    ["the same range", { type: "o2o.range", range: { ...MARCH } }],
    ["a range whose start is after its end", { type: "o2o.range", range: { start: "2024-04-30", end: "2024-04-01" } }],
    ["a range with a day that does not exist", { type: "o2o.range", range: { start: "2024-02-01", end: "2024-02-30" } }],
    ["a range not written YYYY-MM-DD", { type: "o2o.range", range: { start: "2024-4-1", end: "2024-04-30" } }],
    ["the campaign shown", { type: "o2o.campaign", campaignId: 1 }],
    ["a campaign the user does not have", { type: "o2o.campaign", campaignId: 99 }],
  ] as const)("ignores %s", async (_name, event) => {
    const { actor, snap, calls } = await ready();
    const before = snap();
    actor.send(event);
    await flush();
    expect(snap()).toBe(before);
    expect(calls.tabs).toHaveLength(1);
  });

  it("before the campaigns are known, the same or an invalid range is ignored too", () => {
    const { actor, snap } = start({}, { campaigns: () => new Promise(() => {}) });
    const before = snap();
    actor.send({ type: "o2o.range", range: { ...MARCH } });
    actor.send({ type: "o2o.range", range: { start: "2024-04-30", end: "2024-04-01" } });
    actor.send({ type: "o2o.tab", tab: VISITORS });
    expect(snap()).toBe(before);
  });
});

describe("o2o: pure rules", () => {
  it("tabKey names the campaign and the range", () => {
    expect(tabKey(4, APRIL)).toBe("4|2024-04-01|2024-04-30");
  });

  it("pickCampaign: the one asked for when the user has it, else the first, else none", () => {
    expect(pickCampaign([campaign(1), campaign(2)], 2)).toBe(2);
    expect(pickCampaign([campaign(1), campaign(2)], 3)).toBe(1);
    expect(pickCampaign([campaign(1)], null)).toBe(1);
    expect(pickCampaign([], 1)).toBeNull();
  });

  it("isValidRange: real days, start not after end (one day is a range)", () => {
    expect(isValidRange({ start: "2024-02-29", end: "2024-02-29" })).toBe(true);
    expect(isValidRange({ start: "2023-02-29", end: "2023-03-01" })).toBe(false);
    expect(isValidRange({ start: "2024-03-02", end: "2024-03-01" })).toBe(false);
    expect(isDay("2024-13-01")).toBe(false);
    expect(isDay("")).toBe(false);
  });
});
