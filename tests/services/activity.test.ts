// The server's request activity and the demo's background fill, which waits for a quiet moment
// before each step (a step holds the single PGlite connection for up to a second).
import { afterEach, describe, expect, it, vi } from "vitest";
import { Activity } from "../../server/services/activity";
import { backgroundFill } from "../../server/demo/backgroundFill";

afterEach(() => {
  vi.useRealTimers();
});

describe("Activity", () => {
  it("is idle for the time since the last request ended, and 0 while one is under way", () => {
    let t = 1000;
    const a = new Activity(() => t);
    expect(a.idleFor()).toBe(Number.POSITIVE_INFINITY);
    a.begin();
    t += 300;
    expect(a.idleFor()).toBe(0);
    a.begin();
    a.end();
    t += 100;
    expect(a.idleFor()).toBe(0); // one still under way
    a.end();
    t += 250;
    expect(a.idleFor()).toBe(250);
  });

  it("quiet() waits until no request has been under way for the time asked", async () => {
    vi.useFakeTimers();
    const a = new Activity(() => Date.now());
    a.begin();
    let resolved = false;
    const quiet = a.quiet(500).then(() => {
      resolved = true;
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(resolved).toBe(false); // a request is under way
    a.end();
    await vi.advanceTimersByTimeAsync(400);
    expect(resolved).toBe(false);
    a.begin();
    a.end(); // another request: the quiet time starts again
    await vi.advanceTimersByTimeAsync(400);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    await quiet;
    expect(resolved).toBe(true);
  });

  it("quiet() gives up when cancelled", async () => {
    vi.useFakeTimers();
    const a = new Activity(() => Date.now());
    a.begin();
    let cancelled = false;
    const quiet = a.quiet(500, () => cancelled);
    await vi.advanceTimersByTimeAsync(1000);
    cancelled = true;
    await vi.advanceTimersByTimeAsync(500);
    await expect(quiet).resolves.toBeUndefined();
  });
});

describe("backgroundFill", () => {
  it("waits for beforeStep before every step, and stops while waiting", async () => {
    const events: string[] = [];
    let steps = 0;
    let release: () => void = () => undefined;
    const fill = backgroundFill(
      { label: "test", unit: "rows" },
      async () => {
        events.push(`step ${++steps}`);
        return { written: 1, remaining: true };
      },
      {
        pauseMs: 0,
        beforeStep: () => new Promise<void>((resolve) => {
          events.push("wait");
          release = resolve;
        }),
      },
    );
    await vi.waitFor(() => expect(events).toEqual(["wait"]));
    release();
    await vi.waitFor(() => expect(events).toEqual(["wait", "step 1", "wait"]));
    fill.stop();
    release();
    await fill.done;
    expect(events).toEqual(["wait", "step 1", "wait"]);
  });
});
