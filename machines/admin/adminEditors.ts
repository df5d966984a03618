/**
 * The dialogs of /admin and the form of /formAC (issue 17): one instance of the editor chart of
 * the KOL dialogs (`createKolEditorMachine`, machines/kolEditors: closed → (loading → loadFailed)
 * → editing → saving → saved / failed, a field the server refuses back in editing) per form.
 *
 * - the user form loads the brands the admin may give (`adminBrands`) before it can be edited;
 * - the password and brand forms open on their form;
 * - the account form (/formAC, and an account's edit dialog) loads the admin's brands, so the
 *   brand can be chosen and the channel is one of the chosen brand's.
 *
 * The user's or brand's id is the editor's `id`; an account's brand is its `scope`.
 */
import type { AdminBrand, AdminUser } from "../../domain/adminContract";
import { createKolEditorMachine } from "../kolEditors/kolEditorMachine";
import {
  EMPTY_ACCOUNT_FORM, EMPTY_BRAND_FORM, EMPTY_PASSWORD_FORM, EMPTY_USER_FORM, accountFormProblems, brandFormProblems, passwordFormProblems,
  userFormProblems, type AccountForm, type BrandForm, type PasswordForm, type UserForm,
} from "./adminForms";

/** What the user form loads: the brands the admin manages, by name. */
export type BrandChoices = readonly string[];

export const adminUserEditorMachine = createKolEditorMachine<UserForm, BrandChoices, AdminUser>(
  {
    id: "adminUserEditor",
    description: "The user dialog (/admin): Add user or Edit user (name, brands, the ten permissions, Disabled); the admin's brands are read first.",
    loads: true,
    problems: userFormProblems,
    wrapper: "user",
  },
  EMPTY_USER_FORM,
);

export const adminPasswordEditorMachine = createKolEditorMachine<PasswordForm, null, unknown>(
  {
    id: "adminPasswordEditor",
    description: "The Reset password dialog (/admin): a new password typed twice; the user's sessions end.",
    loads: false,
    problems: passwordFormProblems,
    wrapper: "user",
  },
  EMPTY_PASSWORD_FORM,
);

export const adminBrandEditorMachine = createKolEditorMachine<BrandForm, null, AdminBrand>(
  {
    id: "adminBrandEditor",
    description: "The brand dialog (/admin): Add brand or Edit brand (name, MA label, channels with their start year, o2o campaigns and the write-only o2o token).",
    loads: false,
    problems: brandFormProblems,
    wrapper: "brand",
  },
  EMPTY_BRAND_FORM,
);

/** What the account form loads: the brands the admin manages, with their channels and accounts. */
export type AccountBrands = readonly AdminBrand[];

export const adminAccountEditorMachine = createKolEditorMachine<AccountForm, AccountBrands, AdminBrand>(
  {
    id: "adminAccountEditor",
    description: "The account form (/formAC, and Edit account in /admin): brand, channel (one of the brand's), account id and name, pages; the admin's brands are read first.",
    loads: true,
    problems: accountFormProblems,
    wrapper: "account",
  },
  EMPTY_ACCOUNT_FORM,
);
