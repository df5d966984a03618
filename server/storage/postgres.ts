import pg from "pg";
import type { QueryResult, Queryable, Storage } from "./storage";

// Return int8/numeric as JS numbers: every count and id here fits comfortably.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export class PostgresStorage implements Storage {
  readonly kind = "postgres" as const;
  private constructor(private readonly pool: pg.Pool) {}

  static async open(connectionString: string, max = 10): Promise<PostgresStorage> {
    const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
    // A broken idle client must not crash the process; the next query reconnects.
    pool.on("error", () => undefined);
    const client = await pool.connect();
    client.release();
    return new PostgresStorage(pool);
  }

  async query<R = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
    const res = await this.pool.query(sql, params as unknown[]);
    return { rows: res.rows as R[], affectedRows: res.rowCount ?? 0 };
  }

  async script(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const result = await fn({
        query: async <R>(sql: string, params: readonly unknown[] = []) => {
          const res = await client.query(sql, params as unknown[]);
          return { rows: res.rows as R[], affectedRows: res.rowCount ?? 0 };
        },
        script: async (sql: string) => {
          await client.query(sql);
        },
      });
      await client.query("COMMIT");
      return result;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** Other connections serve the other requests: background work needs no lane of its own. */
  background(): Storage {
    return this;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
