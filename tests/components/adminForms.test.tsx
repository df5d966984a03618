// @vitest-environment happy-dom
// The Admin forms as a person sees them (src/features/admin): the user form's ten permissions with
// their meanings, locked for the admin themselves with the reason; the brand form's write-only
// token (Token set / No token, Clear); the account form's page rows, a page id given twice marked
// on its row and described by the problem, the channel offering only the brand's channels.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PERMISSION_MEANINGS, type AdminBrand } from "../../domain/adminContract";
import {
  accountFormProblems, brandFormOf, newAccountFormOf, userFormOf, type AccountForm, type BrandForm, type UserForm,
} from "../../machines/admin/adminForms";
import { AccountFormView } from "@/features/admin/AccountFormView";
import { BrandFormView } from "@/features/admin/BrandDialog";
import { UserFormView } from "@/features/admin/UserDialog";
import type { EditorView } from "@/app/useEditorDialog";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";
import { formatBangkok } from "@/features/admin/adminFormat";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await loadAppMessages();
});

const brand: AdminBrand = {
  id: 2, name: "Tipco", maLabel: "Facebook MA", channels: [{ channel: "tiktok", startYear: 2023 }], accounts: [],
  o2o: { campaigns: [], hasToken: true }, users: 1, version: 1,
};

function viewOf<F, O>(form: F, options: O | null, problems: Partial<Record<keyof F, string>> = {}): EditorView<F, O> {
  return { open: true, mode: "edit", brand: "", scope: null, form, options, problems, loading: false, loadError: null, saving: false, error: null } as EditorView<F, O>;
}

let root: Root | null = null;
let host: HTMLElement | null = null;
function render(node: React.ReactNode): HTMLElement {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(node));
  return host;
}
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
});

const checkbox = (el: HTMLElement, label: string) =>
  [...el.querySelectorAll("label")].find((l) => l.textContent?.trim() === label)?.querySelector("input") as HTMLInputElement | undefined;

describe("the user form", () => {
  const user = { id: 7, email: "demo@example.com", name: "Demo", permissions: ["1", "4"] as const, brands: ["Tipco"], disabled: false, createdAt: "", lastSignInAt: null, version: 1 };

  it("lists the ten permissions with their meanings and the admin's brands", () => {
    const el = render(<UserFormView view={viewOf<UserForm, readonly string[]>(userFormOf(user, "other@example.com"), ["Aura", "Tipco"])} onChange={vi.fn()} onSave={vi.fn()} onCancel={vi.fn()} onRetry={vi.fn()} />);
    for (const [code, meaning] of Object.entries(PERMISSION_MEANINGS)) expect(checkbox(el, `${code} · ${meaning}`)).toBeDefined();
    expect(checkbox(el, "Tipco")?.checked).toBe(true);
    expect(checkbox(el, "Aura")?.checked).toBe(false);
    expect(checkbox(el, "4 · Admin")?.disabled).toBe(false);
  });

  it("locks the admin's own permission 4 and Disabled, and says why", () => {
    const onChange = vi.fn();
    const el = render(<UserFormView view={viewOf<UserForm, readonly string[]>(userFormOf(user, "demo@example.com"), ["Tipco"])} onChange={onChange} onSave={vi.fn()} onCancel={vi.fn()} onRetry={vi.fn()} />);
    const admin = checkbox(el, "4 · Admin")!;
    expect(admin.disabled).toBe(true);
    const reason = document.getElementById(admin.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toMatch(/you cannot take away your own permission 4/);
    expect(checkbox(el, "Disabled (cannot sign in; their sessions end)")?.disabled).toBe(true);
    act(() => checkbox(el, "9 · KPI and Clear Filter buttons")!.click());
    expect(onChange).toHaveBeenCalledWith({ permissions: ["1", "4", "9"] });
  });
});

describe("the brand form's o2o token", () => {
  const show = (form: BrandForm, onChange = vi.fn()) =>
    render(<BrandFormView view={viewOf<BrandForm, null>(form, null)} isNew={false} campaigns={[]} onChange={onChange} onSave={vi.fn()} onCancel={vi.fn()} />);

  it("says Token set, never shows it, and Clear empties it on save", () => {
    const onChange = vi.fn();
    const el = show(brandFormOf(brand), onChange);
    expect(el.textContent).toContain("Token set");
    const input = el.querySelector<HTMLInputElement>('input[type="password"]')!;
    expect(input.value).toBe("");
    const clear = [...el.querySelectorAll("button")].find((b) => b.textContent === "Clear")!;
    act(() => clear.click());
    expect(onChange).toHaveBeenCalledWith({ token: "", clearToken: true });
  });

  it("says No token without one, and what Save will do after a change", () => {
    expect(show({ ...brandFormOf(brand), hasToken: false }).textContent).toContain("No token");
    expect(show({ ...brandFormOf(brand), token: "abc" }).textContent).toContain("A new token replaces the stored one on Save");
    expect(show({ ...brandFormOf(brand), clearToken: true }).textContent).toContain("The token is cleared on Save");
  });
});

describe("the account form", () => {
  it("offers only the brand's channels, and marks both rows of a page id given twice", () => {
    const form: AccountForm = { ...newAccountFormOf(brand), id: "tipco.tt", name: "TikTok", pages: [{ id: "3001", name: "A" }, { id: "3001", name: "B" }, { id: "3002", name: "C" }] };
    const el = render(<AccountFormView view={viewOf<AccountForm, readonly AdminBrand[]>(form, [brand], accountFormProblems(form))} onChange={vi.fn()} onSave={vi.fn()} onCancel={vi.fn()} saveLabel="Add account" />);
    const channel = [...el.querySelectorAll("label")].find((l) => l.textContent === "Channel")!;
    const select = document.getElementById(channel.htmlFor) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["Choose a channel", "TikTok"]);
    const ids = [1, 2, 3].map((n) => el.querySelector<HTMLInputElement>(`input[aria-label="Page ${n} id"]`)!);
    expect(ids.map((i) => i.getAttribute("aria-invalid"))).toEqual(["true", "true", "false"]);
    expect(document.getElementById(ids[1]!.getAttribute("aria-describedby")!)?.textContent).toBe("Page id 3001 appears more than once.");
  });
});

describe("in Thai with Buddhist Era dates", () => {
  afterEach(() => activateLocale({ language: "en", calendar: "gregorian" }));

  it("labels the user form, its permissions and a field's problem in Thai, and writes Bangkok times in BE", async () => {
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
    const el = render(
      <UserFormView view={viewOf<UserForm, readonly string[]>(userFormOf(null, "demo@example.com"), ["Tipco"], { name: "Name is required." })} onChange={vi.fn()} onSave={vi.fn()} onCancel={vi.fn()} onRetry={vi.fn()} />,
    );
    expect(el.textContent).toContain("สิทธิ์");
    expect(checkbox(el, "4 · ผู้ดูแลระบบ")).toBeDefined();
    expect(el.textContent).toContain("ต้องกรอกชื่อ");
    expect(el.textContent).not.toContain("Name is required.");
    expect(formatBangkok("2024-03-05T03:00:00Z")).toBe("5 มี.ค. 2567, 10:00");
  });
});
