import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
  // A file beside STATIC_DIR that must never be reachable through the static handler.
  writeFileSync(path.join(s.dataDir, "secret.txt"), "TOP-SECRET-OUTSIDE-STATIC");
});
afterAll(() => s.close());

type Res = Awaited<ReturnType<TestServer["call"]>>;

function expectSecurityHeaders(res: Res) {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toMatch(/(^|;\s*)script-src 'self'(;|$)/);
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
}

function expectJson404(res: Res) {
  expect(res.status, res.text).toBe(404);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(res.json).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  expect(res.text).not.toContain("brand-dashboard");
}

describe("history-mode fallback", () => {
  it.each([
    ["/", 200], ["/brandEx", 200], ["/cir/42", 200], ["/logout", 200], ["/brandEx/", 200], ["/o2o?tab=x", 200],
    ["/some/deep/path?x=1", 404], ["/cir/42/extra", 404], ["/%E0%B8%AA%E0%B8%A7%E0%B8%B1%E0%B8%AA%E0%B8%94%E0%B8%B5", 404],
  ] as const)(
    "GET %s answers the app's index.html as text/html with status %i",
    async (url, status) => {
      const res = await s.call("GET", url);
      expect(res.status).toBe(status);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.text).toContain("brand-dashboard");
      expectSecurityHeaders(res);
    },
  );

  it("answers the same index.html for a deep route as for /", async () => {
    expect((await s.call("GET", "/cir/42")).text).toBe((await s.call("GET", "/")).text);
  });

  it("serves index.html to a signed-in browser too (the token changes nothing for pages)", async () => {
    const res = await s.call("GET", "/brandEx", { token });
    expect(res.status).toBe(200);
    expect(res.text).toContain("brand-dashboard");
  });

  it.each([
    "/../secret.txt",
    "/..%2fsecret.txt",
    "/%2e%2e/secret.txt",
    "/%2e%2e%2fsecret.txt",
    "/assets/..%2f..%2fsecret.txt",
    "/..%5csecret.txt",
  ])("never serves a file outside STATIC_DIR for %s", async (url) => {
    const res = await s.call("GET", url);
    expect(res.text).not.toContain("TOP-SECRET");
    expect(res.status).toBeLessThan(500);
  });
});

describe("unknown API paths", () => {
  it.each([
    ["GET", "/user/nope"],
    ["POST", "/auth/nope"],
    ["GET", "/api/whatever"],
    ["DELETE", "/brandEx"],
    ["PUT", "/"],
    ["GET", "/user"],
    ["GET", "/auth/login-user"],
    ["POST", "/user/getdata"],
    ["DELETE", "/user/upsert-template"],
    ["GET", "/api/auth/logout"],
    ["POST", "/some/deep/path"],
  ])("%s %s answers a JSON 404 {error, message}", async (method, url) => {
    const res = await s.call(method, url, { token });
    expectJson404(res);
    expectSecurityHeaders(res);
  });

  it("answers the JSON 404 without a token as well", async () => {
    expectJson404(await s.call("GET", "/user/nope"));
  });
});

describe("security headers", () => {
  it.each([
    ["GET", "/healthz", undefined],
    ["GET", "/user/getdata", "token"],
    ["GET", "/user/getdata", undefined],
    ["POST", "/auth/login-user", undefined],
    ["GET", "/", undefined],
    ["GET", "/user/nope", undefined],
  ])("%s %s carries a CSP with script-src 'self' and nosniff", async (method, url, withToken) => {
    const res = await s.call(method, url, {
      ...(withToken ? { token } : {}),
      ...(method === "POST" ? { body: { email: "x@example.com", password: "nope" } } : {}),
    });
    expectSecurityHeaders(res);
  });

  it("the app's page forbids framing and other origins' scripts", async () => {
    const csp = (await s.call("GET", "/")).headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
  });
});

describe("GET /healthz", () => {
  it("answers status ok and the version, decoding with the contract, without a token", async () => {
    const res = await s.call("GET", "/healthz");
    expect(res.status).toBe(200);
    const health = Schema.decodeUnknownSync(Api.health.response)(res.json);
    expect(health.status).toBe("ok");
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("compression", () => {
  it("serves the web app's files and the API's answers of 1 KB and more gzipped to a browser that accepts it", async () => {
    const { mkdirSync } = await import("node:fs");
    mkdirSync(path.join(s.config.staticDir, "assets"), { recursive: true });
    writeFileSync(path.join(s.config.staticDir, "assets", "app-abc123.js"), `console.log(${JSON.stringify("x".repeat(5000))});`);
    const asset = await s.app.request("/assets/app-abc123.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("Content-Encoding")).toBe("gzip");
    expect(asset.headers.get("Cache-Control")).toContain("immutable");
    const { gunzipSync } = await import("node:zlib");
    expect(gunzipSync(Buffer.from(await asset.arrayBuffer())).toString()).toContain("xxxxx");

    // A page's figures (issue 19): tens of KB of JSON, several times smaller gzipped.
    const api = await s.app.request("/user/getdata", { headers: { "Accept-Encoding": "gzip", Authorization: `Bearer ${token}` } });
    expect(api.status).toBe(200);
    expect(api.headers.get("Content-Encoding")).toBe("gzip");
    expect(api.headers.get("Vary")).toContain("Accept-Encoding");
    const body = gunzipSync(Buffer.from(await api.arrayBuffer())).toString();
    expect(JSON.parse(body)).toHaveProperty("user");
    // A client that does not ask for it gets the JSON as it is.
    const plain = await s.app.request("/user/getdata", { headers: { Authorization: `Bearer ${token}` } });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(JSON.parse(await plain.text())).toEqual(JSON.parse(body));
  });

  it("sends the build's brotli file to a browser that accepts brotli, the gzip file to one that accepts gzip only (issue 19)", async () => {
    const { mkdirSync } = await import("node:fs");
    const { brotliCompressSync, brotliDecompressSync, gunzipSync } = await import("node:zlib");
    const { precompressDir } = await import("../../scripts/precompress");
    const assets = path.join(s.config.staticDir, "assets");
    mkdirSync(assets, { recursive: true });
    const source = `export const words = ${JSON.stringify("brand dashboard ".repeat(400))};`;
    writeFileSync(path.join(assets, "page-br123.js"), source);
    precompressDir(assets);

    const chrome = await s.app.request("/assets/page-br123.js", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(chrome.status).toBe(200);
    expect(chrome.headers.get("Content-Encoding")).toBe("br");
    expect(chrome.headers.get("Content-Type")).toContain("javascript");
    expect(chrome.headers.get("Vary")).toContain("Accept-Encoding");
    expect(chrome.headers.get("Cache-Control")).toContain("immutable");
    const brotli = Buffer.from(await chrome.arrayBuffer());
    expect(brotliDecompressSync(brotli).toString()).toBe(source);
    // Quality 11, smaller than a default brotli pass.
    expect(brotli.length).toBeLessThanOrEqual(brotliCompressSync(source).length);

    const gzipOnly = await s.app.request("/assets/page-br123.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipOnly.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipOnly.arrayBuffer())).toString()).toBe(source);

    const plain = await s.app.request("/assets/page-br123.js");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(source);
  });
});
