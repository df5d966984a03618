/**
 * Scheduled delivery of report PDFs (issue 17, docs/reports.md), running inside the server.
 *
 * Every tick:
 * 1. Queue: each schedule whose `next_run_at` has passed gets ONE run for that due time
 *    (`report_runs`, UNIQUE(schedule_id, due_at)), and its `next_run_at` moves to the first due
 *    time after now. A server that was down for days therefore makes one catch-up run, not one per
 *    missed day. Queuing and moving are one transaction, conditional on `next_run_at` unchanged.
 * 2. Claim: a pending run, or a running one whose lease has run out (its server died), becomes
 *    `running` with a lease and `attempts + 1` (the claim's token).
 * 3. Make the PDF (CirService + renderReportPdf) as the schedule's user, then in ONE transaction:
 *    mark the run done, if the claim is still this one, and keep the file (unique per run). A
 *    server killed between claim and commit leaves the run `running`; when its lease runs out
 *    another tick claims it again. So a restart never loses a run, and never makes it twice.
 *
 * A report that was deleted, or that the user may no longer read, fails its run with the reason in
 * `last_error` and keeps the schedule.
 */
import type { ScheduleFrequency } from "../../domain/reportLibraryContract";
import type { Storage } from "../storage/storage";
import { ServiceError } from "./errors";
import { nextDueAt, type ReportLibraryService } from "./reportLibrary";

export interface SchedulerOptions {
  /** Time between ticks. */
  readonly tickMs: number;
  /** How long a claim holds a run before another tick may take it over. Default: 10 ticks, from 2 s to 10 min. */
  readonly leaseMs?: number;
  /** Tests only: wait this long after claiming a run, before making it (a window to kill the server in). */
  readonly holdMs?: number;
  readonly log?: (line: string) => void;
  /** Failed attempts (the server's own errors, not a missing report) before a run is given up. */
  readonly maxAttempts?: number;
}

interface ClaimedRun {
  id: number;
  attempts: number;
  schedule_id: number;
  user_id: number;
  report_id: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ReportScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private started = false;
  private readonly leaseMs: number;

  constructor(private readonly db: Storage, private readonly library: ReportLibraryService, private readonly opts: SchedulerOptions) {
    this.leaseMs = opts.leaseMs ?? Math.min(600_000, Math.max(2_000, opts.tickMs * 10));
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.started = true;
    this.schedule(0);
  }

  /** Stops ticking and waits for the tick under way (a run is either finished or left to its lease). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(ms: number) {
    this.timer = setTimeout(() => {
      const running = this.tick().then(
        () => undefined,
        (err: unknown) => this.opts.log?.(`report scheduler: tick failed: ${err instanceof Error ? err.message : String(err)}`),
      );
      this.running = running;
      void running.then(() => {
        if (!this.stopped) this.schedule(this.opts.tickMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** One tick: queue due runs, then make every claimable run. Returns how many runs finished (done or failed). */
  async tick(now: () => Date = () => new Date()): Promise<number> {
    await this.queueDue(now());
    let finished = 0;
    for (let i = 0; i < 100; i++) {
      // A server shutting down takes no new run (a tick called directly, by a test, runs them all).
      if (this.started && this.stopped) break;
      const run = await this.claim(now());
      if (!run) break;
      if (this.opts.holdMs) {
        this.opts.log?.(`report scheduler: run ${run.id} claimed, holding ${this.opts.holdMs} ms`);
        await sleep(this.opts.holdMs);
      }
      await this.make(run, now());
      finished++;
    }
    return finished;
  }

  /** Queues one run per due schedule and moves each to its next due time after now. */
  async queueDue(now: Date): Promise<number> {
    const due = await this.db.query<{ id: number; frequency: ScheduleFrequency }>(
      "SELECT id, frequency FROM report_schedules WHERE next_run_at <= $1 ORDER BY next_run_at LIMIT 500",
      [now.toISOString()],
    );
    let queued = 0;
    for (const s of due.rows) {
      // One statement: the schedule, still due, moves to its next due time and its run is queued
      // for the due time it had (exactly as stored). Another server that saw it due finds it moved.
      const ins = await this.db.query(
        `WITH old AS (SELECT id, next_run_at FROM report_schedules WHERE id = $2 AND next_run_at <= $3 FOR UPDATE),
              moved AS (UPDATE report_schedules s SET next_run_at = $1 FROM old WHERE s.id = old.id RETURNING old.id, old.next_run_at)
         INSERT INTO report_runs (schedule_id, due_at) SELECT id, next_run_at FROM moved
         ON CONFLICT (schedule_id, due_at) DO NOTHING`,
        [nextDueAt(s.frequency, now).toISOString(), s.id, now.toISOString()],
      );
      queued += ins.affectedRows;
    }
    return queued;
  }

  private async claim(now: Date): Promise<ClaimedRun | null> {
    const res = await this.db.query<ClaimedRun>(
      `UPDATE report_runs r SET status = 'running', attempts = r.attempts + 1, lease_until = $2, started_at = $1
         FROM report_schedules s
        WHERE r.id = (SELECT id FROM report_runs
                       WHERE status = 'pending' OR (status = 'running' AND lease_until < $1)
                       ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          AND s.id = r.schedule_id
      RETURNING r.id, r.attempts, r.schedule_id, s.user_id, s.report_id`,
      [now.toISOString(), new Date(now.getTime() + this.leaseMs).toISOString()],
    );
    return res.rows[0] ?? null;
  }

  private async make(run: ClaimedRun, now: Date): Promise<void> {
    let made;
    try {
      made = await this.library.makePdf(run.user_id, run.report_id, now);
    } catch (err) {
      const gone = err instanceof ServiceError && (err.kind === "not_found" || err.kind === "forbidden");
      const message = gone
        ? `The report ${run.report_id} was deleted or you may no longer read it; no PDF was made.`
        : `The PDF could not be made: ${err instanceof Error ? err.message : String(err)}`;
      const giveUp = gone || run.attempts >= (this.opts.maxAttempts ?? 3);
      await this.db.transaction(async (tx) => {
        const mine = await tx.query(
          `UPDATE report_runs SET status = $3, error = $4, finished_at = $5, lease_until = NULL
            WHERE id = $1 AND attempts = $2 AND status = 'running'`,
          [run.id, run.attempts, giveUp ? "failed" : "pending", message, now.toISOString()],
        );
        if (mine.affectedRows === 1 && giveUp) {
          await tx.query("UPDATE report_schedules SET last_run_at = $2, last_error = $3 WHERE id = $1", [run.schedule_id, now.toISOString(), message]);
        }
      });
      this.opts.log?.(`report scheduler: run ${run.id} ${giveUp ? "failed" : "will be retried"}: ${message}`);
      return;
    }
    const kept = await this.db.transaction(async (tx) => {
      const mine = await tx.query(
        `UPDATE report_runs SET status = 'done', finished_at = $3, lease_until = NULL, error = NULL
          WHERE id = $1 AND attempts = $2 AND status = 'running'`,
        [run.id, run.attempts, now.toISOString()],
      );
      if (mine.affectedRows === 0) return false; // the lease ran out and another claim took it
      await this.library.insertFile(tx, run.user_id, made, "scheduled", run.id);
      await tx.query("UPDATE report_schedules SET last_run_at = $2, last_error = NULL WHERE id = $1", [run.schedule_id, now.toISOString()]);
      return true;
    });
    this.opts.log?.(kept ? `report scheduler: run ${run.id} done (${made.fileName})` : `report scheduler: run ${run.id} was taken over; its PDF is not kept`);
  }
}
