// `node scripts/run-parallel.mjs lint typecheck`: runs those npm scripts at the same time (each
// mostly on one core), prints each one's output whole once it ends, and fails when any failed.
// `npm test` runs lint and the type check so; the rest of its steps each use both cores.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn(npm, ["run", name], { stdio: ["ignore", "pipe", "pipe"] });
        const chunks = [];
        child.stdout.on("data", (d) => chunks.push(d));
        child.stderr.on("data", (d) => chunks.push(d));
        child.once("error", (err) => resolve({ name, code: 1, output: String(err) }));
        child.once("close", (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
      }),
  ),
);
for (const r of results) {
  process.stdout.write(`> npm run ${r.name}${r.code === 0 ? "" : ` (failed, exit code ${r.code})`}\n${r.output}`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
