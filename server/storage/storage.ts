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
