export function storageKind(): "pglite" | "postgres" {
  const k = process.env.STORAGE ?? "pglite";
  if (k !== "pglite" && k !== "postgres") throw new Error(`STORAGE must be pglite or postgres, got ${k}`);
  return k;
}

/** The PostgreSQL server for the real-database run: TEST_DATABASE_URL, else the local one. */
export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
}
