/**
 * The older months of the demo (o2o rollups, then orders), which a new demo database gets after
 * the seed: all at once (`fillDemo`: tests, the e2e server) or in the background of a running
 * server (`fillDemoInBackground`), one after the other so that they never compete for the
 * database with each other, only with requests.
 */
import type { Storage } from "../storage/storage";
import type { BackgroundFillOptions } from "./backgroundFill";
import { fillDemoOrders, fillDemoOrdersInBackground } from "./commerceDemo";
import { fillDemoO2O, fillDemoO2OInBackground } from "./o2oDemo";

/** Writes every missing demo month now. */
export async function fillDemo(db: Storage): Promise<void> {
  await fillDemoO2O(db);
  await fillDemoOrders(db);
}

/**
 * Writes the missing demo months in the background, o2o first; `stop` ends it after the current
 * step. `beforeStep` (the server: until requests have paused) is awaited before each step.
 */
export function fillDemoInBackground(
  db: Storage,
  log?: (line: string) => void,
  beforeStep?: BackgroundFillOptions["beforeStep"],
): { done: Promise<void>; stop: () => void } {
  let stopped = false;
  let current: { done: Promise<void>; stop: () => void } | null = null;
  const opts: BackgroundFillOptions = { ...(log ? { log } : {}), ...(beforeStep ? { beforeStep } : {}) };
  const done = (async () => {
    current = fillDemoO2OInBackground(db, opts);
    await current.done;
    if (stopped) return;
    current = fillDemoOrdersInBackground(db, opts);
    await current.done;
  })();
  return {
    done,
    stop: () => {
      stopped = true;
      current?.stop();
    },
  };
}
