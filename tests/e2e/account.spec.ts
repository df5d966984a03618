/**
 * The Account Detail dialog in the real app (issue 3, spec §2): name, email, version, the
 * profile image or a placeholder, Upload Image with progress, and refusal of files that are
 * not images or too large before anything is sent.
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";
import { expect, test, type FileChooser, type Page } from "@playwright/test";
import { DEMO, dialog, reloadBetweenRefreshes, signIn } from "./models/filterUi";
import { trackPageProblems } from "./models/pageProblems";

trackPageProblems(test);

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
/** A user of the e2e server (tests/e2e/support/users.ts) who never uploads an image here. */
const NO_IMAGE_USER = { email: "nokpi@example.com", password: "NoKpi2024x", name: "No Kpi User" };

async function openAccount(page: Page) {
  await page.getByRole("complementary", { name: "Side menu" }).getByRole("button", { name: "Account" }).click();
  const dlg = dialog(page, "Account Detail");
  await expect(dlg).toBeVisible();
  return dlg;
}

/** Every request to the upload call, to prove a refused file was never sent. */
function countUploads(page: Page): () => number {
  let count = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/user/upload-img") count += 1;
  });
  return () => count;
}

async function pick(page: Page, dlg: ReturnType<typeof dialog>, files: Parameters<FileChooser["setFiles"]>[0]) {
  const chooser = page.waitForEvent("filechooser");
  await dlg.getByRole("button", { name: "Upload Image" }).click();
  await (await chooser).setFiles(files);
}

/** A valid PNG of random pixels (so it does not compress): big enough for the upload to take a while. */
function noisyPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("shows name, email, version 2.0.0 and, without a profile image, a placeholder with initials", async ({ page }) => {
  await signIn(page, "/brandEx", NO_IMAGE_USER);
  const dlg = await openAccount(page);
  await expect(dlg).toContainText(NO_IMAGE_USER.name);
  await expect(dlg).toContainText(NO_IMAGE_USER.email);
  await expect(dlg).toContainText("2.0.0");
  await expect(dlg.getByRole("img", { name: "No profile image: initials NU" })).toHaveText("NU");
  await dlg.getByRole("button", { name: "Close" }).last().click();
  await expect(dlg).toBeHidden();
});

test("uploads a PNG with visible progress; the new image shows in the dialog and the side menu, also after a reload", async ({ page }) => {
  await signIn(page);
  const uploads = countUploads(page);
  const dlg = await openAccount(page);
  await expect(dlg).toContainText(DEMO.name);

  // A slow upload link, so the progress can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/user/upload-img");
  await pick(page, dlg, { name: "noise.png", mimeType: "image/png", buffer: noisyPng(400, 400) });
  await expect(dlg.getByRole("progressbar")).toBeVisible();
  await expect(dlg.getByText(/Uploading… \d+%/)).toBeVisible();
  const first = await (await answered).json();
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(dlg.getByRole("progressbar")).toBeHidden();
  await expect(dlg.getByRole("img", { name: `Profile image of ${DEMO.name}` })).toHaveAttribute("src", first.data.url);

  // The fixture image replaces it everywhere it appears.
  const next = page.waitForResponse((r) => new URL(r.url()).pathname === "/user/upload-img");
  await pick(page, dlg, fixture("avatar.png"));
  const { data } = await (await next).json();
  expect(data.url).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
  const image = dlg.getByRole("img", { name: `Profile image of ${DEMO.name}` });
  await expect(image).toHaveAttribute("src", data.url);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await expect(page.getByText("Profile image updated").first()).toBeVisible();
  await expect(dlg.getByRole("alert")).toHaveCount(0);
  const sideMenuImage = page.getByRole("complementary", { name: "Side menu" }).locator("img");
  await expect(sideMenuImage).toHaveAttribute("src", data.url);
  expect(uploads()).toBe(2);

  await dlg.getByRole("button", { name: "Close" }).last().click();
  await reloadBetweenRefreshes(page);
  await expect(page.getByRole("complementary", { name: "Side menu" }).locator("img")).toHaveAttribute("src", data.url);
  const again = await openAccount(page);
  await expect(again.getByRole("img", { name: `Profile image of ${DEMO.name}` })).toHaveAttribute("src", data.url);
});

test("refuses a text file before sending it", async ({ page }) => {
  await signIn(page);
  const uploads = countUploads(page);
  const dlg = await openAccount(page);
  await pick(page, dlg, fixture("not-an-image.txt"));
  await expect(dlg.getByRole("alert")).toHaveText("This file is not an image. Choose a PNG, JPEG, WebP or GIF file.");

  // Named like an image, it is still text: the first bytes decide, as on the server.
  await pick(page, dlg, { name: "disguised.png", mimeType: "image/png", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
  await expect(dlg.getByRole("alert")).toHaveText("This file is not an image. Choose a PNG, JPEG, WebP or GIF file.");
  expect(uploads()).toBe(0);
});

test("refuses an image over 5 MB before sending it", async ({ page }) => {
  await signIn(page);
  const uploads = countUploads(page);
  const dlg = await openAccount(page);
  const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1);
  tooBig.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await pick(page, dlg, { name: "huge.png", mimeType: "image/png", buffer: tooBig });
  await expect(dlg.getByRole("alert")).toHaveText("This image is larger than 5 MB. Choose a smaller file.");
  expect(uploads()).toBe(0);
});

test("closes with Close and with Escape", async ({ page }) => {
  await signIn(page);
  let dlg = await openAccount(page);
  await dlg.getByRole("button", { name: "Close" }).last().click();
  await expect(dlg).toBeHidden();
  dlg = await openAccount(page);
  await page.keyboard.press("Escape");
  await expect(dlg).toBeHidden();
});
