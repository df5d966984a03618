/**
 * Sample data of the Admin models (tests/models/admin*.model.ts): a user, a brand with an
 * account, an audit page, and the server's answers (a 400 naming a field, a 500, no answer).
 */
import type { AdminAuditResponse, AdminBrand, AdminBrandsResponse, AdminUser, AdminUsersResponse } from "../../domain/adminContract";

export const user: AdminUser = {
  id: 7, email: "ploy@example.com", name: "Ploy", permissions: ["7", "8"], brands: ["Tipco"], disabled: false,
  createdAt: "2026-01-05T10:00:00.000+07:00", lastSignInAt: null, version: 3,
};
export const brand: AdminBrand = {
  id: 2, name: "Tipco", maLabel: "Facebook MA", channels: [{ channel: "facebook", startYear: 2023 }],
  accounts: [{ id: "tipco.fb", name: "Tipco Facebook", channel: "facebook", pages: [{ id: "1001", name: "Tipco Official" }] }],
  o2o: { campaigns: [], hasToken: false }, users: 2, version: 1,
};
export const usersPage = (total: number): AdminUsersResponse => ({ data: total === 0 ? [] : [user], total, page: 1, pageSize: 20 });
export const brandsAnswer = (brands: readonly AdminBrand[]): AdminBrandsResponse => ({ data: brands, o2oCampaigns: [] });
export const auditPage = (next: number | null): AdminAuditResponse => ({
  data: [{ id: 31, at: "2026-01-05T10:00:00.000+07:00", actor: "demo@example.com", type: "user.updated", kind: "user", subject: "ploy@example.com", before: { permissions: ["7"] }, after: { permissions: ["7", "8"] }, summary: "permissions 7 → 7,8" }],
  next,
});

export const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });
export const serverDown = httpError(0, "The server could not be reached.");
