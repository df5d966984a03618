/**
 * The order the server suite's files start in. Two workers take the next file as they finish
 * one, so a long file started late keeps one worker busy alone at the end. Vitest's default
 * order, without its results cache (a fresh CI machine), is larger files first: the CLI and
 * start-up files, small but long (processes spawned one after another), started among the last.
 * Here files start longest first, by their measured time on PGlite; the files not listed (those
 * under 8 s, and any new one) follow in the default order. The order changes only what runs at
 * the same time as what, never what a file tests: each works on its own database copy.
 */
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds per file on PGlite (2 workers on 2 busy cores, `--reporter=json`: endTime - startTime),
 * rounded; refresh when a file's cost changes much. Only the order matters, not the figures.
 */
const MEASURED: Record<string, number> = {
  "commerce.test.ts": 59,
  "usersCli.test.ts": 55,
  "ordersImportResponsive.test.ts": 39,
  "startup.test.ts": 29,
  "ordersCli.test.ts": 28,
  "ordersImport.test.ts": 28,
  "storage.test.ts": 25,
  "socialCli.test.ts": 22,
  "auth.test.ts": 19,
  "commerceCache.test.ts": 17,
  "metricsCli.test.ts": 15,
  "demoTopUp.test.ts": 11,
  "metrics.test.ts": 10,
  "signInThrottle.test.ts": 9,
  "o2oRollups.test.ts": 9,
  "uploads.test.ts": 9,
  "o2oProxy.test.ts": 8,
  "durability.test.ts": 8,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byDefault = await super.sort(files);
    const cost = (f: TestSpecification) => MEASURED[path.basename(f.moduleId)] ?? 0;
    // Array.prototype.sort is stable: files of equal cost keep the default order.
    return [...byDefault].sort((a, b) => cost(b) - cost(a));
  }
}
