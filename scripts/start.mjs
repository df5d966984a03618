// `npm start`: build the web app when it is missing or older than its sources, then serve.
// `npm run serve` (`--no-build`): serve only (the server's bundle is still rebuilt when stale:
// it takes well under a second, and running stale server code is never wanted).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ensureServerBuild, serverBundle } from "./lib/serverBuild.mjs";

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (!process.argv.includes("--no-build")) {
  const built = existsSync("dist/index.html") ? statSync("dist/index.html").mtimeMs : 0;
  const sources = Math.max(...["src", "domain", "machines", "workers"].filter(existsSync).map(newest), statSync("index.html").mtimeMs);
  if (built < sources) {
    console.log("Building the web app…");
    const res = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
}

await ensureServerBuild();
const flags = JSON.parse(readFileSync(new URL("./server-flags.json", import.meta.url), "utf8")).node;
const server = spawn(process.execPath, [...flags, serverBundle("main")], { stdio: "inherit" });
// Ctrl-C reaches both processes; forward SIGTERM so the server can close its database.
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
