/**
 * The server calls of /crm as the signed-in user (`authedCall`: bearer token, one refresh and
 * retry on a 401). Answers are decoded by the API client with the contract's schemas.
 */
import { authedCall } from "@/app/api";
import type { CrmCalls } from "@/features/crm/crmLoaders";

export const crmCalls: CrmCalls = {
  customers: async (request, signal) => (await authedCall("commerceCustomers", request, { signal })).data,
  filterTemplates: async (signal) => (await authedCall("getTemplates", {}, { signal })).data,
  kpiTemplates: async (signal) => (await authedCall("getKpiTemplates", {}, { signal })).data,
};
