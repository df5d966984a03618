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
