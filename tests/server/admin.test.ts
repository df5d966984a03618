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
import type { AdminUser, AuditEntry } from "../../domain/adminContract";
import { ADMIN_USERS_PAGE_SIZE } from "../../domain/adminContract";
import type { UserData } from "../../domain/entities";
import { createApp } from "../../server/http/app";
import { buildDeps } from "../../server/runtime";
import { DISABLED_MESSAGE } from "../../server/services/auth";
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
