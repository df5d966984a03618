import { PGlite } from "@electric-sql/pglite";
import type { QueryResult, Queryable, Storage } from "./storage";

/**
 * PGlite is a single connection: a transaction must not interleave with other statements,
 * so every statement and every transaction goes through one queue (two lanes: the callers',
 * then the background's; first in, first out within each).
 */

/** A statement or transaction waiting for its turn on the one connection. */
interface Job {
  run(): Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

export class PGliteStorage implements Storage {
  readonly kind = "pglite" as const;

  private constructor(private readonly db: PGlite, private readonly onClose: () => void) {}

  /** Opens (or creates) a data directory; undefined = in memory. onClose runs after closing. */
  static async open(dataDir: string | undefined, onClose: () => void = () => undefined): Promise<PGliteStorage> {
    // 16 MB of shared buffers instead of 128 MB: PGlite's WASM heap never shrinks, and the OS
    // page cache already holds the data files; this keeps the server's RSS ~110 MB lower.
    const db = await PGlite.create({ dataDir, postgresqlconf: ["shared_buffers=16MB"] });
    return new PGliteStorage(db, onClose);
  }

  /** The jobs waiting: the callers' first, then the background's ({@link background}). */
  private readonly lanes: [Job[], Job[]] = [[], []];
  private draining = false;

  /**
   * Runs `job` after the jobs queued before it in its lane, and after one turn of the event loop;
   * a waiting job of the first lane goes before any of the background's. PGlite runs a statement
   * on this thread, synchronously: without the turn, a caller that queues its next statement as
   * soon as the last one answers (an import's batches) would find the queue empty every time and
   * go first, and a request that arrived meanwhile (its bytes waiting in the event loop's poll
   * phase) would wait for all of that caller's statements: a `getdata` waited 15.9 s during a
   * 200,000-row import. With the turn it waits for the statement under way; with the lanes, a
   * request of several statements does not wait again behind the import's next one.
   */
  private enqueue<T>(job: () => Promise<T>, lane: 0 | 1 = 0): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.lanes[lane].push({ run: job, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        void this.drain();
      }
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const next = this.lanes[0].shift() ?? this.lanes[1].shift();
      if (next === undefined) {
        this.draining = false;
        return;
      }
      try {
        next.resolve(await next.run());
      } catch (err) {
        next.reject(err);
      }
    }
  }

  /**
   * The same database for work that can wait (an import's statements, the merge of its rows):
   * its statements and transactions run when no other caller's is waiting.
   */
  background(): Storage {
    return {
      kind: this.kind,
      query: <R>(sql: string, params?: readonly unknown[]) => this.enqueue(() => this.raw<R>(sql, params), 1),
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => this.enqueue(() => this.runTransaction(fn), 1),
      script: (sql: string) => this.enqueue(() => this.db.exec(sql).then(() => undefined), 1),
      copyFrom: (sql: string, data: Uint8Array<ArrayBuffer>) => this.enqueue(() => this.rawCopy(sql, data), 1),
      close: () => this.close(),
      background: () => this.background(),
    };
  }

  private async raw<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
    const res = await this.db.query<R>(sql, params as unknown[]);
    return { rows: res.rows, affectedRows: res.affectedRows ?? 0 };
  }

  /** A `COPY … FROM '/dev/blob'` statement, its input the bytes given. */
  private async rawCopy(sql: string, data: Uint8Array<ArrayBuffer>): Promise<void> {
    await this.db.query(sql, [], { blob: new Blob([data]) });
  }

  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
    return this.enqueue(() => this.raw<R>(sql, params));
  }

  copyFrom(sql: string, data: Uint8Array<ArrayBuffer>): Promise<void> {
    return this.enqueue(() => this.rawCopy(sql, data));
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.enqueue(() => this.runTransaction(fn));
  }

  private runTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(async (t) =>
      fn({
        query: async <R>(sql: string, params?: readonly unknown[]) => {
          const res = await t.query<R>(sql, (params ?? []) as unknown[]);
          return { rows: res.rows, affectedRows: res.affectedRows ?? 0 };
        },
        script: async (sql: string) => {
          await t.exec(sql);
        },
        copyFrom: async (sql: string, data: Uint8Array<ArrayBuffer>) => {
          await t.query(sql, [], { blob: new Blob([data]) });
        },
      }),
    );
  }

  script(sql: string): Promise<void> {
    return this.enqueue(async () => {
      await this.db.exec(sql);
    });
  }

  async close(): Promise<void> {
    await this.enqueue(() => this.db.close());
    this.onClose();
  }
}
