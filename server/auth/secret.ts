import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The JWT signing secret: AUTH_SECRET, or one generated on first start and kept in DATA_DIR
 * (mode 0600) so tokens survive a restart. Never logged.
 */
export function loadSigningSecret(authSecret: string | null, dataDir: string): Uint8Array {
  if (authSecret) return new TextEncoder().encode(authSecret);
  const file = path.join(dataDir, "auth-secret");
  try {
    return new Uint8Array(Buffer.from(readFileSync(file, "utf8").trim(), "base64url"));
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48);
    try {
      writeFileSync(file, secret.toString("base64url"), { mode: 0o600, flag: "wx" });
      return new Uint8Array(secret);
    } catch {
      // Another process wrote it first: use theirs.
      return new Uint8Array(Buffer.from(readFileSync(file, "utf8").trim(), "base64url"));
    }
  }
}
