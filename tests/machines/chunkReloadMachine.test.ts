import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { chunkReloadMachine } from "../../machines/chunkReload/chunkReloadMachine";
import { RELOAD_WINDOW_MS, mayReload } from "../../machines/chunkReload/chunkReloadRules";

const T0 = Date.UTC(2024, 0, 1, 12);

/** The guard with in-memory "sessionStorage" and a page that records reloads instead of reloading. */
function start(stored: { at: number | null } = { at: null }, fail: { read?: boolean; write?: boolean } = {}) {
  const reloads: number[] = [];
  const actor = createActor(
    chunkReloadMachine.provide({
      actors: {
        readLastReload: fromPromise<number | null, void>(async () => {
          if (fail.read) throw new Error("storage unavailable");
          return stored.at;
        }),
        reloadPage: fromPromise<void, { at: number }>(async ({ input }) => {
          if (fail.write) throw new Error("quota exceeded");
          stored.at = input.at;
          reloads.push(input.at);
        }),
      },
    }),
  );
  actor.start();
  return { actor, reloads, stored };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("mayReload", () => {
  it.each([
    ["never reloaded", null, T0, true],
    ["reloaded just now", T0, T0, false],
    ["reloaded 59.999 s ago", T0 - RELOAD_WINDOW_MS + 1, T0, false],
    ["reloaded exactly 60 s ago", T0 - RELOAD_WINDOW_MS, T0, true],
    ["reloaded an hour ago", T0 - 3_600_000, T0, true],
    ["a reload time in the future (clock moved back)", T0 + 5_000, T0, false],
  ])("%s → %s", (_, last, now, expected) => {
    expect(mayReload(last, now)).toBe(expected);
  });
});

describe("chunk-reload guard", () => {
  it("watches quietly until a chunk fails", () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe("watching");
  });

  it("reloads the page on the first failure and records when", async () => {
    const { actor, reloads, stored } = start();
    actor.send({ type: "chunk.failed" });
    expect(actor.getSnapshot().hasTag("deciding")).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe("reloading");
    expect(reloads).toEqual([T0]);
    expect(stored.at).toBe(T0);
  });

  it("shows the error page instead when the page reloaded for a chunk less than 60 s ago", async () => {
    const { actor, reloads } = start({ at: T0 - 30_000 });
    actor.send({ type: "chunk.failed" });
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().hasTag("failed")).toBe(true);
    expect(reloads).toEqual([]);
  });

  it("reloads again once 60 s have passed since the last reload", async () => {
    const { actor, reloads } = start({ at: T0 - RELOAD_WINDOW_MS });
    actor.send({ type: "chunk.failed" });
    await settle();
    expect(actor.getSnapshot().value).toBe("reloading");
    expect(reloads).toEqual([T0]);
  });

  it("decides again on a later failure: still the error page inside the window, a reload after it", async () => {
    const { actor, reloads } = start({ at: T0 - 10_000 });
    actor.send({ type: "chunk.failed" });
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");

    await vi.advanceTimersByTimeAsync(20_000);
    actor.send({ type: "chunk.failed" });
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");

    await vi.advanceTimersByTimeAsync(RELOAD_WINDOW_MS);
    actor.send({ type: "chunk.failed" });
    await settle();
    expect(actor.getSnapshot().value).toBe("reloading");
    expect(reloads).toHaveLength(1);
  });

  it("makes one decision for failures that arrive together", async () => {
    const { actor, reloads } = start();
    actor.send({ type: "chunk.failed" });
    actor.send({ type: "chunk.failed" });
    await settle();
    actor.send({ type: "chunk.failed" });
    await settle();
    expect(actor.getSnapshot().value).toBe("reloading");
    expect(reloads).toEqual([T0]);
  });

  it("shows the error page when it cannot read when it last reloaded, rather than risk a reload loop", async () => {
    const { actor, reloads } = start({ at: null }, { read: true });
    actor.send({ type: "chunk.failed" });
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(reloads).toEqual([]);
  });

  it("shows the error page when it cannot record the reload", async () => {
    const { actor } = start({ at: null }, { write: true });
    actor.send({ type: "chunk.failed" });
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");
  });
});
