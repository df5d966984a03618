/**
 * Route `/o2o`: visitor analytics of one campaign over the page's own date range, in five tabs.
 * The URL (`tab`, `from`, `to`, `campaign`) is the store of what is shown: the page reads it,
 * keeps the statechart in step with it (load, back/forward, links), and writes a user's choice
 * into it as a new history entry. The statechart loads only the tab shown, through the loaders
 * of `o2oLoaders.ts` and this visit's worker.
 */
import { useCallback, useEffect, useMemo } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { O2oTabId } from "../../../domain/o2o";
import type { O2oSearch } from "../../../domain/routeSearch";
import { bangkokDay } from "../../../domain/dates";
import { defaultO2oRange } from "../../../domain/o2oRange";
import { o2oMachine } from "../../../machines/o2o/o2oMachine";
import type { O2oRange } from "../../../machines/o2o/o2oTabs";
import { selectPermissions } from "../../../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { appInspect } from "@/app/inspect";
import { usePageSearch, useSetPageSearch, useView } from "@/app/view";
import { o2oActors } from "@/features/o2o/o2oActors";
import { o2oCall } from "@/features/o2o/o2oCall";
import { createO2oLoaders, type O2oMath } from "@/features/o2o/o2oLoaders";
import { o2oSearchOf, resolveO2oSearch, type ResolvedO2oSearch } from "@/features/o2o/o2oSearch";
import { sameKept, samePhase, selectCampaignId, selectCampaigns, selectKeptTabs, selectPhase, selectTab } from "@/features/o2o/o2oSelectors";
import { useO2oWorker } from "@/features/o2o/o2oWorker";
import { O2oView } from "@/features/o2o/O2oView";

export default function O2oPage() {
  const search = usePageSearch<O2oSearch>();
  // One day for the whole visit: the range's upper bound and the windows' "today".
  const today = useMemo(() => bangkokDay(Date.now()), []);
  const wanted = useMemo(
    () => resolveO2oSearch({ tab: search.tab, from: search.from, to: search.to, campaign: search.campaign }, today),
    [search.tab, search.from, search.to, search.campaign, today],
  );
  const math = useO2oWorker();
  // The range /o2o opens with (spec §9), known at once: the first paint and the first request do not
  // wait for the worker (issue 19).
  const defaultRange = useMemo(() => {
    const r = defaultO2oRange(today);
    return { start: r.startDate, end: r.endDate };
  }, [today]);
  const range = wanted.range ?? defaultRange;
  const canReport = useSelector(authActor, (s) => selectPermissions(s).includes("2"));
  return <O2oMachinePage wanted={wanted} range={range} today={today} math={math} canReport={canReport} />;
}

interface O2oMachinePageProps {
  canReport: boolean;
  wanted: ResolvedO2oSearch;
  range: O2oRange;
  today: string;
  math: () => O2oMath;
}

function O2oMachinePage({ wanted, range, today, math, canReport }: O2oMachinePageProps) {
  const brand = useView().brand;
  const loaders = useMemo(() => createO2oLoaders({ call: o2oCall, math, today: () => today }), [math, today]);
  const actor = useActorRef(o2oMachine.provide({ actors: o2oActors(loaders) }), {
    input: { tab: wanted.tab, range, campaignId: wanted.campaignId },
    inspect: appInspect,
  });
  const tab = useSelector(actor, selectTab);
  const campaigns = useSelector(actor, selectCampaigns);
  const campaignId = useSelector(actor, selectCampaignId);
  const phase = useSelector(actor, selectPhase, samePhase);
  const kept = useSelector(actor, selectKeptTabs, sameKept);

  // The URL leads: what it asks for is sent to the machine, which ignores what it shows already
  // (the same tab, range or campaign) and refuses what it cannot show (an unknown campaign).
  const firstCampaign = campaigns[0]?.id ?? null;
  const wantedCampaign = wanted.campaignId ?? firstCampaign;
  useEffect(() => actor.send({ type: "o2o.tab", tab: wanted.tab }), [actor, wanted.tab]);
  useEffect(() => actor.send({ type: "o2o.range", range: { start: range.start, end: range.end } }), [actor, range.start, range.end]);
  useEffect(() => {
    if (wantedCampaign !== null) actor.send({ type: "o2o.campaign", campaignId: wantedCampaign });
  }, [actor, wantedCampaign]);

  // A user's choice: shown at once, and written into the URL as a new history entry (so Back
  // returns to the previous tab, range or campaign). The whole state goes in, so the link
  // reproduces it even after "today" has moved on.
  const setSearch = useSetPageSearch<O2oSearch>();
  const show = useCallback(
    (next: { tab?: O2oTabId; range?: O2oRange; campaignId?: number }) => {
      const snapshot = actor.getSnapshot().context;
      if (next.tab !== undefined) actor.send({ type: "o2o.tab", tab: next.tab });
      if (next.range !== undefined) actor.send({ type: "o2o.range", range: next.range });
      if (next.campaignId !== undefined) actor.send({ type: "o2o.campaign", campaignId: next.campaignId });
      setSearch(o2oSearchOf(next.tab ?? snapshot.tab, next.range ?? snapshot.range, next.campaignId ?? snapshot.campaignId));
    },
    [actor, setSearch],
  );

  return (
    <O2oView
      today={today}
      tab={tab}
      range={range}
      campaigns={campaigns}
      campaignId={campaignId}
      phase={phase}
      kept={kept}
      onTab={(t) => show({ tab: t })}
      onRange={(r) => show({ range: r })}
      onCampaign={(id) => show({ campaignId: id })}
      onRetry={() => actor.send({ type: "o2o.retry" })}
      brand={brand}
      canReport={canReport}
    />
  );
}
