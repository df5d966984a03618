import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Storage } from "./storage";

const migrationsDir = fileURLToPath(new URL("../migrations/", import.meta.url));

export interface Migration { readonly version: number; readonly name: string; readonly sql: string }

export function loadMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 3)), name: f, sql: readFileSync(dir + f, "utf8") }));
}

/**
 * Applies the versioned migrations not yet applied, each in its own transaction. An advisory
 * lock keeps two processes starting on one PostgreSQL from migrating at once.
 */
export async function migrate(storage: Storage): Promise<number[]> {
  await storage.query(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const applied: number[] = [];
  for (const m of loadMigrations()) {
    const done = await storage.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(424242)");
      const seen = await tx.query("SELECT 1 FROM schema_migrations WHERE version = $1", [m.version]);
      if (seen.rows.length > 0) return false;
      await tx.script(m.sql);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}
