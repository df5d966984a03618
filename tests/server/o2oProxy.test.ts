// Contract tests of the o2o proxy, POST /api/o2o/get-data (spec §7, issue 5): every target path
// through the built-in service; the allow-list (a forbidden path or method gets 400 and nothing
// leaves the server); and the real-service mode against a local HTTP server standing in for
// O2O_UPSTREAM_URL: what is sent, timeouts, failures, redirects.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Schema } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { O2O_TARGET_PATHS, O2O_ALLOWED_METHODS, o2oProxyResponse, type O2oTargetPath } from "../../domain/o2o";
import { startTestServer, type TestServer } from "../support/testServer";

const PROXY = "/api/o2o/get-data";
const dayFrom = (d: string) => Date.parse(`${d}T00:00:00+07:00`) / 1000;
const day = (d: string) => ({ from: dayFrom(d), to: dayFrom(d) + 86_399 });
const DAYS = [day("2024-04-12"), day("2024-04-13"), day("2024-04-14")];
const MONTHS = [
  { from: dayFrom("2024-02-01"), to: dayFrom("2024-03-01") - 1 },
  { from: dayFrom("2024-03-01"), to: dayFrom("2024-04-01") - 1 },
];

/** A valid payload for each target path, about campaign 1. */
function payloadFor(path: O2oTargetPath): unknown {
  if (path === "/campaign/structure") return {};
  if (path === "/stats/graph") {
    return {
      campaigns: [1],
      audience: { interval: { unit: "month" }, ranges: MONTHS },
      content: { interval: { unit: "custom", seconds: 86_400 }, from: DAYS[0]!.from, to: DAYS[2]!.to },
    };
  }
  if (path.includes("heatmap")) return { campaigns: [1], ranges: DAYS };
  return { campaigns: [1], ranges: DAYS };
}

const request = (path: O2oTargetPath | string, extra: Record<string, unknown> = {}) => ({
  url: path,
  methods: (O2O_ALLOWED_METHODS as Record<string, string>)[path] ?? "POST",
  payload: payloadFor(path as O2oTargetPath),
  name: "chart_1",
  typechart: "line",
  ...extra,
});

const FORBIDDEN_URLS = [
  "http://127.0.0.1:22/",
  "/../admin",
  "/stats/graph/../../admin",
  "//evil.example.com/stats/graph",
  "/stats/visitor_view/audience?debug=1",
  "/stats/visitor_view/Audience",
  "https://o2o.example.com/stats/graph",
  "/stats/visitor_view/",
  "",
];

describe("built-in service (embedded default)", () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer();
    token = (await s.login()).access_token;
  });
  afterAll(() => s.close());

  it.each(O2O_TARGET_PATHS.map((p) => [p]))("%s answers its data, with the request's name and typechart", async (path) => {
    const res = await s.call("POST", PROXY, { token, body: request(path) });
    expect(res.status, res.text).toBe(200);
    const answer = Schema.decodeUnknownSync(o2oProxyResponse(path))(res.json, { onExcessProperty: "error" });
    expect(answer.name).toBe("chart_1");
    expect(answer.typechart).toBe("line");
  });

  it("answers real demo figures: three Songkran days of campaign 1, views below shows", async () => {
    const res = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience") });
    const { shows, views } = res.json.data.series as { shows: number[]; views: number[] };
    expect(shows).toHaveLength(3);
    for (let i = 0; i < 3; i++) {
      expect(shows[i]).toBeGreaterThan(500);
      expect(views[i]).toBeGreaterThan(0);
      expect(views[i]).toBeLessThan(shows[i]!);
    }
  });

  it("needs a bearer token", async () => {
    const res = await s.call("POST", PROXY, { body: request("/stats/visitor_view/audience") });
    expect(res.status).toBe(401);
  });

  it("refuses a user without o2o access with 403 and a message", async () => {
    // No campaign of their own and no brand (a brand's users read its campaigns with its token).
    const other = await s.addUser("no-o2o@example.com", ["1"], []);
    const res = await s.call("POST", PROXY, { token: other, body: request("/stats/visitor_view/audience") });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/no access to o2o/);
  });

  it("refuses a campaign that is not the user's with 403 naming payload.campaigns", async () => {
    await s.storage.query("INSERT INTO o2o_campaigns (id, name, screens) VALUES (77, 'Someone else''s', 1)");
    const res = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience", { payload: { campaigns: [1, 77], ranges: DAYS } }) });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/^payload\.campaigns: /);
  });

  it.each(FORBIDDEN_URLS.map((u) => [u]))("refuses the target %j with 400 naming url", async (url) => {
    const res = await s.call("POST", PROXY, { token, body: { ...request("/stats/visitor_view/audience"), url } });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^url: /);
  });

  it("refuses a method the path does not take, and a payload of another path", async () => {
    const get = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience", { methods: "GET" }) });
    expect(get.status).toBe(400);
    expect(get.json.message).toBe("methods: must be POST for /stats/visitor_view/audience");
    const del = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience", { methods: "DELETE" }) });
    expect(del.status).toBe(400);
    expect(del.json.message).toMatch(/^methods: /);
    const wrongPayload = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/heatmap", { payload: { campaigns: [1], ranges: MONTHS } }) });
    expect(wrongPayload.status).toBe(400);
    expect(wrongPayload.json.message).toMatch(/^payload\.ranges\[0\]\.to: /);
    const extra = await s.call("POST", PROXY, { token, body: request("/campaign/structure", { payload: { host: "evil" } }) });
    expect(extra.status).toBe(400);
    expect(extra.json.message).toMatch(/^payload/);
    const unknownField = await s.call("POST", PROXY, { token, body: request("/campaign/structure", { baseUrl: "http://127.0.0.1:22" }) });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.message).toBe("baseUrl: is not a known field");
  });

  it("missing measurement is null: a day before the demo started", async () => {
    const res = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience", { payload: { campaigns: [1], ranges: [day("2022-06-01")] } }) });
    expect(res.status).toBe(200);
    expect(res.json.data.series).toEqual({ shows: [null], views: [null] });
  });
});

// ---------------------------------------------------------------------------------------------
// A stand-in for the real service at O2O_UPSTREAM_URL.

interface Seen { method: string; url: string; authorization: string | undefined; body: string }
type Reply = (req: IncomingMessage, res: ServerResponse, body: string) => void;

class FakeUpstream {
  readonly seen: Seen[] = [];
  reply: Reply = (_req, res) => res.end("{}");
  private server!: Server;
  base = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        this.seen.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body });
        this.reply(req, res, body);
      });
    });
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

const json = (status: number, value: unknown): Reply => (_req, res) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(value));
};
const AUDIENCE = { ranges: DAYS, series: { shows: [10, 20, null], views: [4, 5, null] } };

describe("real service at O2O_UPSTREAM_URL", () => {
  const up = new FakeUpstream();
  let s: TestServer;
  let token: string;
  let tokenO2O: string;
  beforeAll(async () => {
    await up.start();
    s = await startTestServer({ O2O_UPSTREAM_URL: up.base, O2O_TIMEOUT_MS: "300" });
    token = (await s.login()).access_token;
    tokenO2O = (await s.storage.query<{ t: string }>("SELECT token_o2o AS t FROM users WHERE email = 'demo@example.com'")).rows[0]!.t;
  });
  afterAll(async () => {
    await s.close();
    await up.stop();
  });
  beforeEach(() => {
    up.seen.length = 0;
    up.reply = json(200, AUDIENCE);
  });

  it("forwards POST {base}{path} with the payload and the user's o2o token, and passes the checked data back", async () => {
    const res = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience") });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ name: "chart_1", typechart: "line", data: AUDIENCE });
    expect(up.seen).toEqual([{ method: "POST", url: "/v1/stats/visitor_view/audience", authorization: `Bearer ${tokenO2O}`, body: JSON.stringify(payloadFor("/stats/visitor_view/audience")) }]);
  });

  it("asks /campaign/structure with GET and no body, and accepts an answer wrapped as {data}", async () => {
    const structure = { campaigns: [{ id: 5, name: "Real campaign", contents: [{ id: 50, name: "Spot" }] }] };
    up.reply = json(200, { data: structure });
    const res = await s.call("POST", PROXY, { token, body: request("/campaign/structure") });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual(structure);
    expect(up.seen).toMatchObject([{ method: "GET", url: "/v1/campaign/structure", body: "" }]);
  });

  it.each(FORBIDDEN_URLS.map((u) => [u]))("a forbidden target %j gets 400 and no request leaves the server", async (url) => {
    const res = await s.call("POST", PROXY, { token, body: { ...request("/stats/visitor_view/audience"), url } });
    expect(res.status).toBe(400);
    expect(up.seen).toEqual([]);
  });

  it("a forbidden method gets 400 and no request leaves the server", async () => {
    const res = await s.call("POST", PROXY, { token, body: request("/campaign/structure", { methods: "POST" }) });
    expect(res.status).toBe(400);
    expect(up.seen).toEqual([]);
  });

  it("a user without o2o access gets 403 and no request leaves the server", async () => {
    const other = await s.addUser("no-o2o-up@example.com", ["1"], []);
    const res = await s.call("POST", PROXY, { token: other, body: request("/stats/visitor_view/audience") });
    expect(res.status).toBe(403);
    expect(up.seen).toEqual([]);
  });

  it("a campaign that is not the user's gets 403 naming payload.campaigns, and no request leaves the server", async () => {
    const res = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience", { payload: { campaigns: [9999], ranges: DAYS } }) });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("payload.campaigns: campaign 9999 is not one of yours");
    expect(up.seen).toEqual([]);
  });

  it("an upstream that does not answer in time gives 502 with a message", async () => {
    up.reply = () => undefined; // never answers
    const started = performance.now();
    const res = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience") });
    expect(res.status).toBe(502);
    expect(res.json).toEqual({ error: "bad_gateway", message: "the visitor analytics service did not answer within 300 ms" });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("upstream failures become 502 with a message; a refusal of the token becomes 403", async () => {
    up.reply = json(500, { oops: true });
    let res = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience") });
    expect([res.status, res.json.message]).toEqual([502, "the visitor analytics service answered HTTP 500 for /stats/visitor_view/audience"]);

    up.reply = (_req, r) => r.end("<html>maintenance</html>");
    res = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience") });
    expect([res.status, res.json.message]).toEqual([502, "the visitor analytics service answered /stats/visitor_view/audience with something that is not JSON"]);

    up.reply = json(200, { ranges: DAYS, series: { shows: [1, 2, 3] } });
    res = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience") });
    expect(res.status).toBe(502);
    expect(res.json.message).toMatch(/^the visitor analytics service answered \/stats\/visitor_view\/audience in an unexpected shape \(series\.views: /);

    up.reply = json(403, { error: "token" });
    res = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience") });
    expect([res.status, res.json.message]).toEqual([403, "the visitor analytics service refused your o2o access (HTTP 403)"]);
  });

  it("does not follow a redirect", async () => {
    up.reply = (_req, r) => {
      r.writeHead(302, { Location: `${up.base}/stats/visitor_view/sex` });
      r.end();
    };
    const res = await s.call("POST", PROXY, { token, body: request("/stats/visitor_view/audience") });
    expect(res.status).toBe(502);
    expect(res.json.message).toBe("the visitor analytics service answered HTTP 302 for /stats/visitor_view/audience");
    expect(up.seen.map((x) => x.url)).toEqual(["/v1/stats/visitor_view/audience"]);
  });

  it("an unreachable service gives 502", async () => {
    const closed = new FakeUpstream();
    await closed.start();
    await closed.stop();
    const t = await startTestServer({ O2O_UPSTREAM_URL: closed.base, O2O_TIMEOUT_MS: "2000" });
    try {
      const tok = (await t.login()).access_token;
      const res = await t.call("POST", PROXY, { token: tok, body: request("/stats/visitor_view/audience") });
      expect([res.status, res.json.message]).toEqual([502, "the visitor analytics service could not be reached"]);
    } finally {
      await t.close();
    }
  });
});
