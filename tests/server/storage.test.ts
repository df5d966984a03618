import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { loadConfig } from "../../server/config";
import { migrate } from "../../server/storage/migrate";
import { openStorage } from "../../server/storage/open";
import type { Storage } from "../../server/storage/storage";

const dirs: string[] = [];
const newDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), "bd-storage-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const users = async (s: Storage) => (await s.query<{ email: string }>("SELECT email FROM users ORDER BY email")).rows.map((r) => r.email);

if (inject("storage") === "pglite") {
  describe("a new embedded database", () => {
    it("gets the demo workspace by default, and migrations applied once", async () => {
      const config = loadConfig({ DATA_DIR: newDir() });
      const { storage, created } = await openStorage(config);
      try {
        expect(created).toBe(true);
        expect(await users(storage)).toEqual(["demo@example.com"]);
        expect((await storage.query("SELECT name FROM brands ORDER BY name")).rows).toEqual([{ name: "Aura" }, { name: "Aura Move" }, { name: "Tipco" }]);
        expect((await storage.query("SELECT channel, start_year FROM account_template ORDER BY channel")).rows)
          .toEqual([{ channel: "facebook", start_year: 2021 }, { channel: "tiktok", start_year: 2021 }]);
        expect(await migrate(storage)).toEqual([]);
      } finally {
        await storage.close();
      }
      // Reopening an existing directory neither re-creates nor re-seeds it.
      const again = await openStorage(config);
      try {
        expect(again.created).toBe(false);
        expect(await users(again.storage)).toEqual(["demo@example.com"]);
      } finally {
        await again.storage.close();
      }
    });

    it("stays empty with SEED_DEMO=false", async () => {
      const { storage } = await openStorage(loadConfig({ DATA_DIR: newDir(), SEED_DEMO: "false" }));
      try {
        expect(await users(storage)).toEqual([]);
        expect((await storage.query("SELECT count(*)::int AS n FROM brands")).rows[0]).toEqual({ n: 0 });
      } finally {
        await storage.close();
      }
    });
  });
} else {
  describe("a real PostgreSQL database", () => {
    const name = `bd_test_${inject("runId")}_seedrules`;
    const admin = () => new pg.Client({ connectionString: inject("pgAdminUrl") });
    const url = () => {
      const u = new URL(inject("pgAdminUrl"));
      u.pathname = `/${name}`;
      return u.toString();
    };
    afterAll(async () => {
      const c = admin();
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });

    it("is migrated but not seeded unless SEED_DEMO=true, and seeding twice adds nothing", async () => {
      const c = admin();
      await c.connect();
      await c.query(`CREATE DATABASE ${name}`);
      await c.end();
      const base = { DATA_DIR: newDir(), DATABASE_URL: url() };

      const plain = await openStorage(loadConfig(base));
      try {
        expect(await users(plain.storage)).toEqual([]);
        expect(await migrate(plain.storage)).toEqual([]);
      } finally {
        await plain.storage.close();
      }
      for (let i = 0; i < 2; i++) {
        const seeded = await openStorage(loadConfig({ ...base, SEED_DEMO: "true" }));
        try {
          expect(await users(seeded.storage)).toEqual(["demo@example.com"]);
          expect((await seeded.storage.query("SELECT count(*)::int AS n FROM brands")).rows[0]).toEqual({ n: 3 });
        } finally {
          await seeded.storage.close();
        }
      }
    });
  });
}
