// The server keeps answering while a large social posts file is imported, as it does for orders
// (ordersImportResponsive.test.ts): a CSV is read in slices on the server's thread (a workbook in
// the import worker thread), its posts staged a chunk at a time as they are read, and on the
// embedded database (one connection) staged before the write's transaction. All or nothing and
// idempotent as before. On both storages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "../../domain/api";
import { createApp } from "../../server/http/app";
import { readOffThread } from "../../server/import/offThread";
import { parseSocialFile, type PostDraft, type SocialFileSummary } from "../../server/import/social";
import { readSocialInSlices, readSocialInThisThread, type SocialFileReading } from "../../server/import/social/slices";
import { SocialImportService, type SocialFileReader } from "../../server/services/socialImport";
import { contentWorkbook, fixture, utf16le, utf8 } from "../fixtures/social/build";
import { startTestServer, type TestServer } from "../support/testServer";

const ACCOUNT = "bag-tipco-fb-1";
const PAGE = "bag-tipco-fb-1-p1";

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
});
afterAll(() => s.close());

/** A documented posts CSV of `rows` posts in 2024 (`bad`: line numbers whose reach is not a number). */
function postsCsv(rows: number, prefix: string, bad: readonly number[] = []): Uint8Array {
  const lines = ["post_id,published_at,type,caption,permalink,reach,impressions,reactions,comments,shares,video_views"];
  for (let i = 0; i < rows; i++) {
    const at = `2024-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")} ${String(i % 24).padStart(2, "0")}:15`;
    const reach = bad.includes(i + 2) ? "abc" : String(1000 + (i % 977));
    lines.push(`${prefix}-${String(i).padStart(6, "0")},${at},${i % 3 === 0 ? "reel" : "photo"},"Post ${i}, น้ำส้ม",https://example.com/p/${i},${reach},${2000 + i},${i % 50},${i % 7},${i % 3},${i % 3 === 0 ? 500 : ""}`);
  }
  return utf8(`${lines.join("\n")}\n`);
}

/** The app with a social import that reads files with `reader`, and a flag for "reading now". */
function appReadingWith(reader: SocialFileReader) {
  const state = { reading: false, started: null as null | (() => void) };
  const startedReading = new Promise<void>((resolve) => { state.started = resolve; });
  const watched: SocialFileReader = async function* (bytes, ctx) {
    state.reading = true;
    state.started?.();
    try {
      return yield* reader(bytes, ctx);
    } finally {
      state.reading = false;
    }
  };
  const app = createApp({ ...s.deps, socialImport: new SocialImportService(s.storage, undefined, watched) });
  return { app, state, startedReading };
}

function upload(app: ReturnType<typeof createApp>, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), "posts.csv");
  form.append("account", ACCOUNT);
  form.append("page", PAGE);
  return app.request(Api.importSocial.path, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } });
}

/** Sends GET /user/getdata once reading has started; true when it was answered while the file was still being read. */
async function answeredWhileReading(reader: SocialFileReader, bytes: Uint8Array): Promise<{ during: boolean; importStatus: number }> {
  const { app, state, startedReading } = appReadingWith(reader);
  const importing = upload(app, bytes);
  await startedReading;
  const res = await app.request("/user/getdata", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const during = state.reading;
  const imported = await importing;
  return { during, importStatus: imported.status };
}

/** Reads a file with a reader to its end: its posts gathered, as parseSocialFile gives them. */
async function readAll(reading: SocialFileReading) {
  const posts: PostDraft[] = [];
  for (;;) {
    const next = await reading.next();
    if (next.done) return { ...next.value, posts } satisfies SocialFileSummary & { posts: PostDraft[] };
    posts.push(...next.value);
  }
}

const inWorker: SocialFileReader = (bytes, ctx) =>
  readOffThread<PostDraft, SocialFileSummary>({ kind: "social", bytes, now: ctx.now.getTime(), today: ctx.today });

const postsStored = async (prefix: string) =>
  (await s.storage.query<{ n: number }>("SELECT count(*)::int AS n FROM posts WHERE page_id = $1 AND post_id LIKE $2", [PAGE, `${prefix}-%`])).rows[0]!.n;

describe("a large social import does not stall the server", () => {
  const big = postsCsv(20_000, "RESP");

  it("answers GET /user/getdata while a CSV is read in slices on the server's thread (the server's reader)", async () => {
    const { during, importStatus } = await answeredWhileReading(readSocialInSlices, big);
    expect(importStatus).toBe(200);
    expect(during).toBe(true);
    expect(await postsStored("RESP")).toBe(20_000);
  });

  it("answers GET /user/getdata while the file is read in the worker thread (as workbooks are)", async () => {
    const { during, importStatus } = await answeredWhileReading(inWorker, postsCsv(20_000, "WORK"));
    expect(importStatus).toBe(200);
    expect(during).toBe(true);
    expect(await postsStored("WORK")).toBe(20_000);
  });

  it("reading in slices takes turns of the event loop, and holds the thread about a slice at a time", async () => {
    const longestHold = async (reading: SocialFileReading) => {
      let turns = 0;
      let longest = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
        turns++;
      }, 1);
      try {
        expect((await readAll(reading)).posts).toHaveLength(20_000);
      } finally {
        clearInterval(ticker);
      }
      return { turns, longest };
    };
    const ctx = { now: new Date(), today: "2099-01-01" };
    const sliced = await longestHold(readSocialInSlices(big, ctx, 10));
    expect(sliced.turns).toBeGreaterThan(5);
    // A slice is 10 ms (the bound leaves room for a garbage collection and a loaded machine).
    expect(sliced.longest).toBeLessThan(500);
    // The contrast: read at once (the CLI's reader), the thread is held for the whole file.
    const atOnce = await longestHold(readSocialInThisThread(big, ctx));
    expect(atOnce.turns).toBeLessThanOrEqual(1);
  });

  it("reading in slices or in the worker gives parseSocialFile's answer: posts, days, bad rows, refusals, every layout and encoding", async () => {
    const ctx = { now: new Date("2026-11-25T12:00:00+07:00"), today: "2026-11-25" };
    const files = [
      postsCsv(1_234, "SAME", [7, 900]),
      fixture("meta-posts-en.csv"),
      fixture("tiktok-content.csv"),
      utf16le("meta-posts-en.csv"),
      contentWorkbook(),
    ];
    for (const bytes of files) {
      const want = parseSocialFile(bytes, ctx);
      expect(await readAll(readSocialInSlices(bytes, ctx, 1))).toEqual(want);
      // A worker takes a second or two to start from the sources: the large file and the workbook.
      if (bytes === files[0] || bytes === files[4]) expect(await readAll(inWorker(bytes, ctx))).toEqual(want);
    }
    const refused = utf8("hello,world\n1,2\n");
    await expect(readAll(readSocialInSlices(refused, ctx))).rejects.toThrow(/is not a recognised social file/);
    await expect(readAll(inWorker(refused, ctx))).rejects.toThrow(/is not a recognised social file/);
  });

  it("stays all or nothing: a bad row near the end of a large file refuses it with its line, and nothing is written", async () => {
    const res = await upload(createApp(s.deps), postsCsv(12_000, "BAD", [11_990]));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; rows?: Array<{ line: number; reason: string }> };
    expect(body.message).toMatch(/^file: 1 row cannot be imported, so nothing was imported$/);
    expect(body.rows).toEqual([{ line: 11_990, reason: 'reach: "abc" is not a number' }]);
    expect(await postsStored("BAD")).toBe(0);
    // The import's staging table is gone with it.
    const left = await s.storage.query("SELECT relname FROM pg_class WHERE relname LIKE 'social_import_posts_%'");
    expect(left.rows).toEqual([]);
  });

  it("stays idempotent: the same large file again is all unchanged", async () => {
    const file = postsCsv(12_000, "TWICE");
    const service = new SocialImportService(s.storage, undefined, readSocialInSlices);
    const userId = (await s.storage.query<{ id: number }>("SELECT id FROM users WHERE email = 'demo@example.com'")).rows[0]!.id;
    const first = await service.importFile(file, { account: ACCOUNT, page: PAGE }, { userId });
    expect(first).toMatchObject({ rows: 12_000, inserted: 12_000, updated: 0, unchanged: 0 });
    const again = await service.importFile(file, { account: ACCOUNT, page: PAGE }, { userId });
    expect(again).toMatchObject({ rows: 12_000, inserted: 0, updated: 0, unchanged: 12_000, demoRemoved: 0 });
  });
});
