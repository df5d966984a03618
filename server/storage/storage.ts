/**
 * The one storage interface of the server. Two implementations (PGlite, PostgreSQL) run the
 * same plain PostgreSQL; services only ever see this.
 */
export interface QueryResult<R> {
  rows: R[];
  affectedRows: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Runs a parameterless multi-statement script (migrations only). */
  script(sql: string): Promise<void>;
  /**
   * Runs `COPY <table> FROM '/dev/blob'` with `data` (COPY's text format) as its input: rows in
   * bulk without a parameter per value. Only the embedded database has it (there it is also the
   * cheapest in memory: the rows go over as bytes, not as strings of the JavaScript heap);
   * callers fall back to statements on PostgreSQL.
   */
  copyFrom?(sql: string, data: Uint8Array<ArrayBuffer>): Promise<void>;
}

export interface Storage extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs fn in one transaction: commit when it resolves, rollback when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * The same database, for work that can wait (an import's statements, the merge of its rows):
   * on the embedded database (one connection) they run only when no other caller's statement is
   * waiting; on PostgreSQL the same storage.
   */
  background(): Storage;
}
