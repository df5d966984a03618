import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { preparedDataDir, runUsersCli, startServerProcess } from "../support/processServer";
import { loadConfig } from "../../server/config";
import { openStorage } from "../../server/storage/open";
import { buildApp } from "../../server/runtime";

let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
let cli: (...args: string[]) => ReturnType<typeof runUsersCli>;
beforeAll(async () => {
  prepared = await preparedDataDir();
  cli = (...args) => runUsersCli(prepared.env, ...args);
});
afterAll(() => prepared.cleanup());

/** Opens the same data the CLI wrote, in-process, and tries a sign-in. */
async function canSignIn(email: string, password: string): Promise<number> {
  const config = loadConfig({ ...prepared.env, AUTH_SECRET: "c".repeat(40) });
  const { storage } = await openStorage(config);
  try {
    const res = await buildApp(config, storage).request("/auth/login-user", {
      method: "POST", body: JSON.stringify({ email, password }), headers: { "Content-Type": "application/json" },
    });
    return res.status;
  } finally {
    await storage.close();
  }
}

describe("users CLI", () => {
  it("adds a user with permissions and brands, who can then sign in", async () => {
    const res = cli("add", "--email", "Mai@Example.com", "--password", "orange2024", "--name", "Mai", "--permissions", "1,2,9", "--brands", "Tipco,Aura");
    expect(res.code).toBe(0);
    const list = cli("list");
    expect(list.stdout).toMatch(/mai@example\.com\tMai\tpermissions=1,2,9\tbrands=Aura,Tipco/);
    expect(await canSignIn("mai@example.com", "orange2024")).toBe(200);
  });

  it.each([
    ["a duplicate email", ["add", "--email", "demo@example.com", "--password", "orange2024", "--name", "X", "--permissions", "1"], /already used/],
    ["an unknown brand", ["add", "--email", "b@example.com", "--password", "orange2024", "--name", "B", "--permissions", "1", "--brands", "Tipco,Nope"], /unknown brand: Nope/],
    ["a weak password", ["add", "--email", "c@example.com", "--password", "short", "--name", "C", "--permissions", "1"], /at least 8 characters/],
    ["a password without digits", ["add", "--email", "c@example.com", "--password", "onlyletters", "--name", "C", "--permissions", "1"], /letter and a digit/],
    ["an unknown permission code", ["add", "--email", "d@example.com", "--password", "orange2024", "--name", "D", "--permissions", "1,x"], /unknown permission code "x"/],
    ["an unknown email", ["remove", "--email", "nobody@example.com"], /no user with email nobody@example.com/],
  ])("refuses %s with a clear message and exit code 1", (_name, args, message) => {
    const res = cli(...args);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(message);
  });

  it("answers a usage error with exit code 2 for a missing option or an unknown command", () => {
    expect(cli("add", "--email", "e@example.com").code).toBe(2);
    expect(cli("add", "--email", "e@example.com").stderr).toMatch(/missing --password, --name, --permissions/);
    expect(cli("frobnicate").code).toBe(2);
  });

  it("sets permissions and records the change in the event log", async () => {
    expect(cli("set-permissions", "--email", "mai@example.com", "--permissions", "1,4").code).toBe(0);
    expect(cli("list").stdout).toMatch(/mai@example\.com\tMai\tpermissions=1,4\t/);
    const config = loadConfig(prepared.env);
    const { storage } = await openStorage(config);
    try {
      const res = await storage.query<{ type: string; payload: { after: { permissions: string[] } }; actor: string }>(
        "SELECT e.type, e.payload, e.actor FROM events e JOIN users u ON u.id = e.user_id WHERE u.email = 'mai@example.com' AND e.entity = 'user' ORDER BY e.id",
      );
      expect(res.rows.map((r) => [r.type, r.payload.after.permissions])).toEqual([["user.added", ["1", "2", "9"]], ["user.updated", ["1", "4"]]]);
      expect(res.rows.every((r) => r.actor === "cli")).toBe(true);
    } finally {
      await storage.close();
    }
  });

  it("resets a password: the new one works, the old one does not", async () => {
    expect(cli("reset-password", "--email", "mai@example.com", "--password", "mango2025").code).toBe(0);
    expect(await canSignIn("mai@example.com", "mango2025")).toBe(200);
    expect(await canSignIn("mai@example.com", "orange2024")).toBe(401);
  });

  it("removes a user", async () => {
    expect(cli("remove", "--email", "mai@example.com").code).toBe(0);
    expect(cli("list").stdout).not.toContain("mai@example.com");
    expect(await canSignIn("mai@example.com", "mango2025")).toBe(401);
  });

  it("brands add, rename and list; each change an event by cli", async () => {
    const added = cli("brands", "add", "--name", "Cli Brand", "--ma-label", "MA");
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/added brand Cli Brand \(MA label MA; channels /);
    expect(cli("brands", "list").stdout).toMatch(/^Cli Brand\tma-label=MA\tchannels=[a-z:0-9,]*\taccounts=0\tusers=0$/m);
    expect(cli("brands", "list").stdout).toMatch(/^Tipco\tma-label=Facebook MA\tchannels=facebook:2021,tiktok:2021\taccounts=3\tusers=\d+$/m);
    expect(cli("brands", "rename", "--name", "Cli Brand", "--to", "Cli Renamed").code).toBe(0);
    const list = cli("brands", "list").stdout;
    expect(list).toMatch(/^Cli Renamed\t/m);
    expect(list).not.toMatch(/^Cli Brand\t/m);
    // A user can be given the brand by its new name.
    expect(cli("add", "--email", "cli.brand@example.com", "--password", "orange2024", "--name", "CB", "--permissions", "1", "--brands", "Cli Renamed").code).toBe(0);
    const config = loadConfig(prepared.env);
    const { storage } = await openStorage(config);
    try {
      const res = await storage.query<{ type: string; actor: string; subject: string }>(
        "SELECT type, actor, payload->>'subject' AS subject FROM events WHERE entity = 'brand' AND payload->>'subject' LIKE 'Cli %' ORDER BY id",
      );
      expect(res.rows).toEqual([
        { type: "brand.added", actor: "cli", subject: "Cli Brand" },
        { type: "brand.updated", actor: "cli", subject: "Cli Renamed" },
      ]);
    } finally {
      await storage.close();
    }
  });

  it.each([
    ["a duplicate brand name", ["brands", "add", "--name", "tipco"], 1, /a brand named Tipco already exists/],
    ["a blank brand name", ["brands", "add", "--name", "   "], 1, /name: must be 1 to 100 characters/],
    ["an unknown MA label", ["brands", "add", "--name", "X", "--ma-label", "Meta"], 2, /--ma-label must be "Facebook MA" or "MA"/],
    ["renaming an unknown brand", ["brands", "rename", "--name", "Nope", "--to", "Yes"], 1, /no brand named Nope/],
    ["renaming onto another brand's name", ["brands", "rename", "--name", "Aura", "--to", "Tipco"], 1, /already exists/],
    ["a rename without --to", ["brands", "rename", "--name", "Aura"], 2, /missing --to/],
    ["an unknown brands command", ["brands", "delete", "--name", "Aura"], 2, /unknown brands command "delete"/],
  ])("brands: refuses %s", (_label, args, code, message) => {
    const res = cli(...args);
    expect(res.code).toBe(code);
    expect(res.stderr).toMatch(message);
  });

  // Only the embedded database is single-process; PostgreSQL takes many clients.
  if (inject("storage") === "pglite") it("refuses to open an embedded database that a running server holds", async () => {
    const server = await startServerProcess(prepared.env);
    try {
      const res = cli("list");
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/^error: the embedded database in .* is in use by process \d+/);
      expect(res.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await server.kill();
    }
  });
});
