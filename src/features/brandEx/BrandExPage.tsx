/**
 * Route `/brandEx`, the start page: the container of the page anatomy (docs/architecture.md).
 * The applied view goes to the page's statechart (`machines/brandEx`) on every change; a KPI
 * template saved or deleted elsewhere reloads it; what it shows is read through selectors.
 */
import { useEffect } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { selectUserName } from "../../../machines/auth/authSelectors";
import { brandExMachine } from "../../../machines/brandEx/brandExMachine";
import { samePhase, selectPhase } from "../../../machines/brandEx/brandExSelectors";
import { authActor } from "@/app/auth";
import { appInspect } from "@/app/inspect";
import { usePageReload } from "@/app/pageData";
import { useView, viewKey } from "@/app/view";
import { brandExActors } from "@/features/brandEx/brandExActors";
import { BrandExView } from "@/features/brandEx/BrandExView";

export default function BrandExPage() {
  const userName = useSelector(authActor, selectUserName);
  const view = useView();
  const actor = useActorRef(brandExMachine.provide({ actors: brandExActors }), { input: { query: view }, inspect: appInspect });
  const key = viewKey(view);
  useEffect(() => actor.send({ type: "page.query", query: view }), [actor, key]);
  usePageReload(actor);
  const phase = useSelector(actor, selectPhase, samePhase);
  return (
    <BrandExView
      userName={userName ?? ""}
      view={view}
      pagesInView={phase.data?.inView.length ?? null}
      failed={phase.kind === "failed" ? phase.error : null}
      kpi={phase.data?.kpi ?? null}
      social={phase.data?.social ?? null}
    />
  );
}
