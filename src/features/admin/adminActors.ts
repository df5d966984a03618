/**
 * The actors of /admin's and /formAC's statecharts (docs/architecture.md, "The page anatomy": I/O
 * only here, given with `machine.provide`): the three tabs' loads, the forms' saves and the removes.
 */
import { fromPromise } from "xstate";
import type { AdminAuditResponse, AdminBrand, AdminUser } from "../../../domain/adminContract";
import { pageLoader } from "../../../machines/shared/pageLoad";
import {
  auditDataOf, type AdminAuditData, type AdminAuditQuery, type AdminBrandsQuery, type AdminUsersQuery,
} from "../../../machines/admin/adminPages";
import type { AccountBrands, BrandChoices } from "../../../machines/admin/adminEditors";
import {
  addAccountRequestOf, addBrandRequestOf, addUserRequestOf, newAccountFormOf, updateAccountRequestOf, updateBrandRequestOf, updateUserRequestOf,
  type AccountForm, type BrandForm, type PasswordForm, type UserForm,
} from "../../../machines/admin/adminForms";
import type { KolEditorInput, KolEditorLoaded } from "../../../machines/kolEditors/kolEditorMachine";
import type { AdminRemoveTarget } from "../../../machines/admin/adminRemoveMachine";
import { authedCall } from "@/app/api";
import { trackLoading } from "@/app/loading";

export const usersActors = {
  load: pageLoader((query: AdminUsersQuery, signal) =>
    trackLoading(authedCall("adminUsers", { ...(query.q === "" ? {} : { q: query.q }), page: String(query.page) }, { signal }))),
};

export const brandsActors = {
  load: pageLoader((_query: AdminBrandsQuery, signal) => trackLoading(authedCall("adminBrands", {}, { signal }))),
};

export async function loadAudit(query: AdminAuditQuery, signal: AbortSignal): Promise<AdminAuditData> {
  const pages: AdminAuditResponse[] = [];
  let after: number | null = null;
  for (let i = 0; i < query.pages; i += 1) {
    const request = { ...(query.actor === "" ? {} : { actor: query.actor }), ...(query.kind === null ? {} : { kind: query.kind }), ...(after === null ? {} : { after: String(after) }) };
    const page: AdminAuditResponse = await authedCall("adminAudit", request, { signal });
    pages.push(page);
    after = page.next;
    if (after === null) break;
  }
  return auditDataOf(pages);
}

export const auditActors = {
  load: pageLoader((query: AdminAuditQuery, signal) => trackLoading(loadAudit(query, signal))),
};

export const userEditorActors = {
  load: fromPromise<KolEditorLoaded<UserForm, BrandChoices>, KolEditorInput<UserForm>>(async ({ signal }) => ({
    options: (await authedCall("adminBrands", {}, { signal })).data.map((b) => b.name),
    form: null,
  })),
  save: fromPromise<AdminUser, KolEditorInput<UserForm>>(async ({ input, signal }) =>
    input.id === null
      ? (await authedCall("addUser", addUserRequestOf(input.form), { signal })).data
      : (await authedCall("updateUser", updateUserRequestOf(input.id, input.form), { signal })).data),
};

export const passwordEditorActors = {
  save: fromPromise<unknown, KolEditorInput<PasswordForm>>(({ input, signal }) =>
    authedCall("resetUserPassword", { id: input.id ?? 0, password: input.form.password }, { signal })),
};

export const brandEditorActors = {
  save: fromPromise<AdminBrand, KolEditorInput<BrandForm>>(async ({ input, signal }) =>
    input.id === null
      ? (await authedCall("addBrand", addBrandRequestOf(input.form), { signal })).data
      : (await authedCall("updateBrand", updateBrandRequestOf(input.id, input.form), { signal })).data),
};

/** /formAC: the admin's brands, the form on the brand asked for (`scope`, from `?b=`) when it is one of them. */
export const accountEditorActors = {
  load: fromPromise<KolEditorLoaded<AccountForm, AccountBrands>, KolEditorInput<AccountForm>>(async ({ input, signal }) => {
    const brands = (await authedCall("adminBrands", {}, { signal })).data;
    const chosen = brands.find((b) => b.id === input.scope) ?? (brands.length === 1 ? brands[0]! : null);
    return { options: brands, form: newAccountFormOf(chosen) };
  }),
  save: fromPromise<AdminBrand, KolEditorInput<AccountForm>>(async ({ input, signal }) =>
    input.form.isNew
      ? (await authedCall("addAccount", addAccountRequestOf(input.form), { signal })).data
      : (await authedCall("updateAccount", updateAccountRequestOf(input.form), { signal })).data),
};

/** The account's edit dialog in Admin: the brands are those the page shows, nothing is read. */
export const accountEditActors = (brands: AccountBrands) => ({
  load: fromPromise<KolEditorLoaded<AccountForm, AccountBrands>, KolEditorInput<AccountForm>>(() => Promise.resolve({ options: brands, form: null })),
  save: accountEditorActors.save,
});

export const removeActors = {
  remove: fromPromise<unknown, AdminRemoveTarget>(({ input, signal }) =>
    input.kind === "user"
      ? authedCall("removeUser", { id: Number(input.id) }, { signal })
      : authedCall("removeAccount", { brandId: input.brandId ?? 0, id: input.id }, { signal })),
};
