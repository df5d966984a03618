import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import type { Bag, Page } from "../../domain/entities";
import { DEMO_EMAIL, startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
});
afterAll(() => s.close());

const getdata = async (tok = token) => {
  const res = await s.call("GET", "/user/getdata", { token: tok });
  expect(res.status, res.text).toBe(200);
  return Schema.decodeUnknownSync(Api.getUser.response)(res.json).user;
};

const filterPage = async (filter: unknown[], tok = token) => {
  const res = await s.call("POST", "/user/filter-page", { token: tok, body: { filter } });
  expect(res.status, res.text).toBe(200);
  return Schema.decodeUnknownSync(Api.filterPage.response)(res.json).data;
};

const byId = <T extends { id: string }>(xs: readonly T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const bagsById = (xs: readonly Bag[]) => [...xs].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));

/** The demo workspace's Aura accounts and pages, as seeded. */
const AURA_BAGS: Bag[] = [
  { _id: "bag-aura-fb-1", name: "Aura Official", channel: "facebook", brand: "Aura" },
  { _id: "bag-aura-fb-2", name: "Aura Community", channel: "facebook", brand: "Aura" },
  { _id: "bag-aura-tt-3", name: "Aura TikTok", channel: "tiktok", brand: "Aura" },
];
const AURA_PAGES: Page[] = [
  { id: "bag-aura-fb-1-p1", name: "Aura Thailand", brand: "Aura" },
  { id: "bag-aura-fb-1-p2", name: "Aura Skin Lab", brand: "Aura" },
  { id: "bag-aura-fb-2-p1", name: "Aura Beauty Talk", brand: "Aura" },
  { id: "bag-aura-tt-3-p1", name: "@aurathailand", brand: "Aura" },
  { id: "bag-aura-tt-3-p2", name: "@auraglow", brand: "Aura" },
];
const TIPCO_TIKTOK_PAGES: Page[] = [
  { id: "bag-tipco-tt-3-p1", name: "@tipcothailand", brand: "Tipco" },
  { id: "bag-tipco-tt-3-p2", name: "@tipcojuice", brand: "Tipco" },
];

describe("GET /user/getdata", () => {
  it("answers the demo user as the contract describes: name, email, permissions 1-9, the three brands", async () => {
    const user = await getdata();
    expect(user.name).toBe("Demo User");
    expect(user.email).toBe(DEMO_EMAIL);
    expect([...user.permissions].sort()).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    expect([...user.brand].sort()).toEqual(["Aura", "Aura Move", "Tipco"]);
    expect(user.listO2O.map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4]);
    // The o2o credential stays on the server: getdata says only that there is one.
    expect(user.tokenO2O).toBe("stored-on-server");
    expect(JSON.stringify(user)).not.toMatch(/o2o_[A-Za-z0-9_-]{32}/);
  });

  it("carries each brand's label for the MA module and the account template (facebook and tiktok from 2021)", async () => {
    const user = await getdata();
    expect(user.brandSettings).toEqual([
      { name: "Aura", maLabel: "MA" },
      { name: "Aura Move", maLabel: "Facebook MA" },
      { name: "Tipco", maLabel: "Facebook MA" },
    ]);
    expect(user.accountTime).toEqual({ template: [{ channel: "facebook", startYear: 2021 }, { channel: "tiktok", startYear: 2021 }] });
  });

  it("lists every account and page of the demo user's brands once", async () => {
    const user = await getdata();
    const bagIds = user.listbag.map((b) => b._id);
    const pageIds = user.listpage.map((p) => p.id);
    expect(new Set(bagIds).size).toBe(bagIds.length);
    expect(new Set(pageIds).size).toBe(pageIds.length);
    expect(bagIds.some((id) => id.startsWith("bag-tipco-"))).toBe(true);
    expect(bagIds.some((id) => id.startsWith("bag-aura-"))).toBe(true);
    expect(bagIds.some((id) => id.startsWith("bag-auramove-"))).toBe(true);
    expect(new Set(user.listbag.map((b) => b.channel))).toEqual(new Set(["facebook", "tiktok"]));
    expect(user.listpage).toEqual(expect.arrayContaining([...AURA_PAGES, ...TIPCO_TIKTOK_PAGES]));
  });

  it("shows a user with brand Aura only Aura's accounts and pages, not Aura Move's or Tipco's", async () => {
    const aura = await s.addUser("aura@example.com", ["1"], ["Aura"]);
    const user = await getdata(aura);
    expect(user.brand).toEqual(["Aura"]);
    expect(user.brandSettings).toEqual([{ name: "Aura", maLabel: "MA" }]);
    expect(bagsById(user.listbag)).toStrictEqual(AURA_BAGS);
    expect(byId(user.listpage)).toStrictEqual(AURA_PAGES);
    expect(user.email).toBe("aura@example.com");
    expect(user.permissions).toEqual(["1"]);
  });

  it("shows a user with two brands the accounts of both and nothing of the third", async () => {
    const two = await s.addUser("aura-tipco@example.com", ["1"], ["Aura", "Tipco"]);
    const user = await getdata(two);
    expect([...user.brand].sort()).toEqual(["Aura", "Tipco"]);
    expect(user.listbag.map((b) => b._id).filter((id) => id.startsWith("bag-auramove-"))).toEqual([]);
    expect(user.listbag).toEqual(expect.arrayContaining(AURA_BAGS));
    expect(user.listpage).toEqual(expect.arrayContaining([...AURA_PAGES, ...TIPCO_TIKTOK_PAGES]));
  });

  it("gives a user without brands empty lists", async () => {
    const none = await s.addUser("nobrand@example.com", ["1", "9"], []);
    const user = await getdata(none);
    expect(user.brand).toEqual([]);
    expect(user.listbag).toEqual([]);
    expect(user.listpage).toEqual([]);
  });
});

describe("POST /user/filter-page", () => {
  let aura: string;
  beforeAll(async () => {
    aura = await s.addUser("aura-filter@example.com", ["1"], ["Aura"]);
  });

  it("answers exactly the pages of the given account, as {id, name}", async () => {
    expect(byId(await filterPage(["bag-aura-fb-1"], aura))).toStrictEqual(AURA_PAGES.slice(0, 2));
  });

  it("answers the pages of several accounts together", async () => {
    expect(byId(await filterPage(["bag-aura-fb-2", "bag-aura-tt-3"], aura))).toStrictEqual(AURA_PAGES.slice(2));
  });

  it("lists each page once when an account is given twice", async () => {
    expect(byId(await filterPage(["bag-aura-tt-3", "bag-aura-tt-3"], aura))).toStrictEqual(AURA_PAGES.slice(3));
  });

  it("answers all of the user's pages for an empty filter", async () => {
    expect(byId(await filterPage([], aura))).toStrictEqual(AURA_PAGES);
    const demo = await getdata();
    expect(byId(await filterPage([]))).toStrictEqual(byId(demo.listpage));
  });

  it("ignores accounts of other brands", async () => {
    expect(byId(await filterPage(["bag-tipco-tt-3", "bag-aura-tt-3", "bag-auramove-fb-1"], aura))).toStrictEqual(AURA_PAGES.slice(3));
    expect(await filterPage(["bag-tipco-tt-3"], aura)).toEqual([]);
  });

  it("ignores made-up account ids", async () => {
    expect(byId(await filterPage(["nope", "bag-aura-fb-2", "' OR 1=1 --"], aura))).toStrictEqual([AURA_PAGES[2]]);
    expect(await filterPage(["bag-aura-fb-1-p1"], aura)).toEqual([]);
  });

  it("gives the demo user the pages of any of their brands", async () => {
    expect(byId(await filterPage(["bag-tipco-tt-3"]))).toStrictEqual(TIPCO_TIKTOK_PAGES);
  });

  it("gives a user without brands no pages, whatever the filter", async () => {
    const none = await s.addUser("nobrand-filter@example.com", ["1"], []);
    expect(await filterPage([], none)).toEqual([]);
    expect(await filterPage(["bag-aura-fb-1"], none)).toEqual([]);
  });
});

describe("permission changes", () => {
  it("take effect on the next call with the same token: KPI calls answer 403 once 9 is removed", async () => {
    const email = "perm-change@example.com";
    const tok = await s.addUser(email, ["1", "9"], ["Aura"]);
    expect((await s.call("GET", "/user/get-kpi-template", { token: tok })).status).toBe(200);

    await s.deps.users.setPermissions(email, ["1"]);
    const refused = await s.call("GET", "/user/get-kpi-template", { token: tok });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await getdata(tok)).permissions).toEqual(["1"]);

    await s.deps.users.setPermissions(email, ["1", "9"]);
    expect((await s.call("GET", "/user/get-kpi-template", { token: tok })).status).toBe(200);
    expect((await getdata(tok)).permissions).toEqual(["1", "9"]);
  });

  it("append a user.updated event each time", async () => {
    const email = "perm-events@example.com";
    await s.addUser(email, ["1"]);
    const events = () => s.count(
      "SELECT count(*)::int AS n FROM events e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.type = 'user.updated'",
      [email],
    );
    const n = await events();
    await s.deps.users.setPermissions(email, ["1", "2"]);
    expect(await events()).toBe(n + 1);
  });

  it("a user without any permission can still read their own data", async () => {
    const tok = await s.addUser("perm-none@example.com", [], ["Aura"]);
    const user = await getdata(tok);
    expect(user.permissions).toEqual([]);
    expect(bagsById(user.listbag)).toStrictEqual(AURA_BAGS);
  });

  it("a removed user's token stops working on the next call", async () => {
    const email = "perm-removed@example.com";
    const tok = await s.addUser(email, ["1"]);
    expect((await s.call("GET", "/user/getdata", { token: tok })).status).toBe(200);
    await s.deps.users.remove(email);
    const res = await s.call("GET", "/user/getdata", { token: tok });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });
});
