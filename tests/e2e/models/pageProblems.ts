/**
 * Every test of these specs: no script errors and nothing fetched from another origin, as in
 * auth.spec.ts. Chromium logs every refused call (a 400 on purpose) as "Failed to load
 * resource", which is expected here.
 */
import { expect, type TestType, type PlaywrightTestArgs, type PlaywrightTestOptions, type PlaywrightWorkerArgs, type PlaywrightWorkerOptions } from "@playwright/test";

type Test = TestType<PlaywrightTestArgs & PlaywrightTestOptions, PlaywrightWorkerArgs & PlaywrightWorkerOptions>;

export function trackPageProblems(test: Test): void {
  const problems = new Map<unknown, string[]>();
  test.beforeEach(async ({ page, baseURL }) => {
    const list: string[] = [];
    page.on("pageerror", (error) => list.push(`page error: ${error.message}`));
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(`${baseURL}/`) && !url.startsWith("data:") && !url.startsWith("blob:")) list.push(`external request: ${url}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) list.push(`console: ${message.text()}`);
    });
    problems.set(page, list);
  });
  test.afterEach(async ({ page }) => {
    expect(problems.get(page) ?? []).toEqual([]);
    problems.delete(page);
  });
}
