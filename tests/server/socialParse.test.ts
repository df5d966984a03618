// The social parsers on their own (no storage): layouts, cells, dates and refusals.
import { describe, expect, it } from "vitest";
import { FileRefusedError, parseSocialFile } from "../../server/import/social";
import { dayCell, postTypeOf, publishInstant, rateCell, RowCheck, secondsCell } from "../../server/import/social/cells";
import { contentWorkbook, fixture, utf16le, utf8 } from "../fixtures/social/build";

const ctx = { now: new Date("2026-11-26T05:00:00Z"), today: "2026-11-26" };
const parse = (bytes: Uint8Array) => parseSocialFile(bytes, ctx);
const iso = (ms: number | string) => (typeof ms === "number" ? new Date(ms).toISOString() : ms);

describe("cells", () => {
  it.each([
    ["09/01/2025 21:13", "month-first", "2025-09-01T14:13:00.000Z"],
    ["2025-09-01 21:13", "month-first", "2025-09-01T14:13:00.000Z"],
    ["2025-09-01T21:13:00+07:00", "day-first", "2025-09-01T14:13:00.000Z"],
    ["2025-09-01T14:13:00Z", "day-first", "2025-09-01T14:13:00.000Z"],
    ["01/09/2025 21:13", "day-first", "2025-09-01T14:13:00.000Z"],
    ["Sep 1, 2025 21:13", "day-first", "2025-09-01T14:13:00.000Z"],
    ["1 September 2025", "day-first", "2025-08-31T17:00:00.000Z"],
    ["1 ก.ย. 2568 21:13", "day-first", "2025-09-01T14:13:00.000Z"],
  ] as const)("publish time %s (%s) is %s", (text, order, want) => {
    expect(iso(publishInstant(text, order))).toBe(want);
  });

  it("refuses publish times that are no times", () => {
    expect(publishInstant("13/45/2025 11:00", "month-first")).toMatch(/is not a date and time that exists/);
    expect(publishInstant("yesterday", "day-first")).toMatch(/is not a date and time like 2025-09-01 21:13/);
    expect(publishInstant("", "day-first")).toBe("is empty");
  });

  it.each([
    ["2025-05-28", { day: "2025-05-28" }],
    ["28/05/2025", { day: "2025-05-28" }],
    ["28 May", { month: 5, dom: 28 }],
    ["May 28", { month: 5, dom: 28 }],
    ["28 พ.ค.", { month: 5, dom: 28 }],
    ["28 May 2025", { day: "2025-05-28" }],
  ] as const)("day %s", (text, want) => {
    expect(dayCell(text)).toEqual(want);
  });

  it.each([
    ["Photos", "photo"], ["Reels", "reel"], ["Videos", "video"], ["Links", "link"], ["Status", "text"], ["Albums", "carousel"],
    ["Live", "live"], ["รูปภาพ", "photo"], ["วิดีโอ", "video"], ["รีล", "reel"], ["Hologram", null],
  ] as const)("post type %s is %s", (text, want) => {
    expect(postTypeOf(text)).toBe(want);
  });

  it("reads seconds and completion rates, and names the column of a bad cell", () => {
    const check = new RowCheck();
    expect(secondsCell("12.5s", "Average watch time", check)).toBe(12.5);
    expect(secondsCell("1:05", "Average watch time", check)).toBe(65);
    expect(rateCell("27.5%", "Watched full video", check)).toBeCloseTo(0.275);
    expect(rateCell("0.31", "Watched full video", check)).toBeCloseTo(0.31);
    expect(rateCell("31", "Watched full video", check)).toBeCloseTo(0.31);
    expect(rateCell("", "Watched full video", check)).toBeNull();
    expect(check.ok).toBe(true);
    expect(rateCell("140%", "Watched full video", check)).toBeNull();
    expect(check.problems).toEqual(['Watched full video: "140%" is not a share from 0 to 100 %']);
  });
});

describe("layouts", () => {
  it("recognises each layout from its header, whatever the encoding", () => {
    expect(parse(fixture("meta-posts-en.csv"))).toMatchObject({ format: "meta-post", kind: "posts", encoding: "utf-8", errors: [] });
    expect(parse(fixture("meta-posts-th.csv"))).toMatchObject({ format: "meta-post", errors: [] });
    expect(parse(utf16le("meta-posts-th.csv"))).toMatchObject({ format: "meta-post", encoding: "utf-16le", errors: [] });
    expect(parse(fixture("tiktok-content.csv"))).toMatchObject({ format: "tiktok-content", errors: [] });
    expect(parse(contentWorkbook())).toMatchObject({ format: "tiktok-content", encoding: "xlsx", errors: [] });
    expect(parse(fixture("tiktok-overview.csv"))).toMatchObject({ format: "tiktok-overview", kind: "days", errors: [] });
    expect(parse(fixture("tiktok-followers.csv"))).toMatchObject({ format: "follower-history", kind: "days", errors: [] });
    expect(parse(fixture("documented.csv"))).toMatchObject({ format: "csv", errors: [] });
  });

  it("reads Thai headers to the same fields as English ones", () => {
    const post = parse(fixture("meta-posts-th.csv")).posts[1]!;
    expect(post).toMatchObject({ postId: "123456789012345_910000000000002", type: "video", reach: 16_100, impressions: 22_000, reactions: 640, comments: 75, shares: 33, videoViews: 9000, linkClicks: null });
    expect(iso(post.publishedAt)).toBe("2025-10-06T12:40:00.000Z");
  });

  it("infers the year of follower-history dates without one from today, and splits net changes", () => {
    const parsed = parse(utf8('"Date","Followers","Difference in followers from previous day"\n"30 December","100","5"\n"31 December","98","-2"\n"1 January","99","1"\n'));
    expect(parsed.days.map((d) => [d.day, d.followers, d.follows, d.unfollows, d.metrics.follower])).toEqual([
      ["2025-12-30", 100, 5, 0, 5], ["2025-12-31", 98, 0, 2, -2], ["2026-01-01", 99, 1, 0, 1],
    ]);
  });

  it("lists every bad row with its line: cells that do not fit the header, a post twice, a day after today", () => {
    const posts = parse(utf8("post_id,published_at,type,reach,impressions,reactions,comments,shares\na1,2025-01-01 10:00,photo,1,2,3,4,5\na1,2025-01-02 10:00,photo,1,2,3,4,5\na2,2025-01-02 10:00,photo,1,2,3,4,5,6\na3,2099-01-02 10:00,photo,,2,3,4,5\n"));
    expect(posts.errors).toEqual([
      { line: 3, reason: "post a1 is already on line 2" },
      { line: 4, reason: expect.stringMatching(/^has 9 cells but the header \(line 1\) has 8/) },
      { line: 5, reason: "published_at: is in the future; reach: is empty" },
    ]);
    const days = parse(utf8("Date,Video Views,Profile Views\n2026-11-25,1,2\n2026-11-27,1,2\n2026-11-25,3,4\n"));
    expect(days.errors).toEqual([
      { line: 3, reason: "Date: 2026-11-27 is after today (2026-11-26, Bangkok)" },
      { line: 4, reason: "Date: 2026-11-25 is already on line 2" },
    ]);
  });

  it("refuses a Meta export holding two pages, a layout without a needed column, and an unknown file", () => {
    const two = parse(utf8("Post ID,Page ID,Publish time,Reach\n1_2,1,09/01/2025 10:00,5\n3_4,3,09/01/2025 11:00,5\n"));
    expect(two.errors).toEqual([{ line: 3, reason: "Page ID: 3 is a second page (the file also holds 1): export one page at a time" }]);
    expect(() => parse(utf8("Post ID,Publish time,Views\n1_2,09/01/2025 10:00,5\n"))).toThrow(/looks like a Meta Business Suite post export but has no column Reach/);
    expect(() => parse(utf8("a,b\n1,2\n"))).toThrow(FileRefusedError);
    expect(() => parse(utf8("Post ID,Publish time,Reach\n"))).toThrow(/but no rows below it/);
  });
});
