/**
 * Connects the drawer and the activation actors to the URL, the store of the applied view:
 * the URL's active filter is synced into the activation machine, and what the machines decide
 * (Search, a template switched on or off, a deleted template) is written back as one navigation;
 * an edit of the active template makes the visible page load its data again.
 */
import { useEffect, useRef } from "react";
import { activeSearch } from "../../../machines/templateActivation/activeFilter";
import { forgetFilterTemplates } from "@/app/appliedFilter";
import { invalidatePageData } from "@/app/pageData";
import { useSetView, useView, type ViewSearch } from "@/app/view";
import { filterDrawerActor, templateActivationActor } from "@/features/filters/filterDrawerActor";

/** Merges the patches made in one task into one navigation, so one change reloads the page data once. */
function batched(apply: (patch: Partial<ViewSearch>) => void): (patch: Partial<ViewSearch>) => void {
  let pending: Partial<ViewSearch> | null = null;
  return (patch) => {
    if (pending === null) {
      pending = {};
      queueMicrotask(() => {
        const next = pending ?? {};
        pending = null;
        apply(next);
      });
    }
    pending = { ...pending, ...patch };
  };
}

export function useFilterBridge(): void {
  const view = useView();
  const setView = useSetView();
  const activeKey = JSON.stringify(view.active);
  // The active template's title, read when a template is edited.
  const activeTitle = useRef<string | null>(null);
  activeTitle.current = view.active.kind === "template" ? view.active.title : null;

  useEffect(() => {
    templateActivationActor.send({ type: "activation.synced", active: JSON.parse(activeKey) as typeof view.active });
  }, [activeKey]);

  useEffect(() => {
    const patch = batched(setView);
    const subscriptions = [
      filterDrawerActor.on("filters.searched", (event) => {
        patch({ pages: [...event.pages], bags: [...event.bags] });
        templateActivationActor.send({ type: "adhoc.apply", filter: event.filter });
      }),
      filterDrawerActor.on("template.deleted", (event) => {
        forgetFilterTemplates();
        templateActivationActor.send({ type: "template.removed", title: event.title });
      }),
      // The active template now filters differently: the visible page loads its data again.
      filterDrawerActor.on("template.edited", (event) => {
        forgetFilterTemplates();
        if (event.title === activeTitle.current) invalidatePageData();
      }),
      // A new template may be the one a link names.
      filterDrawerActor.on("template.created", () => forgetFilterTemplates()),
      templateActivationActor.on("activation.changed", (event) => patch(activeSearch(event.active))),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [setView]);
}
