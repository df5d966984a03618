/** The real side effects of the filter drawer: every call goes out as the signed-in user. */
import { fromPromise } from "xstate";
import { ofBrand, type FilterTemplate, type FilterTemplateRecord, type Page } from "../../../domain/entities";
import { failureMessage } from "../../../machines/shared/actorHelpers";
import type { DrawerData } from "../../../machines/filterDrawer/filterDrawerSetup";
import { ApiCallError } from "@/api/client";
import { authedCall } from "@/app/api";
import { authActor } from "@/app/auth";
import { currentBrand } from "@/app/view";
import { readAppliedView } from "@/features/filters/appliedView";

export const filterDrawerActors = {
  loadDrawer: fromPromise<DrawerData, void>(async ({ signal }) => {
    const user = authActor.getSnapshot().context.user;
    // The accounts and pages to pick from are those of the brand in the top bar.
    const brand = currentBrand();
    const base = { applied: readAppliedView(), lists: { pages: ofBrand(user?.listpage ?? [], brand), bags: ofBrand(user?.listbag ?? [], brand) } };
    try {
      const { data } = await authedCall("getTemplates", {}, { signal });
      return { ...base, templates: data, templatesError: null };
    } catch (error) {
      // A session that ended makes the whole drawer unusable; any other failure only the
      // Template tab, and the Filter tab still works.
      if (signal.aborted || (error instanceof ApiCallError && error.status === 401)) throw error;
      return { ...base, templates: [], templatesError: failureMessage(error, "Templates could not be loaded.") };
    }
  }),

  filterPages: fromPromise<readonly Page[], { bags: readonly string[] }>(async ({ input, signal }) =>
    (await authedCall("filterPage", { filter: [...input.bags] }, { signal })).data),

  // No abort signal: once sent, the server saves whether or not we listen; the list is read
  // again on the next opening.
  saveTemplate: fromPromise<FilterTemplateRecord, { template: FilterTemplate }>(async ({ input }) =>
    (await authedCall("upsertTemplate", { template: input.template })).data),

  deleteTemplate: fromPromise<void, { title: string }>(async ({ input }) => {
    await authedCall("deleteTemplate", { title: input.title });
  }),
};
