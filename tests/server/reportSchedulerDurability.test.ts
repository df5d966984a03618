// Scheduled report PDFs survive a crash (issue 17, docs/reports.md): the real server (its bundle,
// as `npm start` runs it) claims a due run and is SIGKILLed between the run's start and finish
// (REPORT_SCHEDULER_TEST_HOLD_MS holds it there); restarted on the same data, the run completes
// exactly once: one library file, the run done on its second attempt. On PGlite, and on
// PostgreSQL in the suite's PostgreSQL run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { pgliteDir } from "../../server/storage/open";
import { PGliteStorage } from "../../server/storage/pglite";
import { PostgresStorage } from "../../server/storage/postgres";
import type { Storage } from "../../server/storage/storage";
import { preparedDataDir, startServerProcess, type ServerProcess } from "../support/processServer";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../support/testServer";

let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
beforeAll(async () => {
  prepared = await preparedDataDir();
});
afterAll(() => prepared.cleanup());

async function signIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/auth/login-user`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { user: { Tokens: { access_token: string } } }).user.Tokens.access_token;
}

async function post(server: ServerProcess, token: string, path: string, body: unknown): Promise<{ data: { id: number } }> {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { data: { id: number } };
}

/** The database itself, while no server has it open. */
async function openDirect(): Promise<Storage> {
  return inject("storage") === "pglite"
    ? PGliteStorage.open(pgliteDir(prepared.dataDir))
    : PostgresStorage.open(prepared.env.DATABASE_URL!);
}

describe("a server killed between a scheduled run's start and finish", () => {
  it("makes the run's PDF exactly once after a restart", async () => {
    // 1. A report and its daily schedule, made through the API.
    const first = await startServerProcess({ ...prepared.env, REPORT_SCHEDULER: "off" });
    let reportId: number;
    let scheduleId: number;
    try {
      const token = await signIn(first);
      reportId = (await post(first, token, "/user/create-cir-report", {
        title: "Crash-proof weekly", brand: "Tipco", range: { kind: "relative", preset: "last7" },
        sections: [
          { type: "source", id: "fig", source: "ecommerce.figures", view: { brand: "Tipco", range: { kind: "report" } } },
          { type: "text", id: "t", text: "Made by a schedule." },
        ],
      })).data.id;
      scheduleId = (await post(first, token, "/user/schedule-report", { reportId, frequency: "daily" })).data.id;
    } finally {
      await first.kill("SIGTERM");
    }

    // 2. Its due time passed an hour ago (while no server was running).
    let db = await openDirect();
    await db.query("UPDATE report_schedules SET next_run_at = now() - interval '1 hour' WHERE id = $1", [scheduleId]);
    await db.close();

    // 3. A server claims the run and is killed while it holds it.
    const crashing = await startServerProcess({ ...prepared.env, REPORT_SCHEDULER_TICK_MS: "200", REPORT_SCHEDULER_TEST_HOLD_MS: "120000" });
    const out = await crashing.waitForOutput(/report scheduler: run \d+ claimed/);
    const runId = Number(/report scheduler: run (\d+) claimed/.exec(out)![1]);
    await crashing.kill("SIGKILL");

    // 4. Restarted on the same data: the claim's lease runs out, the run is claimed again and finished.
    const again = await startServerProcess({ ...prepared.env, REPORT_SCHEDULER_TICK_MS: "200" });
    try {
      await again.waitForOutput(new RegExp(`report scheduler: run ${runId} done`));
      const token = await signIn(again);
      // A few more ticks: nothing more is made.
      await new Promise((r) => setTimeout(r, 1_000));
      const res = await fetch(`${again.url}/user/report-library`, { headers: { Authorization: `Bearer ${token}` } });
      const lib = (await res.json()) as { data: Array<{ title: string; origin: string }>; schedules: Array<{ id: number; lastRunAt: string | null; lastError: string | null }> };
      expect(lib.data.filter((f) => f.title === "Crash-proof weekly").map((f) => f.origin)).toEqual(["scheduled"]);
      const schedule = lib.schedules.find((s) => s.id === scheduleId)!;
      expect(schedule.lastRunAt).not.toBeNull();
      expect(schedule.lastError).toBeNull();
    } finally {
      await again.kill("SIGTERM");
    }

    db = await openDirect();
    try {
      const runs = await db.query<{ id: number; status: string; attempts: number }>("SELECT id, status, attempts FROM report_runs WHERE schedule_id = $1", [scheduleId]);
      expect(runs.rows.map((r) => [r.id, r.status, r.attempts])).toEqual([[runId, "done", 2]]);
      const files = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM library_files WHERE run_id = $1", [runId]);
      expect(files.rows[0]!.n).toBe(1);
    } finally {
      await db.close();
    }
  }, 180_000);
});
