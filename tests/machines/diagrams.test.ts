/**
 * The diagrams in docs/machines/ are generated from the machines (`npm run docs:machines`).
 * This test renders them in memory and fails when a machine changed and its file was not
 * regenerated, or when a file belongs to no machine of machines/registry.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MACHINES } from "../../machines/registry";
import { diagramPath, expectedDiagrams, staleDiagramFiles } from "../../scripts/machine-diagrams";

const REGENERATE = "run `npm run docs:machines` and commit the result";

describe("docs/machines/ diagrams", () => {
  const expected = expectedDiagrams();

  it.each(Object.keys(MACHINES))("%s: diagram is up to date", (name) => {
    const file = diagramPath(name);
    if (!existsSync(file)) expect.fail(`${file} is missing: ${REGENERATE}`);
    const current = readFileSync(file, "utf8");
    if (current !== expected.get(file)) expect.fail(`${file} is stale (machine "${name}" changed): ${REGENERATE}`);
  });

  it("has no diagram of a machine that is gone from machines/registry.ts", () => {
    const orphans = staleDiagramFiles(expected);
    if (orphans.length > 0) expect.fail(`${orphans.join(", ")} belong to no registry machine: ${REGENERATE}`);
  });
});
