/**
 * The three tabs of /admin (issue 17), each on the shared page load cycle
 * (`machines/shared/pageLoad.ts`): a new query loads once, `page.reload` after a change made in a
 * dialog, the last data stays on screen while the next load runs.
 *
 * - Users: one page of the users the admin manages, for a search (`q`) and a page number.
 * - Brands: the brands the admin manages, with their channels, accounts, pages and o2o access.
 * - Audit: the admin changes of the event log, newest first, for an actor and a kind; "Load more"
 *   asks for one more page of 50 (the query counts the pages shown).
 */
import type { AdminAuditResponse, AdminBrandsResponse, AdminUsersResponse, AuditEntry, AuditKind } from "../../domain/adminContract";
import { createPageMachine, samePagePhase, selectPagePhase, type PageActorRef, type PagePhase, type PageSnapshot } from "../shared/pageLoad";

export interface AdminUsersQuery {
  /** The search (email or name); "" for all. */
  readonly q: string;
  readonly page: number;
}

export const adminUsersMachine = createPageMachine<AdminUsersQuery, AdminUsersResponse>({
  id: "adminUsers",
  description: "The Users tab of /admin: one page of the users the admin manages, for a search.",
  isEmpty: (data) => data.total === 0,
  failedMessage: "The users could not be loaded.",
});

/** The brands the signed-in admin manages: another admin signed in is another list. */
export interface AdminBrandsQuery {
  /** The signed-in admin's email. */
  readonly admin: string;
}

export const adminBrandsMachine = createPageMachine<AdminBrandsQuery, AdminBrandsResponse>({
  id: "adminBrands",
  description: "The Brands tab of /admin: the brands the admin manages, their channels, accounts and pages, and o2o access.",
  isEmpty: (data) => data.data.length === 0,
  failedMessage: "The brands could not be loaded.",
});

export interface AdminAuditQuery {
  /** Whose changes: an admin's email, "cli", or "" for everyone. */
  readonly actor: string;
  readonly kind: AuditKind | null;
  /** How many pages of 50 are shown ("Load more" adds one). */
  readonly pages: number;
}

export interface AdminAuditData {
  readonly entries: readonly AuditEntry[];
  /** Whether there is more to load. */
  readonly more: boolean;
}

/** The audit's entries of one query, as the pages of `adminAudit` answer them. */
export function auditDataOf(pages: readonly AdminAuditResponse[]): AdminAuditData {
  return { entries: pages.flatMap((p) => p.data), more: (pages.at(-1)?.next ?? null) !== null };
}

export const adminAuditMachine = createPageMachine<AdminAuditQuery, AdminAuditData>({
  id: "adminAudit",
  description: "The Audit tab of /admin: who changed what and when (before → after), for an actor and a kind; Load more.",
  isEmpty: (data) => data.entries.length === 0,
  failedMessage: "The audit could not be loaded.",
});

export type AdminUsersActorRef = PageActorRef<AdminUsersQuery, AdminUsersResponse>;
export type AdminBrandsActorRef = PageActorRef<AdminBrandsQuery, AdminBrandsResponse>;
export type AdminAuditActorRef = PageActorRef<AdminAuditQuery, AdminAuditData>;

export const selectUsersPhase = (s: PageSnapshot<AdminUsersQuery, AdminUsersResponse>): PagePhase<AdminUsersResponse> => selectPagePhase(s);
export const selectBrandsPhase = (s: PageSnapshot<AdminBrandsQuery, AdminBrandsResponse>): PagePhase<AdminBrandsResponse> => selectPagePhase(s);
export const selectAuditPhase = (s: PageSnapshot<AdminAuditQuery, AdminAuditData>): PagePhase<AdminAuditData> => selectPagePhase(s);
export const sameUsersPhase = samePagePhase<AdminUsersResponse>;
export const sameBrandsPhase = samePagePhase<AdminBrandsResponse>;
export const sameAuditPhase = samePagePhase<AdminAuditData>;
