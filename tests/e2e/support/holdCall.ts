import type { Page } from "@playwright/test";

/**
 * Holds every request to `glob` until the returned function is called, then lets them through
 * (the page shows what it shows while an answer is on its way).
 */
export async function holdCall(page: Page, glob: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
