/**
 * The KOL Campaign page's dialogs (issue 16, src/features/kol/editors), on Tipco: a campaign
 * created in the dialog (an end before the start first: the message under End, nothing sent);
 * two bookings, each of a KOL added with "+ New KOL" (a handle the roster already has on the
 * platform is refused by the server, its message under Handle; the tier shows as the followers
 * are typed; the roster's search finds the KOL); a refused tracking sheet lists its lines, then
 * the good one is imported and the leaderboard holds its three KOLs (before the import, a KOL
 * without bookings is deleted from the roster, one with a booking is refused, and a KOL is edited
 * from its booking: more followers, a new tier); a figure's header sorts the leaderboard
 * and the order changes; the EMV values are checked and reset; a booking and then the campaign
 * are deleted after a confirmation. (The event log has no read call for KOL
 * entities: the events are checked by the server's tests.)
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { Kol, KolCampaignDetail, KolRow } from "../../domain/kolContract";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);

const BRAND = "Tipco";
const RANGE = { start: "2024-01-01", end: "2025-12-31" } as const;
const OVERVIEW_URL = `/campaign?brand=${BRAND}&start=${RANGE.start}&end=${RANGE.end}`;
const SHEET = "tests/fixtures/kol/tracking-sheet.csv";
const BAD_SHEET = "tests/fixtures/kol/tracking-sheet-bad.csv";

async function token(request: APIRequestContext): Promise<string> {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  return (await login.json()).user.Tokens.access_token as string;
}
async function post<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const res = await request.post(path, { data, headers: { authorization: `Bearer ${await token(request)}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}
async function roster(request: APIRequestContext): Promise<readonly Kol[]> {
  const res = await request.get(`/user/kols?brand=${BRAND}`, { headers: { authorization: `Bearer ${await token(request)}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as Kol[];
}

/** Every toast shown from now on, by its summary (a toast lives 1.5 s; the page keeps the list). */
async function watchToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll(".p-toast-summary")) {
        const text = el.textContent ?? "";
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts);
}

const leaderboard = (page: Page) => page.getByRole("region", { name: "KOL leaderboard" });
const leaderboardNames = (page: Page) => leaderboard(page).locator(".kol-lb-name > :first-child");
const bookingsTable = (page: Page) => page.getByRole("region", { name: "Bookings table" });

/** Adds a KOL from the booking dialog's "+ New KOL", which then picks it. */
async function addKol(page: Page, booking: Locator, kol: { name: string; handle: string; platform: string; followers: string; tier: string }) {
  await booking.getByRole("button", { name: "+ New KOL" }).click();
  const dialog = page.getByRole("dialog", { name: "New KOL" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "KOL name" }).fill(kol.name);
  await dialog.getByRole("textbox", { name: "Handle" }).fill(kol.handle);
  await dialog.getByRole("combobox", { name: "Platform" }).selectOption(kol.platform);
  const followers = dialog.getByRole("textbox", { name: "Followers" });
  await followers.fill(kol.followers);
  // The tier the followers give, live, and said with the field.
  await expect(followers).toHaveAccessibleDescription(new RegExp(`Tier: ${kol.tier}`));
  await dialog.getByRole("button", { name: "Add KOL" }).click();
  await expect(dialog).toBeHidden();
  await expect(booking.getByText(`Chosen: ${kol.name} (@${kol.handle.replace(/^@/, "")}), ${kol.platform}`)).toBeVisible();
}

test("a campaign is created in the dialog, booked, imported and sorted; its values set; a booking and the campaign deleted", async ({ page, request }) => {
  test.setTimeout(180_000);
  const name = `Songkran glow ${Date.now() % 100_000}`;
  await signInQuickly(page, DEMO);
  await page.goto(OVERVIEW_URL);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("KOL Campaign");
  const toasts = await watchToasts(page);

  // --- The campaign: an end before the start is named under End, and nothing is sent.
  await page.getByRole("button", { name: "New campaign", exact: true }).click();
  const campaignDialog = page.getByRole("dialog", { name: "New KOL campaign" });
  await expect(campaignDialog).toBeVisible();
  await campaignDialog.getByRole("textbox", { name: "Campaign name" }).fill(name);
  await campaignDialog.getByRole("combobox", { name: "Objective" }).selectOption("Sales");
  await campaignDialog.getByRole("textbox", { name: "Budget (฿)" }).fill("60,000");
  await campaignDialog.getByRole("textbox", { name: "Start" }).fill("2025-03-31");
  const end = campaignDialog.getByRole("textbox", { name: "End" });
  await end.fill("2025-03-01");
  await campaignDialog.getByRole("button", { name: "Create campaign" }).click();
  await expect(end).toHaveAccessibleDescription("The end date must not be before the start date.");
  await expect(end).toHaveAttribute("aria-invalid", "true");
  await campaignDialog.getByRole("textbox", { name: "Start" }).fill("2025-03-01");
  await end.fill("2025-03-31");
  await expect(end).not.toHaveAttribute("aria-invalid", "true");
  await campaignDialog.getByRole("button", { name: "Create campaign" }).click();
  await expect(campaignDialog).toBeHidden();
  // The new campaign opens.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect.poll(toasts).toContain(`Campaign saved: ${name}`);
  const id = Number(new URL(page.url()).searchParams.get("c"));
  expect(id).toBeGreaterThan(0);

  // --- First booking: a new KOL, Ploy Chanisa on TikTok.
  await page.getByRole("button", { name: "Add booking" }).first().click();
  const booking = page.getByRole("dialog", { name: "New booking" });
  await expect(booking).toBeVisible();
  await expect(booking.getByRole("radiogroup", { name: "KOLs of the brand" })).toBeVisible();
  // Save without a KOL or a fee: both named.
  await booking.getByRole("button", { name: "Add booking" }).click();
  await expect(booking.getByText("Choose a KOL.")).toBeVisible();
  await expect(booking.getByRole("textbox", { name: "Agreed fee (฿)" })).toHaveAccessibleDescription(/The fee must be an amount/);
  await addKol(page, booking, { name: "Ploy Chanisa", handle: "@ploy.chanisa", platform: "TikTok", followers: "84,000", tier: "Micro" });
  await booking.getByRole("textbox", { name: "Deliverables" }).fill("2 TikTok videos");
  await booking.getByRole("textbox", { name: "Agreed fee (฿)" }).fill("15,000");
  await booking.getByRole("combobox", { name: "Status" }).selectOption("Confirmed");
  await booking.getByRole("button", { name: "Add booking" }).click();
  await expect(booking).toBeHidden();
  await expect.poll(toasts).toContain("Booking saved");
  await expect(bookingsTable(page).locator("tbody tr")).toHaveCount(1);
  await expect(bookingsTable(page)).toContainText("Ploy Chanisa");

  // --- Second booking: Ploy's handle again on TikTok is refused by the server, under Handle; then Mild Natcha on Instagram.
  await page.getByRole("button", { name: "Add booking" }).first().click();
  await expect(booking).toBeVisible();
  await booking.getByRole("button", { name: "+ New KOL" }).click();
  const kolDialog = page.getByRole("dialog", { name: "New KOL" });
  await kolDialog.getByRole("textbox", { name: "KOL name" }).fill("Ploy again");
  await kolDialog.getByRole("textbox", { name: "Handle" }).fill("ploy.chanisa");
  await kolDialog.getByRole("button", { name: "Add KOL" }).click();
  await expect(kolDialog.getByRole("textbox", { name: "Handle" })).toHaveAccessibleDescription(/already Ploy Chanisa/);
  await kolDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(kolDialog).toBeHidden();
  // A KOL deleted from the roster after a confirmation: one just added goes; Ploy, who has a
  // booking, is refused with the reason, and stays.
  await addKol(page, booking, { name: "Temp Tester", handle: "@temp.tester", platform: "Facebook", followers: "5000", tier: "Nano" });
  await booking.getByRole("button", { name: "Delete KOL Temp Tester" }).click();
  const confirmKol = page.getByRole("dialog", { name: "Delete KOL" });
  await expect(confirmKol).toContainText("Delete the KOL Temp Tester?");
  await confirmKol.getByRole("button", { name: "Delete" }).click();
  await expect(confirmKol).toBeHidden();
  await expect(booking.getByText("No KOL chosen yet.")).toBeVisible();
  await expect(booking.getByRole("radio", { name: /Temp Tester/ })).toHaveCount(0);
  expect((await roster(request)).some((k) => k.handle === "temp.tester")).toBe(false);
  await booking.getByRole("radio", { name: /^Ploy Chanisa \(@ploy\.chanisa\)/ }).check();
  await booking.getByRole("button", { name: "Delete KOL Ploy Chanisa" }).click();
  await confirmKol.getByRole("button", { name: "Delete" }).click();
  await expect(confirmKol.getByText(/^The KOL was not deleted: /)).toBeVisible();
  await confirmKol.getByRole("button", { name: "Cancel" }).click();
  await expect(confirmKol).toBeHidden();
  expect((await roster(request)).some((k) => k.handle === "ploy.chanisa")).toBe(true);
  await addKol(page, booking, { name: "Mild Natcha", handle: "@mildnatcha", platform: "Instagram", followers: "250000", tier: "Macro" });
  // The roster's search finds her by handle.
  await booking.getByRole("searchbox", { name: "Search KOLs by name or handle" }).fill("@mildn");
  await expect(booking.getByRole("radio")).toHaveCount(1);
  await expect(booking.getByRole("radio", { name: /Mild Natcha \(@mildnatcha\)/ })).toBeChecked();
  await booking.getByRole("textbox", { name: "Agreed fee (฿)" }).fill("8000");
  await booking.getByRole("button", { name: "Add booking" }).click();
  await expect(booking).toBeHidden();
  await expect(bookingsTable(page).locator("tbody tr")).toHaveCount(2);
  const kols = await roster(request);
  expect(kols.filter((k) => k.handle === "ploy.chanisa" || k.handle === "mildnatcha").map((k) => [k.name, k.platform, k.tier])).toEqual(
    expect.arrayContaining([["Ploy Chanisa", "tiktok", "micro"], ["Mild Natcha", "instagram", "macro"]]),
  );

  // --- A KOL edited from its booking: Ploy's followers pass 100,000, so her tier is Macro.
  await bookingsTable(page).getByRole("button", { name: "Edit the booking of Ploy Chanisa" }).click();
  const editBooking = page.getByRole("dialog", { name: "Edit booking" });
  await editBooking.getByRole("button", { name: "Edit KOL Ploy Chanisa" }).click();
  const editKol = page.getByRole("dialog", { name: "Edit KOL" });
  await expect(editKol.getByRole("textbox", { name: "KOL name" })).toHaveValue("Ploy Chanisa");
  const grown = editKol.getByRole("textbox", { name: "Followers" });
  await grown.fill("150000");
  await expect(grown).toHaveAccessibleDescription(/Tier: Macro/);
  await editKol.getByRole("button", { name: "Save KOL" }).click();
  await expect(editKol).toBeHidden();
  await expect(editBooking.getByText("Chosen: Ploy Chanisa (@ploy.chanisa), TikTok")).toBeVisible();
  await editBooking.getByRole("button", { name: "Save booking" }).click();
  await expect(editBooking).toBeHidden();
  await expect.poll(async () => (await roster(request)).find((k) => k.handle === "ploy.chanisa")?.tier).toBe("macro");

  // --- The tracking sheet: a bad one is refused whole with its lines; the good one is imported.
  await page.getByRole("button", { name: "Import tracking sheet" }).first().click();
  const importDialog = page.getByRole("dialog", { name: "Import tracking sheet" });
  await expect(importDialog).toContainText(name);
  await importDialog.getByLabel("Tracking sheet").setInputFiles(BAD_SHEET);
  await importDialog.getByRole("button", { name: "Import" }).click();
  await expect(importDialog.getByText("The file was refused: nothing was imported.")).toBeVisible();
  const refused = importDialog.getByRole("region", { name: /^Lines refused/ });
  await expect(refused.getByRole("rowheader", { name: "3", exact: true })).toBeVisible();
  await expect(refused.locator("tbody tr")).not.toHaveCount(0);
  await importDialog.getByLabel("Tracking sheet").setInputFiles(SHEET);
  await importDialog.getByRole("button", { name: "Import" }).click();
  await expect(importDialog.getByText("Tracking sheet imported", { exact: true })).toBeVisible();
  await expect(importDialog).toContainText("Read 4 rows");
  await expect(importDialog).toContainText("4 posts new");
  await expect(importDialog).toContainText("1 KOL added to the roster");
  await importDialog.locator(".dialog-actions").getByRole("button", { name: "Close" }).click();
  await expect(importDialog).toBeHidden();

  // --- The leaderboard: the three KOLs of the sheet; a figure's header changes the order.
  const detail = await post<KolCampaignDetail>(request, "/user/kol-campaign", { brand: BRAND, id });
  expect(detail.kols.map((k) => k.name).sort()).toEqual(["Fah Sirin", "Mild Natcha", "Ploy Chanisa"]);
  await expect(leaderboardNames(page)).toHaveCount(3);
  const before = await leaderboardNames(page).allInnerTexts();
  const order = (rows: readonly KolRow[], dir: 1 | -1) => [...rows].sort((a, b) => dir * ((a.cpe ?? Infinity) - (b.cpe ?? Infinity)) || a.name.localeCompare(b.name, "en")).map((k) => k.name);
  const header = leaderboard(page).getByRole("columnheader", { name: "CPE" });
  await header.click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(leaderboardNames(page)).toHaveText(order(detail.kols, 1));
  await header.click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(leaderboardNames(page)).toHaveText(order(detail.kols, -1));
  // The sort changed the order shown before it (by cost, high to low).
  expect([order(detail.kols, 1), order(detail.kols, -1)].some((o) => o.join("|") !== before.join("|"))).toBe(true);

  // --- EMV values: a bad value is named under its field; Reset to defaults, saved.
  await page.getByRole("button", { name: "EMV values" }).click();
  const emv = page.getByRole("dialog", { name: "EMV values" });
  const like = emv.getByRole("textbox", { name: "Like (฿ per like)" });
  await expect(like).toBeVisible();
  await like.fill("-1");
  await emv.getByRole("button", { name: "Save values" }).click();
  await expect(like).toHaveAccessibleDescription(/The value must be an amount of ฿0 or more/);
  await emv.getByRole("button", { name: "Reset to defaults" }).click();
  await expect(like).toHaveValue("1");
  await emv.getByRole("button", { name: "Save values" }).click();
  await expect(emv).toBeHidden();
  await expect.poll(toasts).toContain("EMV values saved");

  // --- Delete a booking: Cancel first (nothing goes), then Delete.
  await bookingsTable(page).getByRole("button", { name: "Delete the booking of Mild Natcha" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete booking" });
  await expect(confirm).toContainText("Delete the booking of Mild Natcha?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(bookingsTable(page).locator("tbody tr")).toHaveCount(3);
  await bookingsTable(page).getByRole("button", { name: "Delete the booking of Mild Natcha" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(toasts).toContain("Deleted: Mild Natcha");
  await expect(bookingsTable(page).locator("tbody tr")).toHaveCount(2);

  // --- Delete the campaign: back to the overview, where it is no more.
  await page.getByRole("button", { name: "Delete campaign" }).click();
  const confirmCampaign = page.getByRole("dialog", { name: "Delete KOL campaign" });
  await expect(confirmCampaign).toContainText(`Delete the campaign ${name}?`);
  await confirmCampaign.getByRole("button", { name: "Delete" }).click();
  await expect(confirmCampaign).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("KOL Campaign");
  await expect(page.getByRole("region", { name: "Campaigns table" }).getByRole("link", { name, exact: true })).toHaveCount(0);
  const res = await request.post("/user/kol-campaign", { data: { brand: BRAND, id }, headers: { authorization: `Bearer ${await token(request)}` } });
  expect(res.status()).not.toBe(200);
});
