import { describe, expect, it } from "vitest";
import { Schema } from "effect";
import { bangkokDateTime, bangkokSlot, engagementRate, engagementsOf, hasNoSocialData, publishedText, SocialPostsRequest, SocialRequest } from "../../domain/social";

describe("engagements of a post", () => {
  it.each([
    [{ reactions: 50, comments: 10, shares: 5, saves: null }, 65],
    [{ reactions: 100, comments: 20, shares: 10, saves: 20 }, 150],
    [{ reactions: 0, comments: 0, shares: 0, saves: 0 }, 0],
  ])("%j → %i", (post, expected) => {
    expect(engagementsOf(post)).toBe(expected);
  });
});

describe("engagement rate by reach", () => {
  it.each([
    [226, 3500, 226 / 3500],
    [0, 100, 0],
    [10, 0, null],
    [0, 0, null],
  ])("%i engagements over %i reached → %s", (engagements, reach, expected) => {
    expect(engagementRate(engagements, reach)).toBe(expected);
  });

  it("of a group is the ratio of its sums, not the mean of its posts' rates", () => {
    // A post reaching 50 people at 20 % and one reaching 50,000 at 2 %.
    const posts = [{ e: 10, r: 50 }, { e: 1000, r: 50_000 }];
    const ratioOfSums = engagementRate(posts.reduce((a, p) => a + p.e, 0), posts.reduce((a, p) => a + p.r, 0));
    expect(ratioOfSums).toBeCloseTo(1010 / 50_050, 12);
    expect(ratioOfSums).not.toBeCloseTo((0.2 + 0.02) / 2, 3);
  });
});

describe("Bangkok weekday and hour of a publishing time", () => {
  it.each([
    ["2024-03-03T17:30:00Z", { weekday: 0, hour: 0, day: "2024-03-04" }, "Sunday evening UTC is Monday 00:30 in Bangkok"],
    ["2024-03-03T16:59:59Z", { weekday: 6, hour: 23, day: "2024-03-03" }, "one second before Bangkok's midnight"],
    ["2024-03-01T12:30:00Z", { weekday: 4, hour: 19, day: "2024-03-01" }, "Friday 19:30"],
    ["2024-12-31T17:00:00Z", { weekday: 2, hour: 0, day: "2025-01-01" }, "new year in Bangkok first"],
    ["2024-02-29T10:00:00+07:00", { weekday: 3, hour: 10, day: "2024-02-29" }, "a time written with Bangkok's offset"],
  ])("%s → %j (%s)", (at, expected) => {
    expect(bangkokSlot(Date.parse(at))).toEqual(expected);
  });

  it("writes an instant as Bangkok date-time with its offset", () => {
    expect(bangkokDateTime(Date.parse("2024-03-03T17:30:00Z"))).toBe("2024-03-04T00:30:00+07:00");
  });
});

describe("requests", () => {
  const decode = Schema.decodeUnknownResult(SocialRequest);
  const base = { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "All Channel" };

  it.each([
    [{}, true],
    [{ types: ["reel"], slots: [{ weekday: 6, hour: 23 }, { weekday: 0, hour: 0 }] }, true],
    [{ types: ["story"] }, false],
    [{ slots: [{ weekday: 7, hour: 0 }] }, false],
    [{ slots: [{ weekday: 0, hour: 24 }] }, false],
    [{ end: "2024-02-01" }, false],
    [{ start: "2022-01-01", end: "2024-03-31" }, false],
    [{ channel: "Shopee" }, false],
  ])("%j is %s", (extra, ok) => {
    expect(decode({ ...base, ...extra })._tag === "Success").toBe(ok);
  });

  it("a posts request needs its sort, order, page and page size, and caps the page size at 100", () => {
    const posts = Schema.decodeUnknownResult(SocialPostsRequest);
    const table = { sort: "reach", order: "desc", page: 1, pageSize: 100, search: "" };
    expect(posts({ ...base, ...table })._tag).toBe("Success");
    expect(posts({ ...base, ...table, pageSize: 101 })._tag).toBe("Failure");
    expect(posts({ ...base, ...table, sort: "caption" })._tag).toBe("Failure");
    expect(posts(base)._tag).toBe("Failure");
  });
});

describe("how the pages read a range and a post", () => {
  it.each([
    ["2024-03-04T00:30:00+07:00", "2024-03-04 00:30"],
    ["2024-12-31T23:59:59+07:00", "2024-12-31 23:59"],
  ])("a post published %s reads %s", (at, text) => {
    expect(publishedText(at)).toBe(text);
  });

  it.each([
    [{ posts: 0, followers: null, pageReach: 0 }, true],
    [{ posts: 1, followers: null, pageReach: 0 }, false],
    [{ posts: 0, followers: 0, pageReach: 0 }, false],
    [{ posts: 0, followers: null, pageReach: 10 }, false],
  ])("%j has nothing to show: %s", (totals, empty) => {
    expect(hasNoSocialData({ totals } as never)).toBe(empty);
  });
});
