import { describe, expect, it } from "vitest";
import { withQuery } from "@/api/client";

describe("withQuery: a GET call's request in the query string", () => {
  it.each([
    { behaviour: "adds every set field", request: { start: "2025-09-01", end: "2025-09-30" }, expected: "/user/metrics-summary?start=2025-09-01&end=2025-09-30" },
    { behaviour: "encodes spaces and commas", request: { channel: "All Channel", pages: "p1,p2" }, expected: "/user/metrics-summary?channel=All+Channel&pages=p1%2Cp2" },
    { behaviour: "leaves out undefined fields", request: { brand: undefined, start: "2025-09-01" }, expected: "/user/metrics-summary?start=2025-09-01" },
    { behaviour: "keeps the bare path for an empty request", request: {}, expected: "/user/metrics-summary" },
  ])("$behaviour", ({ request, expected }) => {
    expect(withQuery("/user/metrics-summary", request)).toBe(expected);
  });
});

describe("call with an answer asked for early (issue 19)", () => {
  it("decodes the answer it was given instead of asking again", async () => {
    const { call } = await import("@/api/client");
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      asked.push(url);
      return new Response("{}", { status: 500 });
    }) as typeof fetch;
    try {
      const early = Promise.resolve(new Response(JSON.stringify({ status: 401, error: "unauthorized", message: "Sign in again." }), { status: 401 }));
      await expect(call("getUser", {}, { accessToken: "t", response: early })).rejects.toMatchObject({ status: 401, message: "Sign in again." });
      expect(asked).toEqual([]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("reports an early request that could not reach the server as a network failure", async () => {
    const { call } = await import("@/api/client");
    const early = Promise.reject(new TypeError("Failed to fetch"));
    early.catch(() => undefined);
    await expect(call("getUser", {}, { accessToken: "t", response: early })).rejects.toMatchObject({ status: 0, code: "network" });
  });

  it("asks the user's data at the path of the call table", async () => {
    const { Api } = await import("../../domain/api");
    const { USER_DATA_PATH } = await import("@/app/actors");
    expect(USER_DATA_PATH).toBe(Api.getUser.path);
  });
});
