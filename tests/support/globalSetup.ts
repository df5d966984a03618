/**
 * Prepares one migrated, demo-seeded database per run, which every test file copies:
 * PGlite → a data directory copied per file (initdb and the seed cost a minute, a copy a second),
 *   built once for the sources and the day and kept between runs (template.ts), the e2e server's too;
 * PostgreSQL → a template database (TEST_DATABASE_URL, else the local server at 127.0.0.1:5432),
 * cloned per file with CREATE DATABASE … TEMPLATE and dropped afterwards.
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { PostgresStorage } from "../../server/storage/postgres";
import { migrate } from "../../server/storage/migrate";
import { seedDemo } from "../../server/demo/seed";
import { fillDemo } from "../../server/demo/demoFill";
import { adminUrl, storageKind } from "./storageKind";
import { pgliteTemplate } from "./template";
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
    // Seeded and filled: the seed writes the recent o2o and orders months; the tests read the whole demo (from 2023-01-01).
    project.provide("templateDir", await pgliteTemplate());
    project.provide("pgAdminUrl", "");
    project.provide("pgTemplateDb", "");
    return;
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
