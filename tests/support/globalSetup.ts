/**
 * Prepares one migrated, demo-seeded database per run, which every test file copies:
 * PGlite → a data directory copied per file (initdb costs seconds, a copy milliseconds);
 * PostgreSQL → a template database (TEST_DATABASE_URL, else the local server at 127.0.0.1:5432),
 * cloned per file with CREATE DATABASE … TEMPLATE and dropped afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../server/config";
import { PostgresStorage } from "../../server/storage/postgres";
import { migrate } from "../../server/storage/migrate";
import { seedDemo } from "../../server/demo/seed";
import { fillDemo } from "../../server/demo/demoFill";
import { PGliteStorage } from "../../server/storage/pglite";
import { initEmbedded, pgliteDir } from "../../server/storage/open";
import { adminUrl, storageKind } from "./storageKind";
import { ensureServerBuild } from "../../scripts/lib/serverBuild.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    storage: "pglite" | "postgres";
    templateDir: string;
    pgAdminUrl: string;
    pgTemplateDb: string;
    runId: string;
  }
}

export default async function setup(project: TestProject) {
  // The server and CLI processes of the tests run from their bundles, as users run them.
  await ensureServerBuild();
  const kind = storageKind();
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  project.provide("storage", kind);
  project.provide("runId", runId);
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bd-tpl-"));
    await initEmbedded({ ...loadConfig({ DATA_DIR: dir }), seedDemo: "true" });
    // The seed writes the recent o2o and orders months; the tests read the whole demo (from 2023-01-01).
    const db = await PGliteStorage.open(pgliteDir(dir));
    await fillDemo(db);
    await db.close();
    project.provide("templateDir", dir);
    project.provide("pgAdminUrl", "");
    project.provide("pgTemplateDb", "");
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const admin = adminUrl();
  const tplDb = `bd_test_${runId}_tpl`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${tplDb}`);
  const url = new URL(admin);
  url.pathname = `/${tplDb}`;
  const tpl = await PostgresStorage.open(url.toString(), 2);
  await migrate(tpl);
  await seedDemo(tpl);
  await fillDemo(tpl);
  await tpl.close();
  project.provide("templateDir", "");
  project.provide("pgAdminUrl", admin);
  project.provide("pgTemplateDb", tplDb);
  return async () => {
    const res = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`bd_test_${runId}_%`]);
    for (const r of res.rows) await client.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await client.end();
  };
}
