/** Server configuration, read once from the environment (see the README's configuration table). */
import path from "node:path";

export interface Config {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly seedDemo: "auto" | "true" | "false";
  readonly accessTokenTtl: number;
  readonly refreshTokenTtl: number;
  readonly authSecret: string | null;
  readonly uploadMaxBytes: number;
  /**
   * Where uploaded images are kept: "files" in DATA_DIR/uploads (one server), or "database" in the
   * database's upload_files table (every server on that database sees them). Default: "database"
   * with DATABASE_URL, "files" on the embedded database.
   */
  readonly uploadStore: "files" | "database";
  readonly staticDir: string;
  readonly bodyMaxBytes: number;
  readonly loginMaxFailures: number;
  readonly loginLockSeconds: number;
  /** Sign-in attempts one client (IP address) may make at once, and gets back per minute. */
  readonly loginClientBurst: number;
  readonly loginClientPerMinute: number;
  /** Password checks running at once on the whole server. */
  readonly loginMaxConcurrent: number;
  /** Take the client's address from X-Forwarded-For (behind a reverse proxy), not the socket. */
  readonly trustProxy: boolean;
  /** Base URL of the real o2o visitor analytics service; null = the built-in one. */
  readonly o2oUpstreamUrl: string | null;
  /** How long the o2o proxy waits for the service, in milliseconds. */
  readonly o2oTimeoutMs: number;
  /** Scheduled report PDFs (docs/reports.md): the scheduler runs inside the server unless `REPORT_SCHEDULER=off`. */
  readonly reportScheduler: boolean;
  /** Time between the scheduler's looks at due runs, in milliseconds. */
  readonly reportSchedulerTickMs: number;
  /** Tests only: the scheduler waits this long after claiming a run (0: not at all). */
  readonly reportSchedulerTestHoldMs: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

/** A yes/no setting: "true" or "false" (unset or empty: false). */
function bool(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name] ?? "";
  if (!["", "true", "false"].includes(raw)) throw new ConfigError(`${name} must be "true" or "false", got "${raw}"`);
  return raw === "true";
}

/** An on/off setting, on unless "off" (unset, empty or "on": on). */
function onOff(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name] ?? "";
  if (!["", "on", "off"].includes(raw)) throw new ConfigError(`${name} must be "on" or "off", got "${raw}"`);
  return raw !== "off";
}

export class ConfigError extends Error {}

/**
 * `O2O_UPSTREAM_URL`: an absolute http(s) URL without credentials, query or fragment. The target
 * paths are appended to it (`https://o2o.example.com/v1` + `/stats/graph`).
 */
function upstreamUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === "") return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`O2O_UPSTREAM_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError("O2O_UPSTREAM_URL must start with http:// or https://");
  if (url.username !== "" || url.password !== "") throw new ConfigError("O2O_UPSTREAM_URL must not carry a user name or password");
  if (url.search !== "" || url.hash !== "") throw new ConfigError("O2O_UPSTREAM_URL must not have a query or a fragment");
  return url.href.replace(/\/+$/, "");
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const seed = env.SEED_DEMO ?? "";
  if (!["", "true", "false"].includes(seed)) throw new ConfigError(`SEED_DEMO must be "true" or "false", got "${seed}"`);
  const uploadStore = env.UPLOAD_STORE ?? "";
  if (!["", "files", "database"].includes(uploadStore)) throw new ConfigError(`UPLOAD_STORE must be "files" or "database", got "${uploadStore}"`);
  const secret = env.AUTH_SECRET ?? "";
  if (secret !== "" && secret.length < 32) throw new ConfigError("AUTH_SECRET must be at least 32 characters");
  return {
    host: env.HOST || "127.0.0.1",
    port: int(env, "PORT", 8080, 0, 65535),
    dataDir: path.resolve(env.DATA_DIR || "./.data"),
    databaseUrl: env.DATABASE_URL || null,
    seedDemo: seed === "" ? "auto" : (seed as "true" | "false"),
    accessTokenTtl: int(env, "ACCESS_TOKEN_TTL", 300, 1, 300),
    refreshTokenTtl: int(env, "REFRESH_TOKEN_TTL", 300, 10, 30 * 24 * 3600),
    authSecret: secret || null,
    uploadMaxBytes: int(env, "UPLOAD_MAX_BYTES", 5 * 1024 * 1024, 1, 50 * 1024 * 1024),
    uploadStore: uploadStore === "" ? (env.DATABASE_URL ? "database" : "files") : (uploadStore as "files" | "database"),
    staticDir: path.resolve(env.STATIC_DIR || "./dist"),
    bodyMaxBytes: 1024 * 1024,
    loginMaxFailures: int(env, "LOGIN_MAX_FAILURES", 5, 1, 1000),
    loginLockSeconds: int(env, "LOGIN_LOCK_SECONDS", 900, 1, 86400),
    loginClientBurst: int(env, "LOGIN_CLIENT_BURST", 10, 1, 100_000),
    loginClientPerMinute: int(env, "LOGIN_CLIENT_PER_MINUTE", 30, 1, 1_000_000),
    loginMaxConcurrent: int(env, "LOGIN_MAX_CONCURRENT", 4, 1, 256),
    trustProxy: bool(env, "TRUST_PROXY"),
    o2oUpstreamUrl: upstreamUrl(env.O2O_UPSTREAM_URL),
    o2oTimeoutMs: int(env, "O2O_TIMEOUT_MS", 10_000, 100, 120_000),
    reportScheduler: onOff(env, "REPORT_SCHEDULER"),
    reportSchedulerTickMs: int(env, "REPORT_SCHEDULER_TICK_MS", 60_000, 100, 3_600_000),
    reportSchedulerTestHoldMs: int(env, "REPORT_SCHEDULER_TEST_HOLD_MS", 0, 0, 600_000),
  };
}
