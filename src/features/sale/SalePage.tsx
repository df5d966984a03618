/**
 * Route `/sale` (issue 17), the container of the page anatomy (docs/architecture.md): the query
 * (the view's brand and range) goes to the page's statechart (`machines/sale`) on every change;
 * what it shows is read through selectors and handed to the view. `/sale` has no route guard
 * (spec): a user without permission 7 sees why there is nothing, and no call is made.
 */
import { useEffect, useMemo } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { permits } from "../../../domain/api";
import { toDisplayDate } from "../../../domain/dates";
import { selectPermissions } from "../../../machines/auth/authSelectors";
import { saleMachine, saleQueryKey, type SaleQuery } from "../../../machines/sale/saleMachine";
import { samePhase, selectPhase } from "../../../machines/sale/saleSelectors";
import { authActor } from "@/app/auth";
import { appInspect } from "@/app/inspect";
import { usePageReload } from "@/app/pageData";
import { useView } from "@/app/view";
import { saleActors } from "@/features/sale/saleActors";
import { SaleNoAccess, SaleView, type SalePhase } from "@/features/sale/SaleView";

/** The permission of the call the page makes (E-Commerce). */
const SALE_PERMISSION = "7";

function SaleLoaded() {
  const view = useView();
  const start = toDisplayDate(view.range.startDate);
  const end = toDisplayDate(view.range.endDate);
  const query = useMemo<SaleQuery>(() => ({ brand: view.brand, start, end }), [view.brand, start, end]);

  const actor = useActorRef(saleMachine.provide({ actors: saleActors }), { input: { query }, inspect: appInspect });
  const queryKey = saleQueryKey(query);
  // The machine compares keys too; this only saves it the events of renders that changed nothing.
  useEffect(() => actor.send({ type: "page.query", query }), [actor, queryKey]);
  usePageReload(actor);
  const phase = useSelector(actor, selectPhase, samePhase);

  const viewPhase: SalePhase =
    phase.kind === "failed" ? { kind: "failed", error: phase.error } : phase.kind === "loading" ? { kind: "loading" } : { kind: "ready" };
  return (
    <SaleView
      brand={view.brand}
      start={start}
      end={end}
      summary={phase.data?.summary ?? null}
      phase={viewPhase}
      onRetry={() => actor.send({ type: "page.retry" })}
    />
  );
}

export default function SalePage() {
  const permissions = useSelector(authActor, selectPermissions);
  return permits(SALE_PERMISSION, permissions) ? <SaleLoaded /> : <SaleNoAccess />;
}
