/**
 * `npm run test:coverage:machines`: model-based coverage of every statechart.
 *
 * Loads every `tests/models/<name>.model.ts`, generates its paths with `xstate/graph`, replays
 * them on real actors with fake actors (tests/support/machineModel.ts) and prints, per machine,
 * the states and transitions the replays reached out of all those the chart defines. Exits 1
 * when a machine is under 100 %, a path fails to replay, or a machine of machines/registry.ts
 * has no model file. `--verbose` lists every generated path.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { MACHINES } from "../machines/registry";
import { modelCoverage, modelFromModule, modelName, modelPaths } from "../tests/support/machineModel";

const MODELS_DIR = path.resolve("tests/models");
const verbose = process.argv.includes("--verbose");

const pct = (a: number, b: number) => (b === 0 ? 100 : Math.floor((a / b) * 1000) / 10);

async function main(): Promise<number> {
  const files = readdirSync(MODELS_DIR).filter((f) => f.endsWith(".model.ts")).sort();
  const registry = Object.keys(MACHINES);
  let failed = false;
  const seen = new Set<string>();

  console.log("machine coverage (generated paths replayed on real actors with fake actors)\n");
  for (const file of files) {
    const name = modelName(file);
    seen.add(name);
    let line: string;
    try {
      const model = modelFromModule((await import(pathToFileURL(path.join(MODELS_DIR, file)).href)) as Record<string, unknown>, file);
      const registered = (MACHINES as Record<string, unknown>)[name];
      if (registered === undefined) console.log(`  note: ${file} has no entry "${name}" in machines/registry.ts`);
      else if (registered !== model.machine) {
        console.log(`  ✗ ${file}: its machine is not MACHINES.${name} of machines/registry.ts`);
        failed = true;
      }
      const c = await modelCoverage(model);
      const full = c.states.covered === c.states.total && c.transitions.covered === c.transitions.total && c.failedPaths.length === 0;
      if (!full) failed = true;
      line = `${full ? "✓" : "✗"} ${name.padEnd(20)} states ${c.states.covered}/${c.states.total} (${pct(c.states.covered, c.states.total)} %), ` +
        `transitions ${c.transitions.covered}/${c.transitions.total} (${pct(c.transitions.covered, c.transitions.total)} %), ${c.paths} paths`;
      console.log(line);
      for (const s of c.states.missing) console.log(`    state not reached:      ${s}`);
      for (const t of c.transitions.missing) console.log(`    transition not taken:   ${t}`);
      for (const f of c.failedPaths) {
        console.log(`    path failed: ${f.description}\n      at ${f.step.event.type}: ${f.step.error ?? `expected ${f.step.expected}, got ${f.step.actual}`}`);
      }
      if (verbose) for (const p of modelPaths(model)) console.log(`    · ${p.description}`);
    } catch (error) {
      failed = true;
      console.log(`✗ ${name.padEnd(20)} could not be run: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    }
  }
  for (const name of registry.filter((n) => !seen.has(n))) {
    failed = true;
    console.log(`✗ ${name.padEnd(20)} no model: create tests/models/${name}.model.ts (format: tests/models/README.md)`);
  }
  console.log(failed ? "\nFAIL: every machine must reach 100 % of its states and transitions." : "\nOK: every machine at 100 %.");
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(2);
});
