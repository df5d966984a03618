/**
 * Model-based tests of every statechart: each path generated from `tests/models/<name>.model.ts`
 * (xstate/graph over the production machine) is replayed on a real actor with fake actors, and
 * every step must land in the state the graph predicted. Format: tests/models/README.md.
 */
import { describe, expect, it } from "vitest";
import { MACHINES } from "../../machines/registry";
import { coveringPaths, modelCoverage, modelFromModule, modelName, modelPaths, replayPath, type MachineModel } from "../support/machineModel";

const modules = import.meta.glob<Record<string, unknown>>("../models/*.model.ts", { eager: true });
const models: Array<[string, MachineModel]> = Object.entries(modules)
  .map(([file, mod]): [string, MachineModel] => [modelName(file), modelFromModule(mod, file)])
  .sort(([a], [b]) => a.localeCompare(b));

it("every machine of machines/registry.ts has a model in tests/models/", () => {
  const names = new Set(models.map(([name]) => name));
  expect(Object.keys(MACHINES).filter((n) => !names.has(n))).toEqual([]);
});

for (const [name, model] of models) {
  describe(`${name} model`, () => {
    const paths = modelPaths(model);

    it("generates paths", () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    it.each(paths.map((p) => [p.description, p] as const))("%s", async (_description, path) => {
      const result = await replayPath(model, path);
      const last = result.steps.at(-1);
      if (!result.ok && last) {
        expect.fail(`step ${result.steps.length} (${last.event.type}): ${last.error ?? `expected ${last.expected}, got ${last.actual}`}`);
      }
      expect(result.ok).toBe(true);
      expect(result.steps).toHaveLength(path.steps.length);
    });

    it("reaches every state and transition, also with the few long paths an e2e suite runs (coveringPaths)", async () => {
      for (const paths of [undefined, coveringPaths(model)]) {
        const c = await modelCoverage(model, paths);
        expect(c.failedPaths.map((f) => f.description)).toEqual([]);
        expect(c.states.missing).toEqual([]);
        expect(c.transitions.missing).toEqual([]);
      }
    });
  });
}
