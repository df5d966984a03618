// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { RouteErrorPage } from "@/routes/errorPages";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("the error page", () => {
  it("says 'An error occurred while showing the error page', with a link home, when showing the error page itself fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // An error whose message cannot even be read: rendering the error page throws.
    const hostile = Object.create(Error.prototype, {
      message: { get: () => { throw new Error("boom"); } },
    }) as Error;
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => {
      root.render(<RouteErrorPage {...({ error: hostile, reset: () => undefined } as unknown as ErrorComponentProps)} />);
    });
    expect(host.querySelector("h1")?.textContent).toBe("An error occurred while showing the error page");
    const link = host.querySelector("a");
    expect(link?.getAttribute("href")).toBe("/");
    expect(link?.textContent).toMatch(/home page/i);
    await act(async () => root.unmount());
  });
});
