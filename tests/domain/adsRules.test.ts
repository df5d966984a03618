// Automation rules of Ads & Automation (issue 15): what makes a rule invalid (the form's and the
// server's messages), and their evaluation over daily figures: windows at the range's edges,
// days without figures, changes against the window before, pacing against the plan, scopes.
import { describe, expect, it } from "vitest";
import { addDays } from "../../domain/calendarDays";
import { ZERO_AD_SUMS, satangOf, type AdSums } from "../../domain/ads";
import { firstDayRead, ruleProblems, rulesEvaluator, ruleText, type AdsRuleDraft, type CampaignDays } from "../../domain/adsRules";

const rule = (over: Partial<AdsRuleDraft>): AdsRuleDraft => ({
  name: "CPC watch", scope: { kind: "brand" }, metric: "cpc", condition: "above", threshold: 10, windowDays: 3, ...over,
});

describe("a rule as written", () => {
  it("has no problem when every field is right", () => {
    expect(ruleProblems(rule({}))).toEqual([]);
    expect(ruleProblems(rule({ scope: { kind: "campaigns", campaigns: ["c1"] }, metric: "pacing", threshold: 110, windowDays: 90 }))).toEqual([]);
  });

  it.each([
    ["an empty name", { name: "  " }, "name", "Please fill the rule name."],
    ["a name too long", { name: "x".repeat(81) }, "name", "The rule name may hold at most 80 characters."],
    ["an unknown metric", { metric: "likes" }, "metric", /^Choose a metric: Spend, Impressions, .*, Pacing against the plan\.$/],
    ["a negative threshold", { threshold: -1 }, "threshold", "The threshold must be a number of 0 or more."],
    ["a threshold that is not a number", { threshold: Number.NaN }, "threshold", "The threshold must be a number of 0 or more."],
    ["a drop over 100 %", { condition: "dropsBy", threshold: 120 }, "threshold", "A figure cannot drop by more than 100 %."],
    ["an empty scope", { scope: { kind: "campaigns", campaigns: [] } }, "scope.campaigns", "Choose at least one campaign."],
    ["no scope", { scope: undefined }, "scope", "Choose what the rule watches: every campaign, a channel, or chosen campaigns."],
    ["an unknown channel", { scope: { kind: "channel", channel: "line" } }, "scope.channel", "Choose a channel: Facebook or TikTok."],
    ["a window of 0 days", { windowDays: 0 }, "windowDays", "The window must be a whole number of days from 1 to 90."],
    ["a window of 91 days", { windowDays: 91 }, "windowDays", "The window must be a whole number of days from 1 to 90."],
    ["a window of 2.5 days", { windowDays: 2.5 }, "windowDays", "The window must be a whole number of days from 1 to 90."],
    ["pacing with a drop", { metric: "pacing", condition: "dropsBy" }, "condition", "Pacing is compared with the plan: choose above or below."],
    ["an unknown condition", { condition: "equals" }, "condition", "Choose a condition: above, below, drops by or rises by."],
  ])("names the field of %s", (_name, over, field, message) => {
    const problems = ruleProblems({ ...rule({}), ...(over as object) });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe(field);
    if (typeof message === "string") expect(problems[0]!.message).toBe(message);
    else expect(problems[0]!.message).toMatch(message);
  });

  it("lists every problem of a rule with several", () => {
    expect(ruleProblems({ name: "", metric: "x", threshold: -2, windowDays: 0 }).map((p) => p.field)).toEqual(["name", "scope", "metric", "condition", "threshold", "windowDays"]);
  });

  it.each([
    [rule({ metric: "costPerResult", threshold: 120 }), "Cost per result above ฿120 over the last 3 days"],
    [rule({ metric: "frequency", threshold: 3.5, windowDays: 7 }), "Frequency above 3.5 over the last 7 days"],
    [rule({ metric: "ctr", condition: "dropsBy", threshold: 30, windowDays: 7 }), "CTR dropped 30 % over the last 7 days against the 7 days before"],
    [rule({ metric: "ctr", condition: "below", threshold: 0.012, windowDays: 1 }), "CTR below 1.2 % over the last day"],
    [rule({ metric: "pacing", threshold: 110, windowDays: 7 }), "Pacing against the plan above 110 % over the last 7 days"],
  ])("reads %j as “%s”", (r, text) => {
    expect(ruleText(r)).toBe(text);
  });
});

/** A campaign's figures: day → sums, from a list of [day, sums]. */
const campaign = (campaignId: string, days: Array<[string, Partial<AdSums>]>, channel: "facebook" | "tiktok" = "facebook"): CampaignDays => ({
  campaignId, channel, days: new Map(days.map(([d, s]) => [d, { ...ZERO_AD_SUMS, ...s }])),
});
/** `n` days from `start`, each with `sums(i)`. */
const run = (start: string, n: number, sums: (i: number) => Partial<AdSums>): Array<[string, Partial<AdSums>]> =>
  Array.from({ length: n }, (_, i) => [addDays(start, i), sums(i)]);

describe("evaluating rules", () => {
  it("raises one alert per day the condition holds, its window ratio of sums, and none where it does not", () => {
    // CPC: ฿8 a click for five days, then ฿20 a click from March 6.
    const c = campaign("c1", run("2024-03-01", 10, (i) => ({ spendSatang: satangOf(i < 5 ? 80 : 200), clicks: 10, impressions: 1000 })));
    const alerts = rulesEvaluator({ start: "2024-03-01", end: "2024-03-10", campaigns: [c] })(rule({ threshold: 10, windowDays: 3 }));
    // Window of Mar 6: (80+80+200)/30 = 12 > 10. Mar 5: 8 (no). Mar 7: (80+200+200)/30 = 16.
    expect(alerts.map((a) => a.day)).toEqual(["2024-03-06", "2024-03-07", "2024-03-08", "2024-03-09", "2024-03-10"]);
    expect(alerts[0]).toEqual({ campaignId: "c1", day: "2024-03-06", value: 12, threshold: 10 });
    expect(alerts[1]!.value).toBe(16);
  });

  it("reads the figures before the range for a window at its first day", () => {
    const c = campaign("c1", [["2024-02-28", { spendSatang: satangOf(300), clicks: 10 }], ["2024-03-01", { spendSatang: satangOf(10), clicks: 10 }]]);
    const evaluate = rulesEvaluator({ start: "2024-03-01", end: "2024-03-01", campaigns: [c] });
    // Mar 1's 3-day window is Feb 28 – Mar 1 (2024 is a leap year: Feb 29 between, without figures): 310 / 20 = 15.5.
    expect(evaluate(rule({ windowDays: 3 }))).toEqual([{ campaignId: "c1", day: "2024-03-01", value: 15.5, threshold: 10 }]);
    // A 1-day window sees Mar 1 alone: ฿1 a click.
    expect(evaluate(rule({ windowDays: 1 }))).toEqual([]);
    expect(firstDayRead("2024-03-01")).toBe(addDays("2024-03-01", -179));
  });

  it("counts days without figures as nothing, and raises nothing for a window without any", () => {
    const c = campaign("c1", [["2024-03-01", { spendSatang: satangOf(500), impressions: 100_000, reach: 20_000 }], ["2024-03-10", { impressions: 1000, reach: 100 }]]);
    const alerts = rulesEvaluator({ start: "2024-03-01", end: "2024-03-12", campaigns: [c] })(rule({ metric: "frequency", threshold: 3.5, windowDays: 2 }));
    // Mar 1-2: 100,000 / 20,000 = 5 (alert on Mar 1 and Mar 2); Mar 3-9: no figures in the window, no alert; Mar 10-11: 10.
    expect(alerts.map((a) => [a.day, a.value])).toEqual([["2024-03-01", 5], ["2024-03-02", 5], ["2024-03-10", 10], ["2024-03-11", 10]]);
  });

  it("compares a window with the one before it for a drop, and skips a change against nothing", () => {
    // CTR 2 % for 14 days, then 1.2 % (a 40 % drop) for 7 days: a fatigued campaign.
    const c = campaign("c1", run("2024-03-01", 21, (i) => ({ impressions: 10_000, clicks: i < 14 ? 200 : 120 })));
    const alerts = rulesEvaluator({ start: "2024-03-01", end: "2024-03-21", campaigns: [c] })(rule({ metric: "ctr", condition: "dropsBy", threshold: 30, windowDays: 7 }));
    // The first week has no week before it: nothing. The 7-day window must be ≥ 30 % under the previous one:
    // Mar 21: 1.2 % vs 2 % = −40 %; Mar 19: (2·2 + 5·1.2)/7 vs 2 → −28.6 % (no); Mar 20: (1·2 + 6·1.2)/7 → −34.3 %.
    expect(alerts.map((a) => a.day)).toEqual(["2024-03-20", "2024-03-21"]);
    expect(alerts[1]!.value).toBeCloseTo(-40, 10);
    const rises = rulesEvaluator({ start: "2024-03-01", end: "2024-03-21", campaigns: [c] })(rule({ metric: "ctr", condition: "risesBy", threshold: 1, windowDays: 7 }));
    expect(rises).toEqual([]);
  });

  it("raises pacing alerts on the scope's spend against the plan, where a plan covers the days", () => {
    const a = campaign("a", run("2024-03-01", 10, () => ({ spendSatang: satangOf(600) })));
    const b = campaign("b", run("2024-03-01", 10, () => ({ spendSatang: satangOf(600) })), "tiktok");
    // The plan: ฿1,000 a day from March 5 on; nothing planned before.
    const plannedSatang = (day: string) => (day >= "2024-03-05" ? satangOf(1000) : null);
    const evaluate = rulesEvaluator({ start: "2024-03-01", end: "2024-03-10", campaigns: [a, b], plannedSatang });
    const alerts = evaluate(rule({ metric: "pacing", threshold: 110, windowDays: 2 }));
    // Mar 5's window (Mar 4-5) holds one planned day: 2,400 ÷ 1,000 = 240 %. From Mar 6: 2,400 ÷ 2,000 = 120 %.
    expect(alerts.map((x) => [x.campaignId, x.day, x.value])).toEqual([
      [null, "2024-03-05", 240], [null, "2024-03-06", 120], [null, "2024-03-07", 120], [null, "2024-03-08", 120], [null, "2024-03-09", 120], [null, "2024-03-10", 120],
    ]);
    // Facebook alone spends 60 % of the plan.
    expect(evaluate(rule({ metric: "pacing", threshold: 110, windowDays: 2, scope: { kind: "channel", channel: "facebook" } })).length).toBe(1);
    expect(evaluate(rule({ metric: "pacing", condition: "below", threshold: 70, windowDays: 2, scope: { kind: "channel", channel: "facebook" } })).map((x) => x.value)).toEqual([60, 60, 60, 60, 60]);
  });

  it("watches only the campaigns of its scope", () => {
    const costly = (id: string, channel: "facebook" | "tiktok") => campaign(id, [["2024-03-01", { spendSatang: satangOf(100), clicks: 1 }]], channel);
    const evaluate = rulesEvaluator({ start: "2024-03-01", end: "2024-03-01", campaigns: [costly("f1", "facebook"), costly("t1", "tiktok"), costly("t2", "tiktok")] });
    expect(evaluate(rule({ windowDays: 1 })).map((a) => a.campaignId)).toEqual(["f1", "t1", "t2"]);
    expect(evaluate(rule({ windowDays: 1, scope: { kind: "channel", channel: "tiktok" } })).map((a) => a.campaignId)).toEqual(["t1", "t2"]);
    expect(evaluate(rule({ windowDays: 1, scope: { kind: "campaigns", campaigns: ["t2", "gone"] } })).map((a) => a.campaignId)).toEqual(["t2"]);
  });

  it("raises no ROAS alert where no purchase value is known", () => {
    const c = campaign("c1", run("2024-03-01", 3, () => ({ spendSatang: satangOf(100) })));
    expect(rulesEvaluator({ start: "2024-03-01", end: "2024-03-03", campaigns: [c] })(rule({ metric: "roas", condition: "below", threshold: 2, windowDays: 1 }))).toEqual([]);
  });
});
