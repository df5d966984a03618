/**
 * An in-process server over a fresh copy of the prepared test database. Requests go through
 * Hono's `app.request` (the full middleware stack, no socket).
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { loadConfig, type Config } from "../../server/config";
import { buildDeps } from "../../server/runtime";
import { createApp } from "../../server/http/app";
import { PGliteStorage } from "../../server/storage/pglite";
import { PostgresStorage } from "../../server/storage/postgres";
import { pgliteDir } from "../../server/storage/open";
import type { Storage } from "../../server/storage/storage";
import type { PermissionCode } from "../../domain/entities";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../server/demo/seed";

export { DEMO_EMAIL, DEMO_PASSWORD };

let dbCounter = 0;

/** A fresh database (PGlite dir copy or cloned PostgreSQL database) with the demo workspace. */
export async function freshDatabase(dataDir: string): Promise<{ storage: Storage; databaseUrl: string | null; drop: () => Promise<void> }> {
  if (inject("storage") === "pglite") {
    cpSync(path.join(inject("templateDir"), "pgdata"), pgliteDir(dataDir), { recursive: true });
    const storage = await PGliteStorage.open(pgliteDir(dataDir));
    return { storage, databaseUrl: null, drop: async () => undefined };
  }
  const name = `bd_test_${inject("runId")}_${process.pid}_${++dbCounter}`;
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplateDb")}`);
  await admin.end();
  const url = new URL(inject("pgAdminUrl"));
  url.pathname = `/${name}`;
  const storage = await PostgresStorage.open(url.toString());
  return {
    storage,
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: inject("pgAdminUrl") });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface CallOptions { token?: string; body?: unknown; rawBody?: string | FormData; headers?: Record<string, string> }

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * Tests sign in hundreds of times from one in-process "client": the sign-in throttle is opened
 * wide here, and tested on its own (tests/server/signInThrottle.test.ts) with its real bounds.
 */
export const UNTHROTTLED = { LOGIN_CLIENT_BURST: "100000", LOGIN_CLIENT_PER_MINUTE: "1000000", LOGIN_MAX_CONCURRENT: "256" };

export async function startTestServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bd-test-"));
  const staticDir = path.join(dataDir, "static");
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>brand-dashboard</title><div id=root></div>");
  const db = await freshDatabase(dataDir);
  // DATABASE_URL as the server has it on the PostgreSQL run: what depends on it (the upload store) is as in production.
  const config: Config = loadConfig({
    DATA_DIR: dataDir, STATIC_DIR: staticDir, ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}), ...UNTHROTTLED, ...env,
  });
  const deps = buildDeps(config, db.storage);
  // One set of services (and caches) behind both the app and the tests' direct service calls.
  const app = createApp(deps);

  async function call(method: string, url: string, opts: CallOptions = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["Content-Type"] = "application/json";
    }
    const res = await app.request(url, { method, headers, body });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    // Tests read arbitrary paths of the answer and assert on them; the contract tests decode with schemas.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, headers: res.headers, text, json: json as any };
  }

  async function login(email = DEMO_EMAIL, password = DEMO_PASSWORD) {
    const res = await call("POST", "/auth/login-user", { body: { email, password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
    return res.json.user.Tokens as { access_token: string; refresh_token: string; expires_in: number };
  }

  /** Adds a user through the same service the CLI uses and returns their access token. */
  async function addUser(email: string, permissions: PermissionCode[], brands: string[] = ["Tipco"]) {
    await deps.users.create({ email, password: "secret123", name: email.split("@")[0]!, permissions, brands });
    return (await login(email, "secret123")).access_token;
  }

  async function count(sql: string, params: unknown[] = []): Promise<number> {
    const res = await db.storage.query<{ n: number }>(sql, params);
    return Number(res.rows[0]?.n ?? 0);
  }

  return {
    app, config, deps, storage: db.storage, dataDir, databaseUrl: db.databaseUrl, call, login, addUser, count,
    async close() {
      await db.storage.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
