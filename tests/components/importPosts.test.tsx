// @vitest-environment happy-dom
// The Import posts dialog of /ma (issue 14): the summary of what was written, the answer's
// outcome, and the form asking for the page of an account that has several.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { beforeAll, afterEach, describe, expect, it, vi } from "vitest";
import { loadAppMessages } from "@/i18n/i18n";
import type { ImportSocialResult } from "../../domain/socialImport";
import { ImportPostsView, type ImportPostsViewProps } from "@/features/ma/ImportPostsDialog";
import { importOutcomeOf, importSummary, targetOf, targetText } from "@/features/ma/importPosts";

// The module pages' messages, as the app's layout route loads them.
beforeAll(() => loadAppMessages());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const result = (over: Partial<ImportSocialResult>): ImportSocialResult => ({
  format: "meta-post", kind: "posts", encoding: "utf-8", account: "bag-1", page: "page-1", rows: 120, inserted: 100, updated: 15, unchanged: 5,
  demoRemoved: 0, first: "2024-09-01", last: "2024-09-30", notes: [], ...over,
});

describe("what an import wrote, in words", () => {
  it.each([
    [{}, "Read 120 posts from 2024-09-01 to 2024-09-30 (a Meta Business Suite post export): 100 new, 15 updated, 5 unchanged."],
    [{ rows: 1, first: "2024-09-01", last: "2024-09-01", inserted: 1, updated: 0, unchanged: 0 }, "Read 1 post of 2024-09-01 (a Meta Business Suite post export): 1 new, 0 updated, 0 unchanged."],
    [{ format: "tiktok-overview", kind: "days", rows: 30, inserted: 30, updated: 0, unchanged: 0, demoRemoved: 90 } as const,
      "Read 30 page days from 2024-09-01 to 2024-09-30 (a TikTok Studio overview export): 30 new, 0 updated, 0 unchanged; 90 demo rows of this page replaced."],
    [{ rows: 0, first: null, last: null, inserted: 0, updated: 0, unchanged: 0 }, "Read 0 posts (a Meta Business Suite post export): 0 new, 0 updated, 0 unchanged."],
  ] as const)("%j", (over, text) => {
    expect(importSummary(result(over))).toBe(text);
  });

  it("carries the account and page through the statechart as one string", () => {
    expect(targetOf(targetText({ account: "bag-1", page: null }))).toEqual({ account: "bag-1", page: null });
    expect(targetOf(targetText({ account: "bag-\"1", page: "p 2" }))).toEqual({ account: "bag-\"1", page: "p 2" });
  });

  it("reads a written file, a refused one (every bad line) and a failure", () => {
    expect(importOutcomeOf(200, { msg: "Import Success", data: result({}) })).toMatchObject({ kind: "imported", result: { rows: 120 } });
    expect(importOutcomeOf(400, { error: "invalid", message: "2 rows are not valid", rows: [{ line: 3, reason: "Reach: -3 is not a count" }] }))
      .toEqual({ kind: "refused", message: "2 rows are not valid", rows: [{ line: 3, reason: "Reach: -3 is not a count" }] });
    expect(() => importOutcomeOf(403, { error: "forbidden", message: "Permission 3 is required" })).toThrow("Permission 3 is required");
    expect(() => importOutcomeOf(200, { msg: "ok", data: { rows: "many" } })).toThrow(/Unexpected answer from \/user\/import-social/);
  });
});

let root: Root | null = null;
async function render(node: React.ReactNode): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  return host;
}
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

describe("the Import posts form", () => {
  const accounts = [{ _id: "bag-1", name: "Aura Move Official", channel: "facebook" as const }, { _id: "bag-2", name: "Aura Move TikTok", channel: "tiktok" as const }];
  const pages = [{ id: "p1", name: "Aura Move" }, { id: "p2", name: "Aura Move Runners" }];
  const props = (over: Partial<ImportPostsViewProps>): ImportPostsViewProps => ({
    brand: "Aura Move", accounts, account: "bag-1", pages, page: null, pagesError: null, hasTarget: false, phase: { kind: "idle" }, fileName: "posts.csv",
    onAccount: vi.fn(), onPage: vi.fn(), onRetryPages: vi.fn(), onPick: vi.fn(), onSubmit: vi.fn(), onCancelUpload: vi.fn(), onClose: vi.fn(), ...over,
  });
  const importButton = (host: HTMLElement) => [...host.querySelectorAll("button")].find((b) => b.textContent?.includes("Import"))!;

  it("asks for the page of an account with several, and sends only then", async () => {
    const onSubmit = vi.fn();
    const host = await render(<ImportPostsView {...props({ onSubmit })} />);
    expect(host.querySelector('select[aria-label="Page"]')).not.toBeNull();
    expect(importButton(host).disabled).toBe(true);
    await act(async () => root?.render(<ImportPostsView {...props({ onSubmit, page: "p2", hasTarget: true })} />));
    expect(importButton(host).disabled).toBe(false);
    await act(async () => importButton(host).click());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("asks for no page when the account has one, and names the accounts by channel", async () => {
    const host = await render(<ImportPostsView {...props({ pages: [pages[0]!], page: "p1", hasTarget: true })} />);
    expect(host.querySelector('select[aria-label="Page"]')).toBeNull();
    expect([...host.querySelectorAll('select[aria-label="Account"] option')].map((o) => o.textContent)).toEqual(["Aura Move Official (Facebook)", "Aura Move TikTok (TikTok)"]);
    expect(importButton(host).disabled).toBe(false);
  });

  it("says why the account's pages could not be read, offers Try again, and sends nothing", async () => {
    const onRetryPages = vi.fn();
    const host = await render(<ImportPostsView {...props({ pages: null, pagesError: "The server could not be reached.", onRetryPages })} />);
    expect(host.querySelector('[role="alert"]')?.textContent).toContain("The server could not be reached.");
    expect(importButton(host).disabled).toBe(true);
    await act(async () => [...host.querySelectorAll("button")].find((b) => b.textContent?.includes("Try again"))!.click());
    expect(onRetryPages).toHaveBeenCalledTimes(1);
  });

  it("says so when the brand has no account", async () => {
    const host = await render(<ImportPostsView {...props({ accounts: [], account: null, pages: null })} />);
    expect(host.textContent).toContain("This brand has no Facebook page or TikTok account to import into.");
    expect(importButton(host).disabled).toBe(true);
  });
});
