/**
 * Route `/brandEx`, the start page: the container of the page anatomy (docs/architecture.md).
 * The applied view goes to the page's statechart (`machines/brandEx`) on every change; a KPI
 * template saved or deleted elsewhere reloads it; what it shows is read through selectors.
 */
import { useDeferredValue, useEffect, useMemo } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { MODULE_LINE_IDS, MODULE_LINE_PATHS, type ModuleLineId } from "../../../domain/brandEx";
import { daysInclusive } from "../../../domain/calendarDays";
import { bangkokDay, toDisplayDate } from "../../../domain/dates";
import { O2O_MAX_RANGES } from "../../../domain/o2o";
import { searchForModule } from "../../../domain/routes";
import { VIEW_SEARCH_KEYS } from "../../../domain/viewSearch";
import { selectUserName } from "../../../machines/auth/authSelectors";
import { brandExMachine } from "../../../machines/brandEx/brandExMachine";
import { brandExModulesMachine } from "../../../machines/brandEx/brandExModulesMachine";
import { sameModulesPhase, samePhase, selectModulesPhase, selectPhase } from "../../../machines/brandEx/brandExSelectors";
import { authActor } from "@/app/auth";
import { appInspect } from "@/app/inspect";
import { usePageReload } from "@/app/pageData";
import { useView, useViewSearch, viewKey, type ResolvedView, type ViewSearch } from "@/app/view";
import { brandExActors, brandExModulesActors } from "@/features/brandEx/brandExActors";
import { BrandExView } from "@/features/brandEx/BrandExView";
import type { ModuleLink } from "@/features/brandEx/ModuleLinesView";

/**
 * Where each module line links to: the module, with the shared view's search params (as the
 * side menu carries them). The o2o page keeps a range of its own: it gets the view's range too,
 * when that is one it can show (ending today at the latest, at most 366 days), so it opens on
 * the figures the line shows.
 */
function moduleLinks(search: ViewSearch, view: ResolvedView, today: string): Record<ModuleLineId, ModuleLink> {
  const start = toDisplayDate(view.range.startDate);
  const end = toDisplayDate(view.range.endDate);
  const o2oRange = end <= today && daysInclusive(start, end) <= O2O_MAX_RANGES ? { from: start, to: end } : {};
  const link = (id: ModuleLineId): ModuleLink => {
    const to = MODULE_LINE_PATHS[id];
    const shared = searchForModule(to, "/brandEx", search as Record<string, unknown>, VIEW_SEARCH_KEYS);
    return { to, search: id === "o2o" ? { ...shared, ...o2oRange } : shared };
  };
  return Object.fromEntries(MODULE_LINE_IDS.map((id) => [id, link(id)])) as Record<ModuleLineId, ModuleLink>;
}

/** The page's machines with their actors, made once (not on every render). */
const BRAND_EX_MACHINE = brandExMachine.provide({ actors: brandExActors });
const BRAND_EX_MODULES_MACHINE = brandExModulesMachine.provide({ actors: brandExModulesActors });

export default function BrandExPage() {
  const userName = useSelector(authActor, selectUserName);
  const view = useView();
  const actor = useActorRef(BRAND_EX_MACHINE, { input: { query: view }, inspect: appInspect });
  const key = viewKey(view);
  useEffect(() => actor.send({ type: "page.query", query: view }), [actor, key]);
  usePageReload(actor);
  // The store's update is a synchronous render; the figures are drawn in a deferred one, which
  // React time-slices, so their arrival never holds the main thread for long (issue 19).
  const phase = useDeferredValue(useSelector(actor, selectPhase, samePhase));
  // The other modules' lines: their own load, so the overview never waits for them.
  const modules = useActorRef(BRAND_EX_MODULES_MACHINE, { input: { query: view }, inspect: appInspect });
  useEffect(() => modules.send({ type: "page.query", query: view }), [modules, key]);
  usePageReload(modules);
  const modulesPhase = useDeferredValue(useSelector(modules, selectModulesPhase, sameModulesPhase));
  const search = useViewSearch();
  const links = useMemo(() => moduleLinks(search, view, bangkokDay(Date.now())), [search, view]);
  return (
    <BrandExView
      userName={userName ?? ""}
      view={view}
      pagesInView={phase.data?.inView.length ?? null}
      failed={phase.kind === "failed" ? phase.error : null}
      kpi={phase.data?.kpi ?? null}
      social={phase.data?.social ?? null}
      moduleLines={modulesPhase.kind === "failed" ? [] : modulesPhase.data}
      moduleLinks={links}
    />
  );
}
