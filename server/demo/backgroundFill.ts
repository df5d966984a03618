/**
 * The loop behind the demo's background fills (o2o rollups, orders): one step (a month, in its
 * own transaction) at a time, newest first, pausing between steps so that requests are answered
 * meanwhile (PGlite runs one statement at a time), and, given `beforeStep`, waiting before each
 * step until it resolves (the server: until no request has been under way for a moment).
 * Failures are logged, never thrown: the demo still works with the months it has.
 */
export interface BackgroundFill {
  readonly done: Promise<void>;
  /** Ends the loop after the step under way. */
  readonly stop: () => void;
}

export interface BackgroundFillOptions {
  readonly pauseMs?: number;
  readonly log?: (line: string) => void;
  /** Awaited before each step; its argument tells whether the fill was stopped meanwhile. */
  readonly beforeStep?: (stopped: () => boolean) => Promise<void>;
}

export function backgroundFill(
  what: { readonly label: string; readonly unit: string },
  step: () => Promise<{ written: number; remaining: boolean }>,
  opts: BackgroundFillOptions & { readonly after?: () => Promise<unknown> } = {},
): BackgroundFill {
  let stopped = false;
  const pause = opts.pauseMs ?? 200;
  const done = (async () => {
    let total = 0;
    const started = performance.now();
    try {
      for (;;) {
        await opts.beforeStep?.(() => stopped);
        if (stopped) return;
        const { written, remaining } = await step();
        total += written;
        if (!remaining) break;
        await new Promise((r) => setTimeout(r, pause));
      }
      if (total > 0) {
        await opts.after?.();
        opts.log?.(`${what.label}: older months filled in the background (${total} ${what.unit}, ${Math.round(performance.now() - started)} ms)`);
      }
    } catch (err) {
      if (!stopped) opts.log?.(`${what.label}: background fill stopped: ${err instanceof Error ? err.message : String(err)}`);
    }
  })();
  return { done, stop: () => { stopped = true; } };
}
