/**
 * Issue 13: N servers behind a load balancer on one PostgreSQL database share their uploads.
 * Two real server processes, each with its own DATA_DIR, on one database: an image uploaded
 * through one is served by the other. Only on the PostgreSQL run: an embedded database belongs
 * to one process.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { preparedDataDir, startServerProcess, type ServerProcess } from "../support/processServer";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../support/testServer";

/** A real 1×1 PNG; a tag after its end makes bytes (and so a name) of a test's own. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const pngTagged = (tag: string) => new Uint8Array(Buffer.concat([PNG, Buffer.from(tag)]));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Files kept in DATA_DIR/uploads by a server of the version before: copied into the database at start. */
const LEGACY = pngTagged("kept on disk by an older server");
const LEGACY_NAME = `${sha256(LEGACY)}.png`;
/** A file whose name is not the SHA-256 of its bytes: never copied. */
const MISNAMED = pngTagged("renamed by hand");
const MISNAMED_NAME = `${"0".repeat(64)}.png`;

const uploadedFiles = (dataDir: string) => {
  const dir = path.join(dataDir, "uploads");
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe.skipIf(inject("storage") !== "postgres")("two server processes on one PostgreSQL database", () => {
  let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
  let otherDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;

  beforeAll(async () => {
    prepared = await preparedDataDir();
    // Each server has a DATA_DIR of its own, as on two machines.
    otherDir = mkdtempSync(path.join(os.tmpdir(), "bd-proc-b-"));
    mkdirSync(path.join(prepared.dataDir, "uploads"));
    writeFileSync(path.join(prepared.dataDir, "uploads", LEGACY_NAME), LEGACY);
    writeFileSync(path.join(prepared.dataDir, "uploads", MISNAMED_NAME), MISNAMED);
    a = await startServerProcess(prepared.env);
    b = await startServerProcess({ ...prepared.env, DATA_DIR: otherDir });
    const res = await fetch(`${a.url}/auth/login-user`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    token = ((await res.json()) as { user: { Tokens: { access_token: string } } }).user.Tokens.access_token;
  });
  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    await prepared?.cleanup();
    if (otherDir) rmSync(otherDir, { recursive: true, force: true });
  });

  async function upload(server: ServerProcess, bytes: Uint8Array, purpose: "profile" | "file") {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "pic.png");
    form.append("purpose", purpose);
    const res = await fetch(`${server.url}/user/upload-img`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { data: { url: string; sha256: string } }).data;
  }

  it("serves an image uploaded through the first server from the second, with the same bytes and headers", async () => {
    const bytes = pngTagged("uploaded through a");
    const stored = await upload(a, bytes, "file");
    expect(stored.url).toBe(`/uploads/${sha256(bytes)}.png`);

    const res = await fetch(`${b.url}${stored.url}`);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("serves a profile image set through the first server from the second, where the user's imgProfile points", async () => {
    const bytes = pngTagged("profile through a");
    const stored = await upload(a, bytes, "profile");
    const me = await fetch(`${b.url}/user/getdata`, { headers: { Authorization: `Bearer ${token}` } });
    const imgProfile = ((await me.json()) as { user: { imgProfile: string } }).user.imgProfile;
    expect(imgProfile).toBe(stored.url);
    const res = await fetch(`${b.url}${imgProfile}`);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it("writes no upload into either server's DATA_DIR", async () => {
    const bytes = pngTagged("not on disk");
    await upload(b, bytes, "file");
    expect(uploadedFiles(otherDir)).toEqual([]);
    expect(uploadedFiles(prepared.dataDir).sort()).toEqual([LEGACY_NAME, MISNAMED_NAME].sort());
  });

  it("still answers 404 for a name no server stored", async () => {
    const res = await fetch(`${b.url}/uploads/${"e".repeat(64)}.png`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found" });
  });

  it("copies the images an older server kept in its DATA_DIR/uploads into the database at start: the other server serves them", async () => {
    const res = await fetch(`${b.url}/uploads/${LEGACY_NAME}`);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(LEGACY);
    expect(res.headers.get("Content-Type")).toBe("image/png");
  });

  it("does not copy a file whose name is not the SHA-256 of its bytes", async () => {
    expect((await fetch(`${b.url}/uploads/${MISNAMED_NAME}`)).status).toBe(404);
  });
});
