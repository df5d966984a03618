import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { DEMO_EMAIL, startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
});
afterAll(() => s.close());

type Res = Awaited<ReturnType<TestServer["call"]>>;

const bytesOf = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((ch) => ch.charCodeAt(0)) : p)));

/** A real 1×1 PNG and GIF; JPEG and WebP as their headers (with the 1×1 size) followed by a little data. */
const PNG = new Uint8Array(Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64",
));
const GIF = new Uint8Array(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));
/** A JPEG header: APP0 (JFIF), then a baseline frame header (SOF0) declaring `height` × `width`. */
const jpegOf = (width: number, height: number) => bytesOf(
  [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00],
  [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01],
  [0xff, 0xd9],
);
const JPEG = jpegOf(1, 1);
/** The real 1×1 PNG with another size in its header (the CRC is not checked: only the header is read). */
const pngOf = (width: number, height: number) => {
  const b = new Uint8Array(PNG);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
};
const gifOf = (width: number, height: number) => {
  const b = new Uint8Array(GIF);
  new DataView(b.buffer).setUint16(6, width, true);
  new DataView(b.buffer).setUint16(8, height, true);
  return b;
};
/** An extended WebP header (VP8X) declaring its canvas size. */
const webpVp8xOf = (width: number, height: number) => bytesOf(
  "RIFF", [0x1e, 0x00, 0x00, 0x00], "WEBPVP8X", [0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
  [(width - 1) & 0xff, ((width - 1) >> 8) & 0xff, (width - 1) >> 16, (height - 1) & 0xff, ((height - 1) >> 8) & 0xff, (height - 1) >> 16],
);
const WEBP = bytesOf("RIFF", [0x1a, 0x00, 0x00, 0x00], "WEBPVP8L", [0x0d, 0x00, 0x00, 0x00, 0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]);

/** The bytes with some trailing padding, so each test stores a file of its own. */
const variant = (bytes: Uint8Array, tag: string) => new Uint8Array([...bytes, ...bytesOf(tag)]);

interface Part { readonly bytes: Uint8Array; readonly name?: string; readonly type?: string; readonly field?: string }

function form(parts: Part[], fields: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const p of parts) f.append(p.field ?? "file", new Blob([new Uint8Array(p.bytes)], { type: p.type ?? "" }), p.name ?? "upload.bin");
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const upload = (body: FormData | string, opts: { tok?: string | null; server?: TestServer; headers?: Record<string, string> } = {}) =>
  (opts.server ?? s).call("POST", Api.uploadImg.path, {
    ...(opts.tok === null ? {} : { token: opts.tok ?? token }),
    rawBody: body,
    ...(opts.headers ? { headers: opts.headers } : {}),
  });

const uploadFile = (bytes: Uint8Array, name: string, type: string, fields: Record<string, string> = {}) =>
  upload(form([{ bytes, name, type }], fields));

async function fetchBytes(url: string, server = s) {
  const res = await server.app.request(url);
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const getdata = async (tok = token, server = s) => (await server.call("GET", "/user/getdata", { token: tok })).json.user;
const uploadsDir = (server = s) => path.join(server.dataDir, "uploads");
const filesOnDisk = (server = s) => (existsSync(uploadsDir(server)) ? readdirSync(uploadsDir(server)) : []);
/** What the server's upload store holds (UPLOAD_STORE): the files in DATA_DIR/uploads, or the names in upload_files. */
async function storedFiles(server = s): Promise<string[]> {
  if (server.config.uploadStore === "files") return filesOnDisk(server).sort();
  return (await server.storage.query<{ name: string }>("SELECT name FROM upload_files ORDER BY name")).rows.map((r) => r.name);
}
const profileEvents = (server = s, email = DEMO_EMAIL) =>
  server.count(
    "SELECT count(*)::int AS n FROM events e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.type = 'profileImage.set'",
    [email],
  );

function expectRefusal(res: Res, status: number, field: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.json, res.text).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  expect(res.json.message).toContain(field);
  expect(res.text).not.toMatch(/^\s*at\s|node_modules|\/tmp\//m);
}

describe("accepted images", () => {
  it.each([
    ["a PNG", PNG, "image/png", "pic.png"],
    ["a JPEG", JPEG, "image/jpeg", "pic.jpg"],
    ["a GIF", GIF, "image/gif", "pic.gif"],
    ["a WebP", WEBP, "image/webp", "pic.webp"],
    ["a PNG of 4,096 × 4,096 px (the largest side allowed)", pngOf(4096, 4096), "image/png", "big.png"],
    ["a WebP (VP8X) of 4,096 × 300 px", webpVp8xOf(4096, 300), "image/webp", "wide.webp"],
  ])("stores %s and serves the same bytes back with its content type and nosniff", async (_label, bytes, type, name) => {
    const res = await uploadFile(bytes, name, type, { purpose: "file" });
    expect(res.status, res.text).toBe(200);
    const answer = Schema.decodeUnknownSync(Api.uploadImg.response)(res.json);
    expect(answer.data).toMatchObject({ contentType: type, size: bytes.length, purpose: "file" });
    expect(answer.data.sha256).toMatch(/^[a-f0-9]{64}$/);

    const served = await fetchBytes(answer.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe(type);
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.bytes).toEqual(bytes);
  });

  it("recognises the image from its bytes, not from its name or declared type", async () => {
    const res = await uploadFile(variant(PNG, "by-bytes"), "notes.txt", "text/plain", { purpose: "file" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.contentType).toBe("image/png");
    expect((await fetchBytes(res.json.data.url)).headers.get("Content-Type")).toBe("image/png");
  });

  it("stores the same bytes once: the same url twice and one stored file", async () => {
    const bytes = variant(GIF, "twice");
    const first = await uploadFile(bytes, "a.gif", "image/gif", { purpose: "file" });
    const second = await uploadFile(bytes, "b.gif", "image/gif", { purpose: "file" });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json.data.url).toBe(first.json.data.url);
    const sha = first.json.data.sha256 as string;
    expect((await storedFiles()).filter((f) => f.includes(sha))).toHaveLength(1);
    expect(filesOnDisk().filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(await s.count("SELECT count(*)::int AS n FROM uploads WHERE sha256 = $1", [sha])).toBe(1);
  });

  it("gives different bytes different urls", async () => {
    const a = await uploadFile(variant(PNG, "one"), "a.png", "image/png", { purpose: "file" });
    const b = await uploadFile(variant(PNG, "two"), "a.png", "image/png", { purpose: "file" });
    expect(a.json.data.url).not.toBe(b.json.data.url);
  });
});

describe("purpose", () => {
  it("a profile upload (the default purpose) sets imgProfile and appends a profileImage.set event", async () => {
    const eventsBefore = await profileEvents();
    const res = await uploadFile(variant(JPEG, "profile"), "me.jpg", "image/jpeg");
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.purpose).toBe("profile");
    expect((await getdata()).imgProfile).toBe(res.json.data.url);
    expect(await profileEvents()).toBe(eventsBefore + 1);
    const last = await s.storage.query<{ payload: { url: string } }>(
      "SELECT payload FROM events WHERE type = 'profileImage.set' ORDER BY id DESC LIMIT 1",
    );
    expect(last.rows[0]!.payload.url).toBe(res.json.data.url);
  });

  it("an explicit profile purpose does the same", async () => {
    const res = await uploadFile(variant(PNG, "explicit-profile"), "me.png", "image/png", { purpose: "profile" });
    expect(res.status).toBe(200);
    expect((await getdata()).imgProfile).toBe(res.json.data.url);
  });

  it("a file upload leaves imgProfile and the event log alone", async () => {
    const profile = (await getdata()).imgProfile;
    const eventsBefore = await profileEvents();
    const res = await uploadFile(variant(WEBP, "just-a-file"), "x.webp", "image/webp", { purpose: "file" });
    expect(res.status).toBe(200);
    expect((await getdata()).imgProfile).toBe(profile);
    expect(await profileEvents()).toBe(eventsBefore);
  });

  it("refuses an unknown purpose with 400 naming purpose, and stores nothing", async () => {
    const profile = (await getdata()).imgProfile;
    const filesBefore = (await storedFiles()).length;
    const res = await uploadFile(variant(PNG, "avatar"), "x.png", "image/png", { purpose: "avatar" });
    expectRefusal(res, 400, "purpose");
    expect((await getdata()).imgProfile).toBe(profile);
    expect(await storedFiles()).toHaveLength(filesBefore);
  });

  it("one user's profile upload does not change another user's imgProfile", async () => {
    const other = await s.addUser("other-profile@example.com", ["1"]);
    const res = await uploadFile(variant(PNG, "demo-only"), "x.png", "image/png");
    expect(res.status).toBe(200);
    expect((await getdata(other)).imgProfile).not.toBe(res.json.data.url);
  });
});

describe("refused uploads", () => {
  let filesBefore: string[];
  let profileBefore: string;
  let eventsBefore: number;
  let rowsBefore: number;
  beforeAll(async () => {
    filesBefore = await storedFiles();
    profileBefore = (await getdata()).imgProfile;
    eventsBefore = await profileEvents();
    rowsBefore = await s.count("SELECT count(*)::int AS n FROM uploads");
  });

  const html = bytesOf("<!doctype html><html><body><script>alert(1)</script></body></html>");
  const svg = bytesOf("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"><rect width=\"1\" height=\"1\"/></svg>");

  it.each([
    ["a text file named x.png declared as image/png", bytesOf("just some text, not an image"), "x.png", "image/png"],
    ["HTML declared as image/png", html, "x.png", "image/png"],
    ["an SVG image", svg, "x.svg", "image/svg+xml"],
    ["an SVG named .png", svg, "x.png", "image/png"],
    ["a PNG signature cut short", PNG.slice(0, 4), "x.png", "image/png"],
    ["an empty file", new Uint8Array(0), "x.png", "image/png"],
  ])("refuses %s with 400 naming file", async (_label, bytes, name, type) => {
    expectRefusal(await uploadFile(bytes, name, type), 400, "file");
  });

  it.each([
    ["a 50,000 × 50,000 PNG (its header, a small file)", pngOf(50_000, 50_000)],
    ["a PNG 4,097 px wide", pngOf(4097, 10)],
    ["a JPEG 10 × 4,097 px", jpegOf(10, 4097)],
    ["a GIF 5,000 px wide", gifOf(5000, 1)],
    ["a WebP (VP8X) of 20,000 × 20,000", webpVp8xOf(20_000, 20_000)],
    ["a lossy WebP (VP8) of 8,000 × 100", bytesOf("RIFF", [0x1a, 0, 0, 0], "WEBPVP8 ", [0x0e, 0, 0, 0], [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a], [8000 & 0xff, 8000 >> 8, 100, 0])],
    ["a PNG of 0 × 0", pngOf(0, 0)],
    ["a JPEG without a frame header (its size unreadable)", bytesOf([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9])],
  ])("refuses %s with 400 naming file, before storing it", async (_label, bytes) => {
    expectRefusal(await uploadFile(bytes, "big.img", "image/png"), 400, "file");
  });

  it("refuses a form without a file with 400 naming file", async () => {
    const f = new FormData();
    f.append("purpose", "profile");
    expectRefusal(await upload(f), 400, "file");
  });

  it("refuses a file field that holds text instead of a file", async () => {
    const f = new FormData();
    f.append("file", Buffer.from(PNG).toString("latin1"));
    expectRefusal(await upload(f), 400, "file");
  });

  it("refuses two files in the field file with 400 naming file", async () => {
    const res = await upload(form([{ bytes: variant(PNG, "2a"), name: "a.png" }, { bytes: variant(PNG, "2b"), name: "b.png" }]));
    expectRefusal(res, 400, "file");
  });

  it("refuses a second file in another field with 400 naming file", async () => {
    const res = await upload(form([{ bytes: variant(PNG, "3a"), name: "a.png" }, { bytes: variant(GIF, "3b"), name: "b.gif", field: "extra" }]));
    expectRefusal(res, 400, "file");
  });

  it("refuses a body that is not multipart with 400", async () => {
    const json = await s.call("POST", Api.uploadImg.path, { token, body: { file: Buffer.from(PNG).toString("base64") } });
    expectRefusal(json, 400, "multipart");
    const raw = await upload(Buffer.from(PNG).toString("latin1"), { headers: { "Content-Type": "image/png" } });
    expectRefusal(raw, 400, "multipart");
  });

  it("refuses a multipart body that does not parse with 400", async () => {
    const res = await upload("this is not multipart at all", { headers: { "Content-Type": "multipart/form-data; boundary=xyz" } });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it("answers 401 without a token or with a bad one", async () => {
    expectRefusal(await upload(form([{ bytes: variant(PNG, "anon"), name: "a.png" }]), { tok: null }), 401, "Authorization");
    expectRefusal(await upload(form([{ bytes: variant(PNG, "forged"), name: "a.png" }]), { tok: `${token}x` }), 401, "Authorization");
  });

  it("stored nothing for any refused upload: no file, no row, same imgProfile, no event", async () => {
    expect((await storedFiles()).sort()).toEqual([...filesBefore].sort());
    expect(await s.count("SELECT count(*)::int AS n FROM uploads")).toBe(rowsBefore);
    expect((await getdata()).imgProfile).toBe(profileBefore);
    expect(await profileEvents()).toBe(eventsBefore);
  });
});

describe("UPLOAD_MAX_BYTES", () => {
  let small: TestServer;
  let smallToken: string;
  beforeAll(async () => {
    small = await startTestServer({ UPLOAD_MAX_BYTES: "1024" });
    smallToken = (await small.login()).access_token;
  });
  afterAll(() => small.close());

  const padded = (size: number) => {
    const out = new Uint8Array(size);
    out.set(PNG);
    return out;
  };

  it("accepts an image of exactly UPLOAD_MAX_BYTES", async () => {
    const res = await upload(form([{ bytes: padded(1024), name: "a.png", type: "image/png" }], { purpose: "file" }), { tok: smallToken, server: small });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.size).toBe(1024);
  });

  it.each([
    ["one byte over", 1025],
    ["a little over", 4096],
    ["far over", 512 * 1024],
  ])("answers 413 naming file for an image %s, and stores nothing", async (_label, size) => {
    const filesBefore = await storedFiles(small);
    const profileBefore = (await getdata(smallToken, small)).imgProfile;
    const eventsBefore = await profileEvents(small);
    const res = await upload(form([{ bytes: padded(size), name: "big.png", type: "image/png" }]), { tok: smallToken, server: small });
    expectRefusal(res, 413, "file");
    expect(await storedFiles(small)).toEqual(filesBefore);
    expect((await getdata(smallToken, small)).imgProfile).toBe(profileBefore);
    expect(await profileEvents(small)).toBe(eventsBefore);
  });
});

describe("serving uploads", () => {
  it.each([
    ["an unknown but well-formed name", `/uploads/${"a".repeat(64)}.png`],
    ["a name that is not a hash", "/uploads/passwd"],
    ["an encoded traversal", "/uploads/..%2F..%2Fetc%2Fpasswd"],
    ["an encoded traversal to the database", "/uploads/..%2Fpgdata%2FPG_VERSION"],
    ["a hash with another extension", `/uploads/${"b".repeat(64)}.svg`],
    ["a nested path", `/uploads/x/${"c".repeat(64)}.png`],
    ["no name", "/uploads/"],
  ])("answers 404 JSON for %s", async (_label, url) => {
    const res = await s.call("GET", url);
    expect(res.status, res.text).toBe(404);
    expect(res.json).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
  });

  it("never serves a file outside the uploads directory for a dot-dot path", async () => {
    for (const url of ["/uploads/../../etc/passwd", "/uploads/%2e%2e/%2e%2e/etc/passwd", "/uploads/..\\..\\etc\\passwd"]) {
      const res = await s.call("GET", url);
      expect(res.text).not.toMatch(/root:/);
      expect(res.status).not.toBe(500);
    }
  });

  it("serves an upload as an inert document: a sandboxing Content-Security-Policy", async () => {
    const res = await uploadFile(variant(PNG, "csp"), "a.png", "image/png", { purpose: "file" });
    const served = await fetchBytes(res.json.data.url);
    expect(served.headers.get("Content-Security-Policy")).toMatch(/sandbox/);
  });
});

describe("UPLOAD_STORE: where the bytes are kept", () => {
  it(`is ${inject("storage") === "postgres" ? "database with DATABASE_URL" : "files on the embedded database"} unless set`, () => {
    expect(s.config.uploadStore).toBe(inject("storage") === "postgres" ? "database" : "files");
  });

  // Each store on this run's database: the other one is the default of the other run.
  describe.each([["files"], ["database"]] as const)("UPLOAD_STORE=%s", (store) => {
    let other: TestServer;
    let otherToken: string;
    beforeAll(async () => {
      other = await startTestServer({ UPLOAD_STORE: store });
      otherToken = (await other.login()).access_token;
    });
    afterAll(() => other.close());

    it("stores an image, serves it back with its headers, and keeps it only where the setting says", async () => {
      const bytes = variant(JPEG, `store-${store}`);
      const res = await upload(form([{ bytes, name: "a.jpg", type: "image/jpeg" }], { purpose: "profile" }), { tok: otherToken, server: other });
      expect(res.status, res.text).toBe(200);
      const name = (res.json.data.url as string).replace("/uploads/", "");
      const served = await fetchBytes(res.json.data.url, other);
      expect(served.status).toBe(200);
      expect(served.bytes).toEqual(bytes);
      expect(served.headers.get("Content-Type")).toBe("image/jpeg");
      expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect((await getdata(otherToken, other)).imgProfile).toBe(res.json.data.url);

      const inTable = await other.count("SELECT count(*)::int AS n FROM upload_files WHERE name = $1", [name]);
      expect({ onDisk: filesOnDisk(other).includes(name), inTable }).toEqual(store === "files" ? { onDisk: true, inTable: 0 } : { onDisk: false, inTable: 1 });
      expect(await other.count("SELECT count(*)::int AS n FROM uploads WHERE sha256 = $1", [res.json.data.sha256])).toBe(1);
    });

    it("answers 404 for a well-formed name it does not hold", async () => {
      expect((await other.call("GET", `/uploads/${"d".repeat(64)}.jpg`)).status).toBe(404);
    });
  });
});
