/**
 * How a person works the KPI Setting drawer and the KPI template dialog, by role and visible
 * text, written once for the KPI specs (plain and model-driven). Also resets the demo user's KPI
 * templates through the API, so every test starts from a known state.
 */
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { DEMO } from "./filterUi";

async function apiSession(request: APIRequestContext, user = DEMO): Promise<{ headers: Record<string, string>; end: () => Promise<void> }> {
  const login = await request.post("/auth/login-user", { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  const { access_token } = (await login.json()).user.Tokens as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  return { headers, end: async () => void (await request.post("/api/auth/logout", { headers, data: {} })) };
}

/** Deletes every KPI template of a user, through the API (not the UI under test). */
export async function deleteAllKpiTemplates(request: APIRequestContext, user = DEMO): Promise<void> {
  const { headers, end } = await apiSession(request, user);
  const list = await request.get("/user/get-kpi-template", { headers });
  expect(list.status()).toBe(200);
  for (const t of (await list.json()).data as Array<{ title: string }>) {
    const del = await request.post("/user/delete-kpi-template", { headers, data: { title: t.title } });
    expect(del.status()).toBe(200);
  }
  await end();
}

/** The user's KPI templates as the server stores them. */
export async function kpiTemplatesOnServer(request: APIRequestContext, user = DEMO): Promise<Array<Record<string, unknown>>> {
  const { headers, end } = await apiSession(request, user);
  const list = await request.get("/user/get-kpi-template", { headers });
  expect(list.status()).toBe(200);
  const data = (await list.json()).data as Array<Record<string, unknown>>;
  await end();
  return data;
}

/** The KPI Setting drawer. */
export function kpiDrawer(page: Page) {
  const root = page.getByRole("dialog", { name: "KPI Setting" });
  return {
    root,
    createButton: root.getByRole("button", { name: "+ Create KPI" }),
    selectButton: (title: string) => root.getByRole("button", { name: `Select ${title}`, exact: true }),
    editButton: (title: string) => root.getByRole("button", { name: `Edit ${title}`, exact: true }),
    deleteButton: (title: string) => root.getByRole("button", { name: `Delete ${title}`, exact: true }),
    closeButton: root.getByRole("button", { name: "Close" }),
  };
}

export async function openKpiDrawer(page: Page): Promise<ReturnType<typeof kpiDrawer>> {
  // On a phone the top bar's controls fold behind "View options".
  const fold = page.getByRole("button", { name: "View options" });
  if ((await fold.isVisible()) && (await fold.getAttribute("aria-expanded")) === "false") await fold.click();
  await page.getByRole("button", { name: "KPI", exact: true }).click();
  const d = kpiDrawer(page);
  await expect(d.root).toBeVisible();
  await expect(d.root.getByText("Loading KPI templates…")).toBeHidden();
  return d;
}

export type KpiDialogName = "Create KPI Template" | "Edit KPI Template";

/** The KPI template dialog, in either mode. */
export function kpiDialog(page: Page, name: KpiDialogName = "Create KPI Template") {
  const root = page.getByRole("dialog", { name });
  const panel = root.getByRole("tabpanel");
  return {
    root,
    name: root.getByLabel("Template name"),
    budget: root.getByLabel("Budget", { exact: true }),
    tab: (label: "MA" | "Ads" | "RFM Setting" | "RFM" | "Segment") => root.getByRole("tab", { name: label, exact: true }),
    card: (plan: "MA" | "Ads", label: string) =>
      root.getByRole("group", { name: `KPI parameters (${plan})` }).getByRole("button", { name: label, exact: true }),
    paramBudget: (label: string) => panel.first().getByRole("textbox", { name: `${label} budget`, exact: true }),
    paramKpi: (label: string) => panel.first().getByRole("textbox", { name: `${label} KPI`, exact: true }),
    costPerUnit: (label: string, unit: "Cost per unit" | "CPM" = "Cost per unit") => root.getByLabel(`${label} ${unit}`, { exact: true }),
    remainingBudget: root.getByLabel("Remaining Budget", { exact: true }),
    remainingPercent: root.getByLabel("Remaining Percent", { exact: true }),
    weight: (name: "Recency" | "Frequency" | "Monetary") => root.getByLabel(`${name} weight (%)`),
    adsStart: root.getByLabel("Ads start date"),
    adsEnd: root.getByLabel("Ads end date"),
    monthBudget: (month: string) => root.getByLabel(`Budget for ${month}`),
    segments: root.getByRole("list", { name: "Segments" }).getByRole("listitem"),
    segmentName: (n: number) => root.getByLabel(`Segment ${n} name`),
    segmentRank: (n: number) => root.getByLabel(`Segment ${n} rank`),
    deleteSegment: (name: string) => root.getByRole("button", { name: `Delete segment ${name}`, exact: true }),
    addSegment: root.getByRole("button", { name: "+ Add KPI Segment" }),
    save: root.getByRole("button", { name: "Save", exact: true }),
    update: root.getByRole("button", { name: "Update", exact: true }),
    close: root.getByRole("button", { name: "Close" }),
  };
}

/** Selects a parameter's toggle card unless it already is. */
export async function selectCard(card: Locator): Promise<void> {
  if ((await card.getAttribute("aria-pressed")) !== "true") await card.click();
  await expect(card).toHaveAttribute("aria-pressed", "true");
}

/** The delete confirmation of the KPI drawer. */
export function kpiDeleteDialog(page: Page) {
  const root = page.getByRole("dialog", { name: "Delete KPI Template" });
  return { root, confirm: root.getByRole("button", { name: "Delete", exact: true }), cancel: root.getByRole("button", { name: "Cancel" }) };
}

/** A toast of the app (top right), by severity (error is the red one) and text. */
export function kpiToast(page: Page, severity: "success" | "error", text: string): Locator {
  return page.locator(`.p-toast-message-${severity}`).filter({ hasText: text });
}

/** The KPI templates listed in the drawer: their Select buttons. */
export function kpiListed(page: Page): Locator {
  return kpiDrawer(page).root.getByRole("button", { name: /^Select / });
}

/** The `kpi` param of the page's URL (the selected KPI template), or null. */
export function kpiParam(page: Page): string | null {
  return new URL(page.url()).searchParams.get("kpi");
}
