/**
 * The shell's visible defects of issue 12, each checked the way a brand team meets it.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { openDrawer } from "./models/filterUi";
import { holdCall } from "./support/holdCall";
import { signInQuickly } from "./support/session";
import { DEMO, NO_BRAND } from "./support/users";

const menu = (page: Page) => page.getByRole("navigation", { name: "Modules" });

test.describe("O2O in the side menu (defect 5)", () => {
  test("a user with o2o campaigns finds O2O after Affiliate and reaches /o2o from it", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx");
    await expect(menu(page).getByRole("link", { name: "Affiliate", exact: true })).toBeVisible();
    const labels = (await menu(page).getByRole("link").allTextContents()).map((l) => l.trim());
    expect(labels.slice(-2)).toEqual(["Affiliate", "O2O"]);
    await menu(page).getByRole("link", { name: "O2O", exact: true }).click();
    await expect(page).toHaveURL(/\/o2o/);
    await expect(page.getByRole("heading", { level: 1, name: /o2o/i })).toBeVisible();
  });

  test("a user without o2o campaigns has no O2O item", async ({ page }) => {
    // The o2o campaigns of a user are their own and their brands' (issue 17): this user has neither.
    await signInQuickly(page, NO_BRAND);
    await page.goto("/brandEx");
    await expect(menu(page).getByRole("link", { name: "Brand Experience", exact: true })).toBeVisible();
    await expect(menu(page).getByRole("link", { name: "O2O", exact: true })).toHaveCount(0);
  });
});

test.describe("the brand font after sign-in (defect 1)", () => {
  test("shows Prompt everywhere, Thai glyphs included, and never downloads Inter", async ({ page }) => {
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fontRequests.push(new URL(request.url()).pathname);
    });
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Brand" })).toBeVisible();

    const families = await page.evaluate(() => {
      const family = (el: Element | null) => (el === null ? null : getComputedStyle(el).fontFamily);
      return {
        root: family(document.documentElement),
        body: family(document.body),
        heading: family(document.querySelector("h1")),
        button: family(document.querySelector("button")),
        select: family(document.querySelector("header select")),
      };
    });
    for (const [where, family] of Object.entries(families)) expect(family, where).toMatch(/^"?Prompt"?,/);

    // Thai text is drawn with Prompt's Thai face, loaded from the app itself.
    const thai = await page.evaluate(async () => {
      await document.fonts.load("16px Prompt", "สวัสดี");
      return [...document.fonts].filter((f) => f.status === "loaded").map((f) => `${f.family} ${f.weight} ${f.unicodeRange}`);
    });
    // Prompt's Thai face covers Thai only (U+0E01–0E5B): a face covering everything would hide
    // the Latin one, or the other way round, and Thai would fall back to a system font.
    expect(thai.some((f) => /^"?Prompt"? 400 .*U\+E01-E5B/i.test(f)), thai.join("\n")).toBe(true);
    // (Its stand-in while loading, "Prompt Fallback", is another family: local fonts, every character.)
    expect(thai.filter((f) => /^"?Prompt"? \d+ .*U\+0-10FFFF/i.test(f)), thai.join("\n")).toEqual([]);
    expect(fontRequests.some((p) => /prompt-thai/i.test(p))).toBe(true);
    expect(fontRequests.filter((p) => /inter/i.test(p))).toEqual([]);
  });

  test("loads the icons and Prompt's Latin faces cut to the app's characters, and the whole face for a name with an accent (issue 19)", async ({ page }) => {
    const fonts = new Map<string, number>();
    page.on("response", async (response) => {
      if (response.request().resourceType() === "font") fonts.set(new URL(response.url()).pathname, (await response.body()).length);
    });
    await signInQuickly(page, DEMO);
    await page.goto("/ads");
    await expect(page.getByRole("heading", { level: 1, name: "Ads & Automation" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Spend by channel" })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const loaded = () => [...fonts.keys()].map((p) => p.replace(/^\/assets\//, ""));
    // The icons: the subset, a few KB (the whole font is 35 KB), and every icon on the page drawn from it.
    const icons = [...fonts].filter(([p]) => /primeicons/.test(p));
    expect(icons, loaded().join(", ")).toHaveLength(1);
    expect(icons[0]![1]).toBeLessThan(10_000);
    expect(await page.evaluate(() => document.fonts.check("16px primeicons"))).toBe(true);
    // Prompt's Latin: the core faces only, as long as the page shows no character outside them.
    expect(loaded().filter((p) => /prompt-latin-\d+-normal-core/.test(p)).length, loaded().join(", ")).toBeGreaterThanOrEqual(2);
    expect(loaded().filter((p) => /prompt-latin-\d+-normal-(?!core)/.test(p)), loaded().join(", ")).toEqual([]);
    // A customer's name with an accent: the whole face comes for it, and the name is set in Prompt.
    await page.evaluate(() => {
      const name = document.createElement("p");
      name.textContent = "Café Amazon, Crème Brûlée";
      name.id = "accented";
      document.querySelector("main")!.append(name);
    });
    await expect.poll(() => loaded().filter((p) => /prompt-latin-400-normal-(?!core)/.test(p)).length).toBe(1);
    expect(await page.evaluate(() => document.fonts.check("16px Prompt", "é"))).toBe(true);
  });

  test("while Prompt loads, its stand-in takes the same room, so the swap moves nothing (issue 19)", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const widths = await page.evaluate(async () => {
      const text = "Compared with 2023-10-03 to 2023-12-31, the 90 days before. Key figures: reach, engagements, followers.";
      const canvas = document.createElement("canvas").getContext("2d")!;
      const measure = async (font: string) => {
        await document.fonts.load(font, text);
        canvas.font = font;
        const m = canvas.measureText(text);
        return { width: m.width, height: m.fontBoundingBoxAscent + m.fontBoundingBoxDescent };
      };
      const out: Record<string, { prompt: { width: number; height: number }; standIn: { width: number; height: number } }> = {};
      for (const weight of [400, 500, 600]) {
        out[weight] = { prompt: await measure(`${weight} 16px Prompt`), standIn: await measure(`${weight} 16px "Prompt Fallback"`) };
      }
      return out;
    });
    for (const [weight, { prompt, standIn }] of Object.entries(widths)) {
      // Within 2 % of Prompt's width and line box (a plain Arial is 8 % narrower and 26 % shorter).
      expect(Math.abs(standIn.width / prompt.width - 1), `width at ${weight}`).toBeLessThan(0.02);
      expect(Math.abs(standIn.height / prompt.height - 1), `line box at ${weight}`).toBeLessThan(0.02);
    }
  });

  test("the Thai faces (฿) are in before a page's figures come, so the figures are laid out once (issue 19)", async ({ page }) => {
    await signInQuickly(page, DEMO);
    // The figures' answer is held: the page shows its placeholders, no amount yet.
    const release = await holdCall(page, "**/user/ads-figures");
    await page.goto("/ads");
    await expect(page.getByRole("heading", { level: 1, name: "Ads & Automation" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Loading the ad figures" })).toBeAttached();
    const thaiFacesLoaded = () =>
      page.evaluate(() =>
        [...document.fonts]
          .filter((f) => f.family.replace(/"/g, "") === "Prompt" && /E01-E5B/i.test(f.unicodeRange) && f.status === "loaded")
          .map((f) => f.weight)
          .sort(),
      );
    await expect.poll(thaiFacesLoaded).toEqual(["400", "600"]);
    release();
    await expect(page.getByRole("progressbar", { name: "Loading the ad figures" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Key figures" }).getByText(/฿/).first()).toBeVisible();
  });
});

test.describe("lists follow the selected brand (defect 4)", () => {
  test("'Pages in view' on /brandEx counts the selected brand's pages only", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx?brand=Aura");
    // Aura has five pages in the demo workspace (every brand together has sixteen).
    await expect(page.locator("dt", { hasText: "Pages in view" }).locator("xpath=following-sibling::dd[1]")).toHaveText("5");
    await page.getByRole("combobox", { name: "Brand" }).selectOption("Tipco");
    await expect(page.locator("dt", { hasText: "Pages in view" }).locator("xpath=following-sibling::dd[1]")).not.toHaveText("5");
  });
});

/** Pixels between a button's icon and the start of its label text. */
function iconGap(button: Locator): Promise<number> {
  return button.evaluate((el) => {
    const icon = el.querySelector(":scope > i.pi");
    if (icon === null) throw new Error("the button has no icon");
    const range = document.createRange();
    range.setStartAfter(icon);
    range.setEndAfter(el.lastChild!);
    const text = [...range.getClientRects()].filter((r) => r.width > 0);
    if (text.length === 0) throw new Error("the button has no label");
    return Math.min(...text.map((r) => r.left)) - icon.getBoundingClientRect().right;
  });
}

test.describe("polish (defect 7)", () => {
  test("icons keep at least 4 px from their label (Import orders, PNG, CSV, Undo, Redo)", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/e-commerce");
    const buttons = [
      page.getByRole("button", { name: "Import orders" }),
      page.getByRole("button", { name: "Download GMV by region as PNG" }),
      page.getByRole("button", { name: "Download GMV by region as CSV" }),
      page.getByRole("button", { name: "Undo last" }),
      page.getByRole("button", { name: "Redo" }),
    ];
    for (const button of buttons) {
      await expect(button).toBeVisible({ timeout: 20_000 });
      expect(await iconGap(button), (await button.textContent())?.trim()).toBeGreaterThanOrEqual(4);
    }
  });

  test("an inactive tab's text is not coloured like the active tab's", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx");
    const d = await openDrawer(page);
    const colourOf = (tab: Locator) => tab.locator("xpath=ancestor-or-self::*[contains(@class,'p-tabview-nav-link')][1]").evaluate((el) => getComputedStyle(el).color);
    const selected = d.root.getByRole("tab", { selected: true });
    const other = d.root.getByRole("tab", { selected: false }).first();
    const [active, inactive] = [await colourOf(selected), await colourOf(other)];
    expect(inactive).not.toBe(active);
    // Inactive reads neutral: no channel dominates like the brand orange's red.
    const [r, g, b] = inactive.match(/\d+/g)!.map(Number) as [number, number, number];
    expect(r - Math.min(g, b)).toBeLessThan(40);
  });

  test("the o2o date fields show YYYY-MM-DD, as the top bar does", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/o2o");
    const range = page.getByRole("group", { name: "Date range" });
    for (const label of ["From", "To"]) {
      const field = range.getByLabel(label);
      await expect(field).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
      // A native date input would keep that value but show the locale's MM/DD/YYYY.
      expect(await field.evaluate((el) => (el as HTMLInputElement).type)).toBe("text");
      await expect(field).toHaveAttribute("placeholder", "YYYY-MM-DD");
    }
    await range.getByLabel("From").fill("03/01/2026");
    await range.getByLabel("From").blur();
    await expect(range.getByRole("alert")).toHaveText("Enter the date as YYYY-MM-DD, for example 2026-01-31.");
  });
});

test.describe("a module page's first render (issue 19)", () => {
  test("paints the menu and the top bar in one frame and the page in a later one, the outline's card in between", async ({ page }) => {
    await page.addInitScript(() => {
      const seen = { frames: 0, shellFrame: -1, pageFrame: -1, pageWithShell: false, cardWithShell: false };
      (window as unknown as { firstRender: typeof seen }).firstRender = seen;
      const tick = () => {
        seen.frames += 1;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new MutationObserver(() => {
        const main = document.querySelector("main#content");
        if (seen.shellFrame < 0 && document.querySelector("aside#side-menu") !== null) {
          seen.shellFrame = seen.frames;
          seen.pageWithShell = main?.querySelector("h1") != null;
          seen.cardWithShell = main?.querySelector(".boot-page") != null;
        }
        if (seen.pageFrame < 0 && main?.querySelector("h1") != null) seen.pageFrame = seen.frames;
      }).observe(document, { childList: true, subtree: true });
    });
    await signInQuickly(page, DEMO);
    await page.goto("/ads");
    await expect(page.getByRole("heading", { level: 1, name: "Ads & Automation" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Modules" })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { firstRender: { shellFrame: number; pageFrame: number; pageWithShell: boolean; cardWithShell: boolean } }).firstRender);
    expect(seen.pageWithShell, "the page came with the shell").toBe(false);
    expect(seen.cardWithShell, "the outline's card held the page's place").toBe(true);
    expect(seen.pageFrame, "frames when the page came").toBeGreaterThan(seen.shellFrame);
    // The outline's card is gone once the page is there (nothing left hidden behind it).
    await expect(page.locator("main#content .boot-page")).toHaveCount(0);
  });
});
