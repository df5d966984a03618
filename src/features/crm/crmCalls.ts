/**
 * The server calls of /crm as the signed-in user (`authedCall`: bearer token, one refresh and
 * retry on a 401). Answers are decoded by the API client with the contract's schemas.
 */
import { authedCall } from "@/app/api";
import { readFilterTemplates } from "@/app/appliedFilter";
import type { CrmCalls } from "@/features/crm/crmLoaders";

export const crmCalls: CrmCalls = {
  customers: async (request, signal) => (await authedCall("commerceCustomers", request, { signal })).data,
  // The list kept for every page (`@/app/appliedFilter`): the active filter is resolved from the
  // same templates as on every other page, not read again for each load.
  filterTemplates: (signal) => readFilterTemplates(signal),
  kpiTemplates: async (signal) => (await authedCall("getKpiTemplates", {}, { signal })).data,
};
