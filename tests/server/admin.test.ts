// Admin (issue 17, docs/admin.md) over the real app and storage: every call needs permission 4;
// an admin without 0 manages only their brands' users (and users without brands) and only their
// brands, one holding 0 manages everything; self-removal and taking 4 from oneself refused; bad
// input per field; two edits of one user on the same version (one wins, the other 409); changes
// reach the user (at once in-process, within 2 s from another process); disabling ends sessions;
// every change one event in the audit, newest first, filterable and paged; the o2o token is
// write-only; getdata follows the brands' channels and o2o campaigns.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api, type CallName } from "../../domain/api";
import type { AdminBrand, AdminUser, AuditEntry } from "../../domain/adminContract";
import { ADMIN_USERS_PAGE_SIZE } from "../../domain/adminContract";
import type { UserData } from "../../domain/entities";
import { createApp } from "../../server/http/app";
import { buildDeps } from "../../server/runtime";
import { DISABLED_MESSAGE } from "../../server/services/auth";
import { O2OProxy, type O2OBackend } from "../../server/services/o2oProxy";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
/** The demo user: permissions 1–9 (4, not 0), brands Tipco, Aura, Aura Move. */
let admin: string;
let adminId: number;
/** Permissions 0 and 4, no brand: manages everything. */
let root: string;
let noAdmin: string;

const ELSEWHERE = "Elsewhere";
const PASSWORD = "secret123";

type Res = Awaited<ReturnType<TestServer["call"]>>;
const post = (call: CallName, body: unknown, tok = admin) => s.call("POST", Api[call].path, { token: tok, body });
const get = (call: CallName, query = "", tok = admin) => s.call("GET", `${Api[call].path}${query}`, { token: tok });
const ok = <T>(res: Res, call: CallName): T => {
  expect(res.status, res.text).toBe(200);
  return Schema.decodeUnknownSync(Api[call].response as unknown as Schema.Decoder<unknown>)(res.json) as T;
};
const refused = (res: Res, status: number, field: string, words?: RegExp) => {
  expect(res.status, res.text).toBe(status);
  expect(res.json.message).toContain(field);
  if (words) expect(res.json.message).toMatch(words);
};
const idOf = async (email: string) => Number((await s.storage.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [email])).rows[0]!.id);
const userRow = async (email: string, tok = admin) => {
  const list = ok<{ data: AdminUser[] }>(await get("adminUsers", `?q=${encodeURIComponent(email)}`, tok), "adminUsers").data;
  return list.find((u) => u.email === email);
};
const getdata = async (tok: string) => {
  const res = await s.call("GET", "/user/getdata", { token: tok });
  expect(res.status, res.text).toBe(200);
  return res.json.user as UserData;
};
const audit = async (query = "", tok = admin) => ok<{ data: AuditEntry[]; next: number | null }>(await get("adminAudit", query, tok), "adminAudit");

beforeAll(async () => {
  s = await startTestServer();
  admin = (await s.login()).access_token;
  adminId = await idOf("demo@example.com");
  await s.storage.query("INSERT INTO brands (name) VALUES ($1)", [ELSEWHERE]);
  root = await s.addUser("root@example.com", ["0", "4"], []);
  noAdmin = await s.addUser("plain@example.com", ["1", "2", "3", "5", "6", "7", "8", "9"], ["Tipco"]);
  await s.addUser("tipco.staff@example.com", ["1"], ["Tipco"]);
  await s.addUser("nobrand@example.com", ["1"], []);
  await s.addUser("else.staff@example.com", ["1"], [ELSEWHERE]);
  await s.addUser("mixed@example.com", ["1"], ["Tipco", ELSEWHERE]);
});
afterAll(() => s.close());

const ADMIN_CALLS = ["adminUsers", "addUser", "updateUser", "resetUserPassword", "removeUser", "adminBrands", "addBrand", "updateBrand",
  "addAccount", "updateAccount", "removeAccount", "adminAudit"] as const satisfies readonly CallName[];

describe("permission 4", () => {
  it("is what the contract asks of every admin call", () => {
    for (const c of ADMIN_CALLS) expect(Api[c].permission, c).toBe("4");
  });

  it.each(ADMIN_CALLS)("%s answers 403 to a user without permission 4, and changes nothing", async (c) => {
    const events = await s.count("SELECT count(*)::int AS n FROM events");
    const res = Api[c].method === "GET" ? await get(c, "", noAdmin) : await post(c, { id: await idOf("tipco.staff@example.com"), version: 0, name: "Hacked" }, noAdmin);
    refused(res, 403, "4");
    expect(await s.count("SELECT count(*)::int AS n FROM events")).toBe(events);
  });
});

describe("users: scope", () => {
  it("an admin without 0 lists the users of their brands and the users without a brand, never another brand's or a 0 holder", async () => {
    const list = ok<{ data: AdminUser[]; total: number; pageSize: number }>(await get("adminUsers"), "adminUsers");
    const emails = list.data.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(["demo@example.com", "tipco.staff@example.com", "nobrand@example.com", "mixed@example.com", "plain@example.com"]));
    expect(emails).not.toContain("else.staff@example.com");
    expect(emails).not.toContain("root@example.com");
    expect(list.total).toBe(list.data.length);
    expect(list.pageSize).toBe(ADMIN_USERS_PAGE_SIZE);
    expect(emails).toEqual([...emails].sort());
    const demo = list.data.find((u) => u.email === "demo@example.com")!;
    expect(demo).toMatchObject({ brands: ["Aura", "Aura Move", "Tipco"], disabled: false });
    expect(demo.lastSignInAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/);
  });

  it("an admin holding 0 lists everyone", async () => {
    const emails = ok<{ data: AdminUser[] }>(await get("adminUsers", "", root), "adminUsers").data.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(["else.staff@example.com", "root@example.com", "demo@example.com"]));
  });

  it("searches email and name, and pages", async () => {
    const found = ok<{ data: AdminUser[]; total: number }>(await get("adminUsers", "?q=TIPCO.st"), "adminUsers");
    expect(found.data.map((u) => u.email)).toEqual(["tipco.staff@example.com"]);
    expect(ok<{ data: AdminUser[] }>(await get("adminUsers", "?q=%25"), "adminUsers").data).toEqual([]);
    const page2 = ok<{ data: AdminUser[]; page: number; total: number }>(await get("adminUsers", "?page=2"), "adminUsers");
    expect(page2.page).toBe(2);
    expect(page2.data).toEqual([]);
  });

  it("another brand's user answers 404 to every user call, and is left as it was", async () => {
    const id = await idOf("else.staff@example.com");
    refused(await post("updateUser", { id, version: 0, name: "Nope" }), 404, "id");
    refused(await post("resetUserPassword", { id, password: "another123" }), 404, "id");
    refused(await post("removeUser", { id }), 404, "id");
    refused(await post("updateUser", { id: await idOf("root@example.com"), version: 0, disabled: true }), 404, "id");
    expect(await userRow("else.staff@example.com", root)).toMatchObject({ name: "else.staff", version: 0, disabled: false });
  });

  it("a user also holding a brand outside the admin's keeps it when the admin sets their brands", async () => {
    const u = (await userRow("mixed@example.com"))!;
    // The list shows every brand the user holds, also those the admin does not.
    expect(u.brands).toEqual([ELSEWHERE, "Tipco"]);
    const res = ok<{ data: AdminUser }>(await post("updateUser", { id: u.id, version: u.version, brands: ["Aura"] }), "updateUser");
    expect(res.data.brands).toEqual(["Aura", ELSEWHERE]);
  });

  it("an admin cannot give a brand they do not hold, nor permission 0", async () => {
    const u = (await userRow("nobrand@example.com"))!;
    refused(await post("updateUser", { id: u.id, version: u.version, brands: [ELSEWHERE] }), 403, "brands", /Elsewhere/);
    refused(await post("updateUser", { id: u.id, version: u.version, permissions: ["0", "1"] }), 403, "permissions", /0/);
    refused(await post("addUser", { email: "new.else@example.com", name: "X", password: PASSWORD, permissions: ["1"], brands: [ELSEWHERE] }), 403, "brands");
    expect((await userRow("nobrand@example.com"))!).toMatchObject({ brands: [], permissions: ["1"], version: u.version });
    // The one holding 0 may.
    const done = ok<{ data: AdminUser }>(await post("updateUser", { id: u.id, version: u.version, brands: [ELSEWHERE] }, root), "updateUser");
    expect(done.data.brands).toEqual([ELSEWHERE]);
    ok(await post("updateUser", { id: u.id, version: done.data.version, brands: [] }, root), "updateUser");
  });
});

describe("users: add, edit, reset, remove", () => {
  it("adds a user with two permissions, who signs in and gets exactly those", async () => {
    const res = ok<{ data: AdminUser }>(await post("addUser", {
      email: "New.Person@Example.com", name: "New Person", password: "orange2024", permissions: ["7", "1", "7"], brands: ["Aura"],
    }), "addUser");
    expect(res.data).toMatchObject({ email: "new.person@example.com", name: "New Person", permissions: ["1", "7"], brands: ["Aura"], disabled: false, version: 0, lastSignInAt: null });
    const tok = (await s.login("new.person@example.com", "orange2024")).access_token;
    expect((await getdata(tok)).permissions).toEqual(["1", "7"]);
    expect((await userRow("new.person@example.com"))!.lastSignInAt).not.toBeNull();
  });

  it.each([
    ["a taken email", { email: "demo@example.com" }, "email", /already used/],
    ["a weak password", { password: "onlyletters" }, "password", /letter and a digit/],
    ["a short password", { password: "a1" }, "password", /8/],
    ["an unknown brand", { brands: ["Tipco", "Nope"] }, "brands", /unknown brand: Nope/],
    ["a blank name", { name: "   " }, "name", /blank/],
    ["an email that is not one", { email: "not-an-email" }, "email", /./],
    ["an unknown permission", { permissions: ["1", "x"] }, "permissions", /./],
  ])("refuses %s with 400 naming the field, and adds nobody", async (_label, patch, field, words) => {
    const users = await s.count("SELECT count(*)::int AS n FROM users");
    const body = { email: "someone@example.com", name: "Someone", password: "orange2024", permissions: ["1"], brands: ["Tipco"], ...patch };
    refused(await post("addUser", body), 400, field, words);
    expect(await s.count("SELECT count(*)::int AS n FROM users")).toBe(users);
  });

  it("edits name, permissions and brands; the version grows; a stale version answers 409 and changes nothing", async () => {
    const u = (await userRow("tipco.staff@example.com"))!;
    const res = ok<{ data: AdminUser }>(await post("updateUser", { id: u.id, version: u.version, name: "Tipco Staff", permissions: ["1", "7"], brands: ["Tipco", "Aura"] }), "updateUser");
    expect(res.data).toMatchObject({ name: "Tipco Staff", permissions: ["1", "7"], brands: ["Aura", "Tipco"], version: u.version + 1 });
    refused(await post("updateUser", { id: u.id, version: u.version, name: "Stale" }), 409, "version");
    expect((await userRow("tipco.staff@example.com"))!.name).toBe("Tipco Staff");
  });

  it("two edits of one user on the same version at once: one 200, one 409, and the winner's change is kept", async () => {
    const u = (await userRow("tipco.staff@example.com"))!;
    const [a, b] = await Promise.all([
      post("updateUser", { id: u.id, version: u.version, name: "Edit A" }),
      post("updateUser", { id: u.id, version: u.version, name: "Edit B" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? "Edit A" : "Edit B";
    expect(await userRow("tipco.staff@example.com")).toMatchObject({ name: winner, version: u.version + 1 });
  });

  it("refuses taking permission 4 from oneself, disabling oneself and removing oneself, with a clear message", async () => {
    const me = (await userRow("demo@example.com"))!;
    refused(await post("updateUser", { id: adminId, version: me.version, permissions: ["1", "2"] }), 400, "permissions", /permission 4.*yourself/);
    refused(await post("updateUser", { id: adminId, version: me.version, disabled: true }), 400, "disabled", /yourself/);
    refused(await post("removeUser", { id: adminId }), 400, "id", /yourself/);
    expect(await userRow("demo@example.com")).toMatchObject({ version: me.version, disabled: false, permissions: me.permissions });
  });

  it("an unknown user answers 404", async () => {
    refused(await post("updateUser", { id: 999_999, version: 0, name: "X" }), 404, "id");
    refused(await post("removeUser", { id: 999_999 }), 404, "id");
  });

  it("resets a password: the user's sessions end, the new password works, the old one does not", async () => {
    const tok = await s.addUser("reset.me@example.com", ["1"], ["Aura"]);
    const id = await idOf("reset.me@example.com");
    refused(await post("resetUserPassword", { id, password: "password" }), 400, "password");
    expect((await post("resetUserPassword", { id, password: "mango2025" })).status).toBe(200);
    expect((await s.call("GET", "/user/getdata", { token: tok })).status).toBe(401);
    await expect(s.login("reset.me@example.com", PASSWORD)).rejects.toThrow(/401/);
    await s.login("reset.me@example.com", "mango2025");
  });

  it("removes a user: their token stops working and they cannot sign in", async () => {
    const tok = await s.addUser("remove.me@example.com", ["1"], ["Aura"]);
    const id = await idOf("remove.me@example.com");
    expect((await post("removeUser", { id })).status).toBe(200);
    expect((await s.call("GET", "/user/getdata", { token: tok })).status).toBe(401);
    await expect(s.login("remove.me@example.com", PASSWORD)).rejects.toThrow(/401/);
    refused(await post("removeUser", { id }), 404, "id");
  });
});

describe("users: changes reach the user", () => {
  it("a permission change is seen on the user's next call through the same server", async () => {
    const tok = await s.addUser("reach@example.com", ["1", "9"], ["Aura"]);
    expect((await s.call("GET", "/user/get-kpi-template", { token: tok })).status).toBe(200);
    const u = (await userRow("reach@example.com"))!;
    ok(await post("updateUser", { id: u.id, version: u.version, permissions: ["1"] }), "updateUser");
    expect((await s.call("GET", "/user/get-kpi-template", { token: tok })).status).toBe(403);
    expect((await getdata(tok)).permissions).toEqual(["1"]);
  });

  it("a server process with its own caches sees the change once its 2 s have passed", async () => {
    const other = createApp(buildDeps(s.config, s.storage));
    const tok = await s.addUser("reach2@example.com", ["1", "9"], ["Aura"]);
    const kpi = async () => (await other.request("/user/get-kpi-template", { headers: { Authorization: `Bearer ${tok}` } })).status;
    expect(await kpi()).toBe(200);
    const u = (await userRow("reach2@example.com"))!;
    ok(await post("updateUser", { id: u.id, version: u.version, permissions: ["1"] }), "updateUser");
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await kpi()).toBe(403);
  });

  it("disabling ends the sessions at once and refuses sign-in and refresh; enabling lets them in again", async () => {
    await s.addUser("disable.me@example.com", ["1"], ["Aura"]);
    const tokens = await s.login("disable.me@example.com", PASSWORD);
    const u = (await userRow("disable.me@example.com"))!;
    const res = ok<{ data: AdminUser }>(await post("updateUser", { id: u.id, version: u.version, disabled: true }), "updateUser");
    expect(res.data.disabled).toBe(true);
    expect((await s.call("GET", "/user/getdata", { token: tokens.access_token })).status).toBe(401);
    const refresh = await s.call("POST", "/auth/refresh-token", { body: { refresh_token: tokens.refresh_token } });
    expect(refresh.status).toBe(401);
    const signIn = await s.call("POST", "/auth/login-user", { body: { email: "disable.me@example.com", password: PASSWORD } });
    expect(signIn.status).toBe(401);
    expect(signIn.json.message).toBe(DISABLED_MESSAGE);
    // A wrong password is answered as for anyone: the state is told only to the one who knows the password.
    const wrong = await s.call("POST", "/auth/login-user", { body: { email: "disable.me@example.com", password: "wrong1234" } });
    expect(wrong.json.message).toBe("Email or password is incorrect");
    ok(await post("updateUser", { id: u.id, version: res.data.version, disabled: false }), "updateUser");
    await s.login("disable.me@example.com", PASSWORD);
  });
});

describe("users: the audit", () => {
  it("every change is one event with before and after, never a password; newest first, filtered by actor and kind", async () => {
    const before = await s.count("SELECT count(*)::int AS n FROM events WHERE entity = 'user'");
    const added = ok<{ data: AdminUser }>(await post("addUser", { email: "audited@example.com", name: "Audited", password: "orange2024", permissions: ["1"], brands: ["Aura"] }), "addUser").data;
    const edited = ok<{ data: AdminUser }>(await post("updateUser", { id: added.id, version: added.version, permissions: ["1", "7", "9"] }), "updateUser").data;
    await post("resetUserPassword", { id: added.id, password: "papaya2026" });
    await post("removeUser", { id: edited.id });
    expect(await s.count("SELECT count(*)::int AS n FROM events WHERE entity = 'user'")).toBe(before + 4);

    const page = await audit("?kind=user&actor=demo%40example.com");
    const mine = page.data.filter((e) => e.subject === "audited@example.com");
    expect(mine.map((e) => e.type)).toEqual(["user.removed", "user.password_reset", "user.updated", "user.added"]);
    expect(mine.every((e) => e.actor === "demo@example.com" && e.kind === "user")).toBe(true);
    expect(mine[2]).toMatchObject({ before: { permissions: ["1"] }, after: { permissions: ["1", "7", "9"] }, summary: "permissions 1 → 1, 7, 9" });
    expect(mine[3]).toMatchObject({ before: null, after: { email: "audited@example.com", brands: ["Aura"] } });
    const text = JSON.stringify(page);
    expect(text).not.toContain("papaya2026");
    expect(text).not.toContain("orange2024");
    expect(text).not.toMatch(/scrypt\$/);
    expect((await audit("?actor=nobody%40example.com")).data).toEqual([]);
  });

  it("an admin without 0 does not see events about another brand's users", async () => {
    const id = await idOf("else.staff@example.com");
    ok(await post("updateUser", { id, version: 0, name: "Else Renamed" }, root), "updateUser");
    expect((await audit("?kind=user", root)).data.some((e) => e.subject === "else.staff@example.com")).toBe(true);
    expect((await audit("?kind=user")).data.some((e) => e.subject === "else.staff@example.com")).toBe(false);
  });
});

type Brand = AdminBrand;
const brandsOf = async (tok = admin) => ok<{ data: Brand[]; o2oCampaigns: Array<{ id: number; name: string }> }>(await get("adminBrands", "", tok), "adminBrands");
const brandNamed = async (name: string, tok = admin) => (await brandsOf(tok)).data.find((b) => b.name === name);

describe("brands", () => {
  it("an admin without 0 sees only the brands they hold; with 0 every brand", async () => {
    const mine = await brandsOf();
    expect(mine.data.map((b) => b.name)).toEqual(["Aura", "Aura Move", "Tipco"]);
    const tipco = mine.data.find((b) => b.name === "Tipco")!;
    expect(tipco.channels).toEqual([{ channel: "facebook", startYear: 2021 }, { channel: "tiktok", startYear: 2021 }]);
    expect(tipco.accounts.map((a) => a.id)).toEqual(["bag-tipco-fb-1", "bag-tipco-fb-2", "bag-tipco-tt-3"]);
    expect(tipco.accounts[0]!.pages.map((p) => p.name)).toEqual(["Tipco Thailand", "Tipco 100% Juice", "Tipco Fruit Club"]);
    expect(tipco.o2o.campaigns.length).toBeGreaterThan(0);
    expect(tipco.o2o.campaigns.every((c) => c.name.startsWith("Tipco "))).toBe(true);
    expect(tipco.users).toBeGreaterThan(0);
    expect((await brandsOf(root)).data.map((b) => b.name)).toContain(ELSEWHERE);
  });

  it("adds a brand the admin then holds, with the template's channels; a duplicate name (any case) is 400 naming name", async () => {
    const res = ok<{ data: Brand }>(await post("addBrand", { name: "Mango Co", maLabel: "MA" }), "addBrand");
    expect(res.data).toMatchObject({ name: "Mango Co", maLabel: "MA", accounts: [], o2o: { campaigns: [], hasToken: false }, users: 1, version: 0 });
    expect(res.data.channels).toEqual([{ channel: "facebook", startYear: 2021 }, { channel: "tiktok", startYear: 2021 }]);
    expect((await getdata(admin)).brand).toContain("Mango Co");
    refused(await post("addBrand", { name: "mango co" }), 400, "name", /already exists/);
    refused(await post("addBrand", { name: "Tipco" }), 400, "name", /already exists/);
    refused(await post("addBrand", { name: "Bad Years", channels: [{ channel: "facebook", startYear: 1999 }] }), 400, "channels.0.startYear");
    refused(await post("addBrand", { name: "Twice", channels: [{ channel: "facebook", startYear: 2020 }, { channel: "facebook", startYear: 2021 }] }), 400, "channels.1.channel");
    expect(await s.count("SELECT count(*)::int AS n FROM brands WHERE name IN ('Bad Years', 'Twice')")).toBe(0);
  });

  it("renames a brand, sets its MA label and channels; 409 on a stale version; another brand is 404", async () => {
    const b = (await brandNamed("Mango Co"))!;
    const res = ok<{ data: Brand }>(await post("updateBrand", {
      id: b.id, version: b.version, name: "Mango Company", maLabel: "Facebook MA", channels: [{ channel: "tiktok", startYear: 2019 }],
    }), "updateBrand");
    expect(res.data).toMatchObject({ name: "Mango Company", maLabel: "Facebook MA", channels: [{ channel: "tiktok", startYear: 2019 }], version: b.version + 1 });
    refused(await post("updateBrand", { id: b.id, version: b.version, name: "Stale" }), 409, "version");
    refused(await post("updateBrand", { id: b.id, version: res.data.version, name: "Aura" }), 400, "name", /already exists/);
    const other = (await brandNamed(ELSEWHERE, root))!;
    refused(await post("updateBrand", { id: other.id, version: other.version, name: "Mine now" }), 404, "id");
    expect((await brandNamed(ELSEWHERE, root))!.name).toBe(ELSEWHERE);
  });

  it("two edits of one brand at once: one 200, one 409", async () => {
    const b = (await brandNamed("Mango Company"))!;
    const [x, y] = await Promise.all([
      post("updateBrand", { id: b.id, version: b.version, maLabel: "MA" }),
      post("updateBrand", { id: b.id, version: b.version, maLabel: "Facebook MA" }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
  });

  it("keeps the o2o token write-only: never in an answer or the audit, only hasToken", async () => {
    const b = (await brandNamed("Mango Company"))!;
    const secret = "brand-token-0123456789";
    const res = await post("updateBrand", { id: b.id, version: b.version, o2oToken: secret });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.o2o.hasToken).toBe(true);
    for (const text of [res.text, (await get("adminBrands")).text, (await get("adminAudit")).text, (await s.call("GET", "/user/getdata", { token: admin })).text]) {
      expect(text).not.toContain(secret);
    }
    const cleared = ok<{ data: Brand }>(await post("updateBrand", { id: b.id, version: res.json.data.version, o2oToken: "" }), "updateBrand");
    expect(cleared.data.o2o.hasToken).toBe(false);
    const events = (await audit("?kind=brand")).data.filter((e) => e.subject === "Mango Company");
    expect(events[0]!.summary).toBe("o2o token cleared");
    expect(events[1]!.summary).toBe("o2o token set");
  });

  it("every brand change is one event, newest first, with before and after", async () => {
    const events = (await audit("?kind=brand")).data.filter((e) => e.kind === "brand");
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => b - a));
    const rename = events.find((e) => e.summary.startsWith("name Mango Co → Mango Company"))!;
    expect(rename).toMatchObject({ type: "brand.updated", actor: "demo@example.com", before: { name: "Mango Co", maLabel: "MA" }, after: { name: "Mango Company" } });
    expect(events.find((e) => e.type === "brand.added" && e.subject === "Mango Co")).toBeDefined();
  });
});

describe("accounts and pages (/formAC)", () => {
  const account = (id: string, channel = "tiktok", pages = [{ id: `${id}-p1`, name: "First page" }]) => ({ id, name: `Account ${id}`, channel, pages });

  it("adds an account with its pages on one of the brand's channels", async () => {
    const b = (await brandNamed("Mango Company"))!;
    const res = ok<{ data: Brand }>(await post("addAccount", { brandId: b.id, account: account("mango-tt-1") }), "addAccount");
    expect(res.data.accounts).toEqual([{ id: "mango-tt-1", name: "Account mango-tt-1", channel: "tiktok", pages: [{ id: "mango-tt-1-p1", name: "First page" }] }]);
    const listbag = (await getdata(admin)).listbag.filter((g) => g.brand === "Mango Company");
    expect(listbag.map((g) => g._id)).toEqual(["mango-tt-1"]);
  });

  it.each([
    ["a channel that is not one of the brand's", account("mango-fb-9", "facebook"), "account.channel", /brand's channels \(tiktok\)/],
    ["an account id that exists (in any brand)", account("bag-tipco-fb-1"), "account.id", /already exists/],
    ["a page id that exists", account("mango-tt-2", "tiktok", [{ id: "bag-aura-fb-1-p1", name: "Taken" }]), "account.pages.0.id", /already exists/],
    ["a page id twice", account("mango-tt-3", "tiktok", [{ id: "pp", name: "A" }, { id: "pp", name: "B" }]), "account.pages.1.id", /twice/],
    ["a blank name", { ...account("mango-tt-4"), name: "  " }, "account.name", /blank/],
    ["an id with spaces", account("has space"), "account.id", /./],
  ])("refuses %s with 400 naming the field, and adds nothing", async (_label, acc, field, words) => {
    const b = (await brandNamed("Mango Company"))!;
    const bags = await s.count("SELECT count(*)::int AS n FROM bags");
    refused(await post("addAccount", { brandId: b.id, account: acc }), 400, field, words);
    expect(await s.count("SELECT count(*)::int AS n FROM bags")).toBe(bags);
  });

  it("another brand's account calls answer 404", async () => {
    const other = (await brandNamed(ELSEWHERE, root))!;
    refused(await post("addAccount", { brandId: other.id, account: account("sneaky") }), 404, "brandId");
  });

  it("renames an account and replaces its pages; removes it", async () => {
    const b = (await brandNamed("Mango Company"))!;
    const res = ok<{ data: Brand }>(await post("updateAccount", {
      brandId: b.id, id: "mango-tt-1", name: "Mango TikTok", pages: [{ id: "mango-tt-1-p2", name: "Second" }, { id: "mango-tt-1-p1", name: "First renamed" }],
    }), "updateAccount");
    expect(res.data.accounts[0]).toEqual({ id: "mango-tt-1", name: "Mango TikTok", channel: "tiktok", pages: [{ id: "mango-tt-1-p1", name: "First renamed" }, { id: "mango-tt-1-p2", name: "Second" }] });
    refused(await post("updateAccount", { brandId: b.id, id: "bag-tipco-fb-1", name: "X", pages: [] }), 404, "id");
    refused(await post("updateAccount", { brandId: b.id, id: "mango-tt-1", name: "X", pages: [{ id: "bag-aura-fb-1-p1", name: "Taken" }] }), 400, "pages.0.id");
    // A channel in use cannot be taken from the brand.
    refused(await post("updateBrand", { id: b.id, version: res.data.version, channels: [{ channel: "facebook", startYear: 2020 }] }), 400, "channels", /Mango TikTok/);
    const removed = ok<{ data: Brand }>(await post("removeAccount", { brandId: b.id, id: "mango-tt-1" }), "removeAccount");
    expect(removed.data.accounts).toEqual([]);
    expect(await s.count("SELECT count(*)::int AS n FROM pages WHERE bag_id = 'mango-tt-1'")).toBe(0);
    refused(await post("removeAccount", { brandId: b.id, id: "mango-tt-1" }), 404, "id");
    const events = (await audit("?kind=account")).data;
    expect(events.slice(0, 3).map((e) => [e.type, e.subject])).toEqual([
      ["account.removed", "Mango Company / mango-tt-1"], ["account.updated", "Mango Company / mango-tt-1"], ["account.added", "Mango Company / mango-tt-1"],
    ]);
    expect(events[1]!.summary).toContain("name Account mango-tt-1 → Mango TikTok");
  });
});

describe("the audit's pages and scope", () => {
  it("pages newest first with next, without repeats", async () => {
    // Enough events for two pages (50 a page).
    for (let i = 0; i < 20; i++) {
      const u = (await userRow("nobrand@example.com"))!;
      ok(await post("updateUser", { id: u.id, version: u.version, name: `Paged ${i}` }), "updateUser");
    }
    const seen: number[] = [];
    let next: number | null = null;
    let pages = 0;
    do {
      const page = await audit(next === null ? "" : `?after=${next}`);
      seen.push(...page.data.map((e) => e.id));
      next = page.next;
      pages += 1;
    } while (next !== null && pages < 20);
    expect(seen.length).toBeGreaterThan(50);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it("an admin without 0 sees no event of another brand", async () => {
    const other = (await brandNamed(ELSEWHERE, root))!;
    ok(await post("updateBrand", { id: other.id, version: other.version, maLabel: "MA" }, root), "updateBrand");
    expect((await audit("?kind=brand", root)).data.some((e) => e.subject === ELSEWHERE)).toBe(true);
    expect((await audit("?kind=brand")).data.some((e) => e.subject === ELSEWHERE)).toBe(false);
  });
});

describe("getdata follows the brands' channels and o2o campaigns", () => {
  it("accountTime.template is the earliest start year per channel over the user's brands", async () => {
    const b = (await brandNamed("Mango Company"))!;
    ok(await post("updateBrand", { id: b.id, version: b.version, channels: [{ channel: "tiktok", startYear: 2018 }, { channel: "facebook", startYear: 2023 }] }), "updateBrand");
    const tok = await s.addUser("channels@example.com", ["1"], ["Mango Company"]);
    expect((await getdata(tok)).accountTime.template).toEqual([{ channel: "facebook", startYear: 2023 }, { channel: "tiktok", startYear: 2018 }]);
    // With Tipco too (both from 2021): the earliest of each.
    const u = (await userRow("channels@example.com"))!;
    ok(await post("updateUser", { id: u.id, version: u.version, brands: ["Mango Company", "Tipco"] }), "updateUser");
    expect((await getdata(tok)).accountTime.template).toEqual([{ channel: "facebook", startYear: 2021 }, { channel: "tiktok", startYear: 2018 }]);
    // A brand without channels: the global template (2021) stands in for it.
    const b2 = (await brandNamed("Mango Company"))!;
    ok(await post("updateBrand", { id: b2.id, version: b2.version, channels: [] }), "updateBrand");
    const u2 = (await userRow("channels@example.com"))!;
    ok(await post("updateUser", { id: u2.id, version: u2.version, brands: ["Mango Company"] }), "updateUser");
    expect((await getdata(tok)).accountTime.template).toEqual([{ channel: "facebook", startYear: 2021 }, { channel: "tiktok", startYear: 2021 }]);
  });

  it("listO2O is the user's campaigns and their brands'; the brand's token serves the o2o proxy and is masked", async () => {
    const b = (await brandNamed("Mango Company"))!;
    const { o2oCampaigns } = await brandsOf();
    const campaign = o2oCampaigns[0]!;
    const tok = await s.addUser("o2o.brand@example.com", ["1"], ["Mango Company"]);
    expect((await getdata(tok)).listO2O).toEqual([]);
    expect((await getdata(tok)).tokenO2O).toBe("");
    ok(await post("updateBrand", { id: b.id, version: b.version, o2oCampaigns: [campaign.id], o2oToken: "mango-o2o-token" }), "updateBrand");
    const data = await getdata(tok);
    expect(data.listO2O).toEqual([campaign]);
    expect(data.tokenO2O).toBe("stored-on-server");
    const res = await s.call("POST", "/api/o2o/get-data", { token: tok, body: { url: "/campaign/structure", methods: "GET", name: "chart_1", typechart: "line", payload: {} } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.campaigns.map((c: { id: number }) => c.id)).toEqual([campaign.id]);
    expect(res.text).not.toContain("mango-o2o-token");
    refused(await post("updateBrand", { id: b.id, version: b.version + 1, o2oCampaigns: [999_999] }), 400, "o2oCampaigns");
  });

  it("the o2o proxy calls the service with the user's own token when they have one, else their brand's", async () => {
    const seen: string[] = [];
    const backend: O2OBackend = {
      label: "a recording service",
      request: async (_path, _method, _payload, token) => {
        seen.push(token);
        return { campaigns: [] };
      },
    };
    const proxy = new O2OProxy(s.storage, backend, 5_000);
    const userId = await idOf("o2o.brand@example.com");
    const structure = { url: "/campaign/structure", methods: "GET", name: "chart_1", typechart: "line", payload: {} } as const;
    await proxy.getData(userId, structure);
    await s.storage.query("UPDATE users SET token_o2o = 'own-o2o-token' WHERE id = $1", [userId]);
    await proxy.getData(userId, structure);
    expect(seen).toEqual(["mango-o2o-token", "own-o2o-token"]);
  });
});
