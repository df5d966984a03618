/**
 * The accounts of the e2e server: the demo user of the seed plus users added by `server.ts`
 * for permission and brand cases. Specs sign in with these.
 */
import type { PermissionCode } from "../../../domain/entities";

export interface E2eUser {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly permissions: readonly PermissionCode[];
  readonly brands: readonly string[];
}

/** From the demo seed: every permission, brands Aura, Aura Move and Tipco. */
export const DEMO: E2eUser = {
  email: "demo@example.com",
  password: "demo1234",
  name: "Demo User",
  permissions: ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
  brands: ["Aura", "Aura Move", "Tipco"],
};

/** Brand Experience, CIR and the KPI / Clear Filter buttons; one brand, Aura (whose MA label is "MA"). */
export const LIMITED: E2eUser = {
  email: "limited@example.com",
  password: "Limited2024x",
  name: "Limited User",
  permissions: ["1", "2", "9"],
  brands: ["Aura"],
};

/** Every module, but not permission 9: no KPI and no Clear Filter button anywhere. */
export const NO_KPI: E2eUser = {
  email: "nokpi@example.com",
  password: "NoKpi2024x",
  name: "No Kpi User",
  permissions: ["1", "2", "3", "4", "5", "6", "7", "8"],
  brands: ["Tipco"],
};

/** Brand Experience only, and no brand yet: so no o2o campaigns either (a brand's users read its campaigns). */
export const NO_BRAND: E2eUser = {
  email: "nobrand@example.com",
  password: "NoBrand2024x",
  name: "No Brand User",
  permissions: ["1"],
  brands: [],
};

/** Every module on Tipco; switches to Thai and the Buddhist Era in i18n.spec (issue 18), so no other spec signs in as them. */
export const LOCALE_USER: E2eUser = {
  email: "locale@example.com",
  password: "Locale2024x",
  name: "Locale User",
  permissions: ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
  brands: ["Tipco"],
};

/** Users `server.ts` adds to the demo workspace. */
export const ADDED_USERS: readonly E2eUser[] = [LIMITED, NO_KPI, NO_BRAND, LOCALE_USER];
