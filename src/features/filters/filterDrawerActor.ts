/**
 * The app-wide filter drawer actor (the shell sends it `drawer.open`) and the template
 * activation actor (which filter is active). Created once at module scope; their messages for
 * the user become toasts here, their URL changes are applied by `useFilterBridge`.
 */
import { createActor } from "xstate";
import { filterDrawerMachine } from "../../../machines/filterDrawer/filterDrawerMachine";
import { templateActivationMachine } from "../../../machines/templateActivation/templateActivationMachine";
import { appInspect } from "@/app/inspect";
import { showToast } from "@/app/toast";
import { readAppliedView } from "@/features/filters/appliedView";
import { filterDrawerActors } from "@/features/filters/filterDrawerActors";

export const filterDrawerActor = createActor(filterDrawerMachine.provide({ actors: filterDrawerActors }), { inspect: appInspect });
filterDrawerActor.on("toast.show", ({ severity, summary, detail }) =>
  showToast(detail === undefined ? { severity, summary } : { severity, summary, detail }),
);
filterDrawerActor.start();

// Starts from the URL; `useFilterBridge` keeps it in step from then on.
export const templateActivationActor = createActor(templateActivationMachine, { input: { active: readAppliedView().active }, inspect: appInspect });
templateActivationActor.start();
