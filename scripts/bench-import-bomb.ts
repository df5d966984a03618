/**
 * `npm run bench:import-bomb`: the server's peak RSS when decompression bombs are uploaded to
 * both imports (issue 13). Starts the server as `npm start` runs it, on a fresh embedded database
 * with the demo workspace, signs in as the demo user, and sends `POST /user/import-orders` and
 * `POST /user/import-metrics` one workbook each of: its sheet replaced by 2 GB of zeros declared
 * honestly, the same declaring 10,000 bytes, and the same declaring 150 MB (under the 200 MB
 * bound: found out only by unpacking, which stops one byte past 150 MB). Each upload is 2.1 MB.
 * Printed: each answer's status, time and message, and the server's peak RSS (VmHWM) before the
 * uploads and after each. Budget: peak ≤ 500 MB. Before the check, the first upload took the
 * server to 2.4 GB. Figures only, no assertion.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { lazadaWorkbook } from "../tests/fixtures/orders/build";
import { adsWorkbook } from "../tests/fixtures/metrics/build";
import { xlsxBomb } from "../tests/fixtures/zipBomb";
import { startServerProcess } from "./lib/serverProcess";

const MB = 1024 * 1024;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bd-bench-bomb-"));

/** Peak and current RSS of a process, MB. */
function rss(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);
  return { peak: Math.round(kb("VmHWM") / 1024), now: Math.round(kb("VmRSS") / 1024) };
}

async function main(): Promise<void> {
  const { child, url } = await startServerProcess({ DATA_DIR: dataDir });
  try {
    const pid = child.pid!;
    const login = await fetch(`${url}/auth/login-user`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "demo@example.com", password: "demo1234" }),
    });
    const token = ((await login.json()) as { user: { Tokens: { access_token: string } } }).user.Tokens.access_token;
    const start = rss(pid);
    console.log(`bench:import-bomb — node ${process.version}; server started, peak RSS ${start.peak} MB (now ${start.now} MB); budget ≤ 500 MB\n`);
    const SHEET = "xl/worksheets/sheet1.xml";
    const bombs: Array<[string, number | undefined]> = [["2 GB declared honestly", undefined], ["2 GB declaring 10,000 bytes", 10_000], ["2 GB declaring 150 MB", 150 * MB]];
    const imports = [
      { path: "/user/import-orders", workbook: lazadaWorkbook(), fields: { brand: "Tipco" } },
      { path: "/user/import-metrics", workbook: adsWorkbook(), fields: { account: "bag-tipco-fb-2" } },
    ];
    console.log(`${"call".padEnd(22)} ${"bomb".padEnd(28)} ${"upload".padStart(8)} ${"status".padStart(6)} ${"time".padStart(8)} ${"peak RSS".padStart(9)}  message`);
    let peak = start.peak;
    for (const imp of imports) {
      for (const [label, declared] of bombs) {
        const bytes = xlsxBomb(imp.workbook, SHEET, 2048, declared);
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(bytes)]), "export.xlsx");
        for (const [k, v] of Object.entries(imp.fields)) form.append(k, v);
        const t0 = performance.now();
        const res = await fetch(`${url}${imp.path}`, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { message?: string };
        const ms = Math.round(performance.now() - t0);
        const after = rss(pid);
        peak = Math.max(peak, after.peak);
        console.log(
          `${imp.path.padEnd(22)} ${label.padEnd(28)} ${`${(bytes.length / MB).toFixed(1)} MB`.padStart(8)} ${String(res.status).padStart(6)} ${`${ms} ms`.padStart(8)} ${`${after.peak} MB`.padStart(9)}  ${(body.message ?? "").slice(0, 90)}`,
        );
      }
    }
    console.log(`\nserver peak RSS over all uploads: ${peak} MB${peak <= 500 ? "" : "  (OVER budget)"}`);
  } finally {
    child.kill();
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
