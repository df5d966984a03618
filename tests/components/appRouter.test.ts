// @vitest-environment happy-dom
// The router is made by the entry, in a task after the one that starts the session check (issue
// 19): importing src/router.tsx makes nothing; `createAppRouter` makes the router with its
// browser history, and the guards run again when the signed-in state changes.
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.restoreAllMocks());

describe("the app's router", () => {
  it("is not made when its module is imported, only by createAppRouter", async () => {
    const listen = vi.spyOn(window, "addEventListener");
    const { createAppRouter } = await import("@/router");
    const historyListeners = () => listen.mock.calls.filter(([type]) => type === "popstate").length;
    expect(historyListeners(), "the browser history listened to before createAppRouter").toBe(0);
    const router = createAppRouter();
    expect(historyListeners()).toBe(1);
    expect(router.state.location.pathname).toBe(window.location.pathname);
    router.history.destroy();
  });
});
