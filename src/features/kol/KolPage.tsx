/**
 * Route `/campaign` (KOL Campaign, issue 16), the container of the page anatomy
 * (docs/architecture.md): the query (the view's brand and range and the platform for the
 * overview; the brand and the campaign `c` for a campaign) and the leaderboard's choices (sort,
 * order, tier, platform, picked KOL: `KolSearch`) go from the URL to the page's statechart
 * (`machines/kol/kolMachine`); what it shows is read through selectors and handed to the view.
 * A choice is a new history entry (Back undoes it). The dialogs of `src/features/kol/editors`
 * are mounted here; a save, a delete or an import reloads the page's data.
 */
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { guardedImport } from "@/app/chunkReload";
import { useOpenedOnce } from "@/components/useOpenedOnce";
import { useActorRef, useSelector } from "@xstate/react";
import type { KolPlatform, KolTier } from "../../../domain/kolContract";
import { toDisplayDate } from "../../../domain/dates";
import type { KolSearch, KolSort } from "../../../domain/routeSearch";
import { kolMachine, kolQueryKey, type KolChoices, type KolQuery } from "../../../machines/kol/kolMachine";
import { campaignOf, contentOf, kolsInView, leaderboardOf, overviewOf, samePhase, selectChoices, selectPhase } from "../../../machines/kol/kolSelectors";
import { appInspect } from "@/app/inspect";
import { usePageReload } from "@/app/pageData";
import { usePageSearch, useSetPageSearch, useView } from "@/app/view";
import { kolActors } from "@/features/kol/kolActors";
import type { KolDialog } from "@/features/kol/KolDialogs";
import { campaignIdOf, choicesOf, openCampaign, searchOfChoices, sortedBy } from "@/features/kol/kolSearch";
import { KolView, type KolActions, type KolViewPhase } from "@/features/kol/KolView";

// Loaded when it first opens, not with the page (issue 19): the page's first paint does not wait for PrimeReact's Dialog.
const KolDialogs = lazy(guardedImport(() => import("@/features/kol/KolDialogs").then((m) => ({ default: m.KolDialogs }))));

/** The page's machine with their actors, made once (not on every render). */
const KOL_MACHINE = kolMachine.provide({ actors: kolActors });

export default function KolPage() {
  const view = useView();
  const search = usePageSearch<KolSearch>();
  const setSearch = useSetPageSearch<KolSearch>();
  const start = toDisplayDate(view.range.startDate);
  const end = toDisplayDate(view.range.endDate);
  const campaignId = campaignIdOf(search);
  const urlChoices = choicesOf(search);
  const choicesKey = JSON.stringify(urlChoices);
  const query = useMemo<KolQuery>(
    () =>
      campaignId === null
        ? { kind: "overview", brand: view.brand, start, end, platform: urlChoices.platform }
        : { kind: "campaign", brand: view.brand, id: campaignId },
    // The overview's platform is its only choice that loads; a campaign loads the same for every choice.
    [view.brand, start, end, campaignId, campaignId === null ? urlChoices.platform : null],
  );
  const actor = useActorRef(KOL_MACHINE, { input: { query, choices: urlChoices }, inspect: appInspect });
  const queryKey = kolQueryKey(query);
  useEffect(() => actor.send({ type: "page.query", query }), [actor, queryKey]);
  useEffect(() => actor.send({ type: "kol.choose", choices: urlChoices }), [actor, choicesKey]);
  usePageReload(actor);
  // The store's update is a synchronous render; the figures are drawn in a deferred one, which
  // React time-slices, so their arrival never holds the main thread for long (issue 19).
  const phase = useDeferredValue(useSelector(actor, selectPhase, samePhase));
  const choices = useSelector(actor, selectChoices);

  const overview = overviewOf(phase.data);
  const detail = campaignOf(phase.data);
  const leaderboard = useMemo(() => (detail === null ? [] : leaderboardOf(detail.kols, choices)), [detail, choices]);
  const inView = useMemo(() => (detail === null ? [] : kolsInView(detail.kols, choices)), [detail, choices]);
  const content = useMemo(() => (detail === null ? [] : contentOf(detail.posts, detail.kols, choices)), [detail, choices]);

  const choose = useCallback((next: KolChoices) => setSearch(searchOfChoices(next) as Partial<KolSearch>), [setSearch]);
  const linkTo = useCallback(
    (id: number | null) => {
      const patch: Record<string, unknown> = { ...search, ...openCampaign(id, choices) };
      for (const [k, v] of Object.entries(patch)) if (v === undefined) delete patch[k];
      return patch;
    },
    [search, choices],
  );

  const [dialog, setDialog] = useState<KolDialog | null>(null);
  const dialogMounted = useOpenedOnce(dialog !== null);
  const brand = view.brand;
  const actions = useMemo<KolActions>(
    () => ({
      onNewCampaign: () => setDialog({ kind: "campaign", campaign: null }),
      onEditCampaign: () => detail !== null && setDialog({ kind: "campaign", campaign: detail.campaign }),
      onDeleteCampaign: () => detail !== null && setDialog({ kind: "delete", target: { kind: "campaign", id: detail.campaign.id, name: detail.campaign.name } }),
      onAddBooking: () => detail !== null && setDialog({ kind: "booking", campaignId: detail.campaign.id, booking: null }),
      onEditBooking: (b) => detail !== null && setDialog({ kind: "booking", campaignId: detail.campaign.id, booking: b }),
      onDeleteBooking: (b) => setDialog({ kind: "delete", target: { kind: "booking", id: b.id, name: b.kolName } }),
      onEmv: () => setDialog({ kind: "emv" }),
      onImport: () => detail !== null && setDialog({ kind: "import", campaignId: detail.campaign.id, campaignName: detail.campaign.name }),
    }),
    [detail],
  );

  const viewPhase: KolViewPhase = phase.kind === "failed" ? { kind: "failed", error: phase.error } : phase.kind === "loading" ? { kind: "loading" } : { kind: "ready" };
  return (
    <>
      <KolView
        brand={brand}
        start={start}
        end={end}
        phase={viewPhase}
        campaignId={campaignId}
        overview={overview}
        detail={detail}
        choices={choices}
        leaderboard={leaderboard}
        kolsInView={inView}
        content={content}
        linkTo={linkTo}
        onSort={(sort: KolSort) => choose(sortedBy(choices, sort))}
        onOrder={(order) => choose({ ...choices, order })}
        onTier={(tier: KolTier | null) => choose({ ...choices, tier, kol: null })}
        onPlatform={(platform: KolPlatform | null) => choose({ ...choices, platform, kol: null })}
        onPickKol={(kol) => choose({ ...choices, kol })}
        onClearFilters={() => choose({ ...choices, tier: null, platform: null, kol: null })}
        onRetry={() => actor.send({ type: "page.retry" })}
        actions={actions}
      />
      {dialogMounted && (
        <Suspense fallback={null}>
          <KolDialogs
            brand={brand}
            dialog={dialog}
            onClose={() => setDialog(null)}
            onChanged={() => actor.send({ type: "page.reload" })}
            onCampaignSaved={(id, created) => {
              // A new campaign opens; an edited one reloads where it is.
              if (created) setSearch(openCampaign(id, choices) as Partial<KolSearch>);
              else actor.send({ type: "page.reload" });
            }}
            onCampaignDeleted={() => setSearch(openCampaign(null, choices) as Partial<KolSearch>)}
          />
        </Suspense>
      )}
    </>
  );
}
