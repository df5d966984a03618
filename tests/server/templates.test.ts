import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api, UPSERT_FAIL } from "../../domain/api";
import type { FilterTemplate, KpiTemplate } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
});
afterAll(() => s.close());

const filter = (title: string, over: Partial<FilterTemplate> = {}): FilterTemplate => ({
  title, basketSize: { min: 100, max: 2500.5 }, product: "Tipco 100% Orange Juice", platform: "Shopee",
  location: "Bangkok and Vicinity", status: "completed", disabled: false, ...over,
});

function kpi(title: string): KpiTemplate {
  const t = emptyKpiTemplate(title);
  return {
    ...t,
    Budget: "100000",
    MA: { ...t.MA, reach: { kpi: "50000", budget: "20000" }, impression: { kpi: 120000, budget: 3600 } },
    ADS: {
      ...t.ADS,
      setMonth: [
        { startDate: "2024-01-01", endDate: "2024-01-31", budget: "15500" },
        { startDate: "2024-02-01", endDate: "2024-02-15", budget: "7500" },
      ],
      click: { kpi: "900", budget: "23000" },
    },
    RFM: [
      { setting: [{ name: "Recency", weight: "40" }, { name: "Frequency", weight: "35" }, { name: "Monetary", weight: "25" }] },
      { segment: [{ name: "Champions", rank: 9, setting: [{ name: "Recency", min: 4, max: 5 }] }, { name: "Hibernating", rank: 1 }] },
    ],
  };
}

const list = async (tok = token) => (await s.call("GET", "/user/get-template", { token: tok })).json.data as Array<FilterTemplate & { updated_at: string }>;
const kpiList = async (tok = token) => (await s.call("GET", "/user/get-kpi-template", { token: tok })).json.data as Array<KpiTemplate & { updated_at: string }>;
const strip = <T extends { updated_at: string }>({ updated_at: _u, ...rest }: T) => rest;

describe("filter templates", () => {
  it("saves a template and lists it back exactly, with updated_at as YYYY-MM-DDTHH:mm:ss", async () => {
    const res = await s.call("POST", "/user/upsert-template", { token, body: { template: filter("Big baskets") } });
    expect(res.status).toBe(200);
    expect(res.json.msg).not.toBe(UPSERT_FAIL);
    const got = (await list()).find((t) => t.title === "Big baskets")!;
    expect(strip(got)).toEqual(filter("Big baskets"));
    expect(got.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    Schema.decodeUnknownSync(Api.getTemplates.response)({ data: await list() });
  });

  it("replaces a template saved again under the same title", async () => {
    await s.call("POST", "/user/upsert-template", { token, body: { template: filter("Replace me") } });
    await s.call("POST", "/user/upsert-template", { token, body: { template: filter("Replace me", { platform: "Lazada" }) } });
    const same = (await list()).filter((t) => t.title === "Replace me");
    expect(same).toHaveLength(1);
    expect(same[0]!.platform).toBe("Lazada");
  });

  it("keeps each user's templates to themselves", async () => {
    const other = await s.addUser("other-filter@example.com", ["1"], ["Aura"]);
    await s.call("POST", "/user/upsert-template", { token: other, body: { template: filter("Big baskets", { platform: "Lazada" }) } });
    await s.call("POST", "/user/upsert-template", { token: other, body: { template: filter("Only mine") } });
    expect((await list()).some((t) => t.title === "Only mine")).toBe(false);
    expect((await list()).find((t) => t.title === "Big baskets")!.platform).toBe("Shopee");
    // Deleting by title never touches another user's template of that title.
    await s.call("POST", "/user/delete-template", { token: other, body: { title: "Big baskets" } });
    expect((await list()).some((t) => t.title === "Big baskets")).toBe(true);
  });

  it("deletes a template, lists its history and restores it as it was", async () => {
    await s.call("POST", "/user/upsert-template", { token, body: { template: filter("Restorable", { product: "v1" }) } });
    await s.call("POST", "/user/upsert-template", { token, body: { template: filter("Restorable", { product: "v2" }) } });
    expect((await s.call("POST", "/user/delete-template", { token, body: { title: "Restorable" } })).status).toBe(200);
    expect((await list()).some((t) => t.title === "Restorable")).toBe(false);

    const history = await s.call("GET", "/user/template-history?title=Restorable", { token });
    expect(history.status).toBe(200);
    Schema.decodeUnknownSync(Api.templateHistory.response)(history.json);
    expect(history.json.data.map((e: { type: string }) => e.type)).toEqual(["template.upserted", "template.upserted", "template.deleted"]);

    const restored = await s.call("POST", "/user/restore-template", { token, body: { title: "Restorable" } });
    expect(restored.status).toBe(200);
    expect((await list()).find((t) => t.title === "Restorable")!.product).toBe("v2");
    const after = await s.call("GET", "/user/template-history?title=Restorable", { token });
    expect(after.json.data.at(-1).type).toBe("template.restored");
  });

  it("pages a long history: 100 events by default, at most 1000, the next page after the last id", async () => {
    for (let i = 0; i < 5; i++) await s.call("POST", "/user/upsert-template", { token, body: { template: filter("Busy", { product: `v${i}` }) } });
    const first = await s.call("GET", "/user/template-history?title=Busy&limit=2", { token });
    expect(first.status, first.text).toBe(200);
    Schema.decodeUnknownSync(Api.templateHistory.response)(first.json);
    expect(first.json.data).toHaveLength(2);
    const second = await s.call("GET", `/user/template-history?title=Busy&limit=2&after=${first.json.next}`, { token });
    const third = await s.call("GET", `/user/template-history?title=Busy&limit=2&after=${second.json.next}`, { token });
    expect(third.json.next).toBeNull();
    const products = [first, second, third].flatMap((r) => r.json.data.map((e: { payload: { template: { product: string } } }) => e.payload.template.product));
    expect(products).toEqual(["v0", "v1", "v2", "v3", "v4"]);
    const whole = await s.call("GET", "/user/template-history?title=Busy", { token });
    expect([whole.json.data.length, whole.json.next]).toEqual([5, null]);
  });

  it.each([
    { query: "limit=0", field: "limit" }, { query: "limit=1001", field: "limit" }, { query: "limit=ten", field: "limit" },
    { query: "after=-1", field: "after" }, { query: "after=1.5", field: "after" },
  ])("refuses a history page asked with $query, naming the field", async ({ query, field }) => {
    const res = await s.call("GET", `/user/template-history?title=Busy&${query}`, { token });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(new RegExp(`^${field}: `));
  });

  it("refuses to restore a template that exists or was never deleted", async () => {
    await s.call("POST", "/user/upsert-template", { token, body: { template: filter("Alive") } });
    expect((await s.call("POST", "/user/restore-template", { token, body: { title: "Alive" } })).status).toBe(409);
    expect((await s.call("POST", "/user/restore-template", { token, body: { title: "Never was" } })).status).toBe(404);
  });

  it("answers 404 naming the title when deleting a template that does not exist", async () => {
    const res = await s.call("POST", "/user/delete-template", { token, body: { title: "Ghost" } });
    expect(res.status).toBe(404);
    expect(res.json.message).toContain("Ghost");
  });

  it("answers a failed upsert with a non-2xx status and msg 'Upsert Fail!!'", async () => {
    const res = await s.call("POST", "/user/upsert-template", { token, body: { template: { ...filter("Bad"), basketSize: { min: -1, max: null } } } });
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe(UPSERT_FAIL);
    expect(res.json.message).toContain("basketSize.min");
  });

  it("writes one event per change, in the same transaction as the change", async () => {
    const before = await s.count("SELECT count(*)::int AS n FROM events WHERE entity = 'filter_template'");
    await s.call("POST", "/user/upsert-template", { token, body: { template: filter("Counted") } });
    await s.call("POST", "/user/delete-template", { token, body: { title: "Counted" } });
    await s.call("POST", "/user/delete-template", { token, body: { title: "Counted" } }); // 404: no event
    expect(await s.count("SELECT count(*)::int AS n FROM events WHERE entity = 'filter_template'")).toBe(before + 2);
  });

  it("keeps the event log append-only", async () => {
    await expect(s.storage.query("UPDATE events SET type = 'x'")).rejects.toThrow(/append-only/);
    await expect(s.storage.query("DELETE FROM events")).rejects.toThrow(/append-only/);
  });
});

describe("concurrent writes", () => {
  it("keeps every acknowledged template, one row per title, and one event per acknowledged write", async () => {
    const tok = await s.addUser("burst@example.com", ["1"]);
    const beforeEvents = await s.count("SELECT count(*)::int AS n FROM events WHERE entity = 'filter_template'");
    const writes = Array.from({ length: 50 }, (_, i) =>
      s.call("POST", "/user/upsert-template", {
        token: tok,
        body: { template: i % 2 === 0 ? filter(`Distinct ${i}`) : filter("Shared title", { product: `p${i}` }) },
      }),
    );
    const answers = await Promise.all(writes);
    const acked = answers.filter((a) => a.status === 200);
    expect(acked).toHaveLength(50);
    const saved = await list(tok);
    for (let i = 0; i < 50; i += 2) expect(saved.some((t) => t.title === `Distinct ${i}`)).toBe(true);
    expect(saved.filter((t) => t.title === "Shared title")).toHaveLength(1);
    expect(saved).toHaveLength(26);
    expect(await s.count("SELECT count(*)::int AS n FROM events WHERE entity = 'filter_template'")).toBe(beforeEvents + acked.length);
  });
});

describe("KPI templates", () => {
  it("round-trips a template exactly: MA and ADS with setMonth and every parameter, RFM blocks", async () => {
    const res = await s.call("POST", "/user/upsert-kpi-template", { token, body: { template: kpi("Q1 plan") } });
    expect(res.status).toBe(200);
    Schema.decodeUnknownSync(Api.upsertKpiTemplate.response)(res.json);
    const got = (await kpiList()).find((t) => t.title === "Q1 plan")!;
    expect(strip(got)).toEqual(kpi("Q1 plan"));
  });

  it("renames when title (the old title) differs from template.title", async () => {
    await s.call("POST", "/user/upsert-kpi-template", { token, body: { template: kpi("Old name") } });
    const res = await s.call("POST", "/user/upsert-kpi-template", { token, body: { title: "Old name", template: { ...kpi("New name"), Budget: "5" } } });
    expect(res.status).toBe(200);
    const titles = (await kpiList()).map((t) => t.title);
    expect(titles).toContain("New name");
    expect(titles).not.toContain("Old name");
    expect((await kpiList()).find((t) => t.title === "New name")!.Budget).toBe("5");
    const history = await s.call("GET", "/user/kpi-template-history?title=Old%20name", { token });
    expect(history.json.data.map((e: { type: string }) => e.type)).toEqual(["kpiTemplate.upserted", "kpiTemplate.renamed"]);
  });

  it("updates in place when title equals template.title", async () => {
    await s.call("POST", "/user/upsert-kpi-template", { token, body: { template: kpi("Steady") } });
    await s.call("POST", "/user/upsert-kpi-template", { token, body: { title: "Steady", template: { ...kpi("Steady"), Budget: "42" } } });
    const steady = (await kpiList()).filter((t) => t.title === "Steady");
    expect(steady).toHaveLength(1);
    expect(steady[0]!.Budget).toBe("42");
  });

  it("refuses a rename onto an existing title with 'Upsert Fail!!' and changes nothing", async () => {
    await s.call("POST", "/user/upsert-kpi-template", { token, body: { template: kpi("A plan") } });
    await s.call("POST", "/user/upsert-kpi-template", { token, body: { template: kpi("B plan") } });
    const res = await s.call("POST", "/user/upsert-kpi-template", { token, body: { title: "A plan", template: kpi("B plan") } });
    expect(res.status).toBe(409);
    expect(res.json.msg).toBe(UPSERT_FAIL);
    const titles = (await kpiList()).map((t) => t.title);
    expect(titles).toEqual(expect.arrayContaining(["A plan", "B plan"]));
  });

  it("refuses a rename of a template that does not exist", async () => {
    const res = await s.call("POST", "/user/upsert-kpi-template", { token, body: { title: "Nope", template: kpi("Whatever") } });
    expect(res.status).toBe(404);
    expect((await kpiList()).some((t) => t.title === "Whatever")).toBe(false);
  });

  it("deletes and restores a KPI template", async () => {
    await s.call("POST", "/user/upsert-kpi-template", { token, body: { template: kpi("Gone") } });
    expect((await s.call("POST", "/user/delete-kpi-template", { token, body: { title: "Gone" } })).status).toBe(200);
    expect((await kpiList()).some((t) => t.title === "Gone")).toBe(false);
    expect((await s.call("POST", "/user/restore-kpi-template", { token, body: { title: "Gone" } })).status).toBe(200);
    expect(strip((await kpiList()).find((t) => t.title === "Gone")!)).toEqual(kpi("Gone"));
  });

  it("needs permission 9, on the server", async () => {
    const no9 = await s.addUser("no-kpi@example.com", ["1", "2"]);
    expect((await s.call("GET", "/user/get-kpi-template", { token: no9 })).status).toBe(403);
    const res = await s.call("POST", "/user/upsert-kpi-template", { token: no9, body: { template: kpi("Sneaky") } });
    expect(res.status).toBe(403);
    expect(await s.count("SELECT count(*)::int AS n FROM kpi_templates WHERE title = 'Sneaky'")).toBe(0);
  });

  it("keeps each user's KPI templates to themselves", async () => {
    const other = await s.addUser("other-kpi@example.com", ["9"]);
    await s.call("POST", "/user/upsert-kpi-template", { token: other, body: { template: kpi("Theirs") } });
    expect((await kpiList()).some((t) => t.title === "Theirs")).toBe(false);
    expect((await s.call("POST", "/user/delete-kpi-template", { token, body: { title: "Theirs" } })).status).toBe(404);
  });
});
