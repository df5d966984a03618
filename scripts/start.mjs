// `npm start`: build the web app when it is missing or older than its sources, then serve.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const built = existsSync("dist/index.html") ? statSync("dist/index.html").mtimeMs : 0;
const sources = Math.max(...["src", "domain", "machines", "workers"].filter(existsSync).map(newest), statSync("index.html").mtimeMs);
if (built < sources) {
  console.log("Building the web app…");
  const res = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
const server = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], { stdio: "inherit" });
process.exit(server.status ?? 0);
