// The database upload store reads at most DATABASE_READS_AT_ONCE images at once (issue 13): each
// read holds its image several times over in memory while it is read.
import { describe, expect, it } from "vitest";
import { DATABASE_READS_AT_ONCE, DatabaseUploadStore } from "../../server/storage/uploadStore";
import type { Storage } from "../../server/storage/storage";

/** A database whose reads wait until the test answers them, and which counts those under way. */
function heldDatabase() {
  const pending: Array<{ name: string; answer: () => void }> = [];
  let mostAtOnce = 0;
  const db = {
    kind: "postgres",
    query: (_sql: string, params: readonly unknown[] = []) =>
      new Promise((resolve) => {
        const name = String(params[0]);
        pending.push({ name, answer: () => resolve({ rows: [{ b64: Buffer.from(`bytes of ${name}`).toString("base64") }], affectedRows: 1 }) });
        mostAtOnce = Math.max(mostAtOnce, pending.length);
      }),
  } as unknown as Storage;
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
  return { db, pending, mostAtOnce: () => mostAtOnce, flush };
}

describe("DatabaseUploadStore reads", () => {
  it(`runs at most ${DATABASE_READS_AT_ONCE} at once; the others wait their turn and all get their own bytes`, async () => {
    const { db, pending, mostAtOnce, flush } = heldDatabase();
    const store = new DatabaseUploadStore(db);
    const names = Array.from({ length: 10 }, (_, i) => `${String(i).repeat(64)}.png`);
    const reads = names.map((n) => store.get(n));
    await flush();
    expect(pending).toHaveLength(DATABASE_READS_AT_ONCE);
    while (pending.length > 0) {
      pending.shift()!.answer();
      await flush();
    }
    const got = await Promise.all(reads);
    expect(got.map((b) => Buffer.from(b!).toString())).toEqual(names.map((n) => `bytes of ${n}`));
    expect(mostAtOnce()).toBe(DATABASE_READS_AT_ONCE);
  });

  it("frees the turn of a read that fails", async () => {
    const { db, pending, flush } = heldDatabase();
    let failNext = true;
    const failing = {
      ...db,
      query: (sql: string, params?: readonly unknown[]) => {
        if (failNext) { failNext = false; return Promise.reject(new Error("connection lost")); }
        return db.query(sql, params);
      },
    } as Storage;
    const store = new DatabaseUploadStore(failing, 1);
    const first = store.get(`${"a".repeat(64)}.png`);
    const second = store.get(`${"b".repeat(64)}.png`);
    await expect(first).rejects.toThrow("connection lost");
    await flush();
    expect(pending).toHaveLength(1);
    pending[0]!.answer();
    expect(Buffer.from((await second)!).toString()).toBe(`bytes of ${"b".repeat(64)}.png`);
  });
});
