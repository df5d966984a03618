/**
 * The user's language and calendar (issue 18, docs/i18n.md): remembered on the server per user,
 * answered by getdata, each change an event, bad values refused naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const getdata = async (token: string) => {
  const res = await s.call("GET", "/user/getdata", { token });
  expect(res.status, res.text).toBe(200);
  return Schema.decodeUnknownSync(Api.getUser.response)(res.json).user;
};

const update = (token: string | undefined, body: unknown) => s.call("POST", "/user/update-locale", { ...(token === undefined ? {} : { token }), body });

describe("POST /user/update-locale", () => {
  it("starts every user in English and the Gregorian calendar", async () => {
    const token = await s.addUser("locale-new@example.com", ["1"]);
    const user = await getdata(token);
    expect([user.language, user.calendar]).toEqual(["en", "gregorian"]);
  });

  it("keeps a user's choice for them alone, across sign-ins", async () => {
    const thai = await s.addUser("locale-thai@example.com", ["1"]);
    const other = await s.addUser("locale-other@example.com", ["1"]);
    const res = await update(thai, { language: "th", calendar: "buddhist" });
    expect(res.status, res.text).toBe(200);
    expect(Schema.decodeUnknownSync(Api.updateLocale.response)(res.json).data).toEqual({ language: "th", calendar: "buddhist" });

    const again = (await s.login("locale-thai@example.com", "secret123")).access_token;
    expect(await getdata(again)).toMatchObject({ language: "th", calendar: "buddhist" });
    expect(await getdata(other)).toMatchObject({ language: "en", calendar: "gregorian" });

    // The two are independent: Thai words with Gregorian years.
    expect((await update(thai, { language: "th", calendar: "gregorian" })).status).toBe(200);
    expect(await getdata(thai)).toMatchObject({ language: "th", calendar: "gregorian" });
  });

  it("records every change as an event of the user", async () => {
    const token = await s.addUser("locale-events@example.com", ["1"]);
    const events = () => s.count(
      "SELECT count(*)::int AS n FROM events e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.type = 'locale.set' AND e.entity = 'user_locale'",
      ["locale-events@example.com"],
    );
    expect(await events()).toBe(0);
    await update(token, { language: "th", calendar: "gregorian" });
    await update(token, { language: "en", calendar: "buddhist" });
    expect(await events()).toBe(2);
  });

  it.each([
    [{ language: "fr", calendar: "gregorian" }, "language"],
    [{ language: "th", calendar: "julian" }, "calendar"],
    [{ language: "th" }, "calendar"],
    [{ calendar: "buddhist" }, "language"],
  ])("refuses %j with 400 naming %s, and keeps the stored choice", async (body, field) => {
    const token = await s.addUser(`locale-bad-${field}-${Object.keys(body).length}@example.com`, ["1"]);
    await update(token, { language: "th", calendar: "buddhist" });
    const res = await update(token, body);
    expect(res.status).toBe(400);
    expect(res.text).toContain(field);
    expect(await getdata(token)).toMatchObject({ language: "th", calendar: "buddhist" });
  });

  it("needs a signed-in user", async () => {
    expect((await update(undefined, { language: "th", calendar: "buddhist" })).status).toBe(401);
  });
});
