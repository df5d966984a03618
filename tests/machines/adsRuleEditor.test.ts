// The /ads rule editor (machines/ads/adsRuleEditorMachine) on a real actor: what is sent, what the
// dialog shows under each field, a server refusal naming a field, a failed save, and Delete.
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { AdsRule, UpsertAdsRuleRequest } from "../../domain/adsContract";
import { adsRuleEditorMachine, type UpsertAdsRuleResponse } from "../../machines/ads/adsRuleEditorMachine";
import { selectRuleDelete, selectRuleEditor } from "../../machines/ads/adsRuleEditorSelectors";
import { draftOf, EMPTY_RULE_FORM, fieldRefusal, formOf, parseNumber } from "../../machines/ads/adsRuleForm";

const stored = (over: Partial<AdsRule>): AdsRule => ({
  id: 4, name: "CTR too low", scope: { kind: "brand" }, metric: "ctr", condition: "below", threshold: 0.012, windowDays: 7,
  text: "CTR below 1.2 % over the last 7 days", createdBy: "demo@example.com", updatedAt: "2024-06-01T10:00:00.000Z", ...over,
});
const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

function start(save: (input: UpsertAdsRuleRequest) => Promise<UpsertAdsRuleResponse>, remove: (input: { brand: string; id: number }) => Promise<unknown> = async () => ({})) {
  const sent: UpsertAdsRuleRequest[] = [];
  const removed: { brand: string; id: number }[] = [];
  const saved: number[] = [];
  const deleted: string[] = [];
  const actor = createActor(
    adsRuleEditorMachine.provide({
      actors: {
        saveRule: fromPromise<UpsertAdsRuleResponse, UpsertAdsRuleRequest>(({ input }) => (sent.push(input), save(input))),
        deleteRule: fromPromise<unknown, { brand: string; id: number }>(({ input }) => (removed.push(input), remove(input))),
      },
      actions: {
        notifySaved: (_, { response }) => void saved.push(response.alerts),
        notifyDeleted: (_, { name }) => void deleted.push(name),
      },
    }),
  ).start();
  const idle = () => waitFor(actor, (s) => !s.hasTag("busy"));
  return { actor, sent, removed, saved, deleted, idle, view: () => selectRuleEditor(actor.getSnapshot()), deletion: () => selectRuleDelete(actor.getSnapshot()) };
}

const answer = (rule: AdsRule, alerts: number): UpsertAdsRuleResponse => ({ msg: "Upsert Success", data: rule, alerts });

describe("the rule editor", () => {
  it("keeps a draft with problems in editing and shows each under its field only after Save", () => {
    const t = start(async () => answer(stored({}), 0));
    t.actor.send({ type: "rule.new", brand: "Tipco" });
    expect(t.view()).toMatchObject({ open: true, mode: "new", brand: "Tipco", problems: {} });
    t.actor.send({ type: "draft.set", patch: { windowDays: "0" } });
    t.actor.send({ type: "rule.save" });
    expect(t.actor.getSnapshot().value).toBe("editing");
    expect(t.sent).toEqual([]);
    expect(t.view().problems).toEqual({
      name: "Please fill the rule name.",
      threshold: "The threshold must be a number of 0 or more.",
      windowDays: "The window must be a whole number of days from 1 to 90.",
    });
    // Live once shown: a corrected field loses its message.
    t.actor.send({ type: "draft.set", patch: { windowDays: "7", name: "Fatigue" } });
    expect(Object.keys(t.view().problems)).toEqual(["threshold"]);
  });

  it("names the scope's problem: a channel not chosen, no campaign chosen; pacing with a drop", () => {
    const t = start(async () => answer(stored({}), 0));
    t.actor.send({ type: "rule.new", brand: "Tipco" });
    t.actor.send({ type: "draft.set", patch: { name: "x", threshold: "3", scopeKind: "channel" } });
    t.actor.send({ type: "rule.save" });
    expect(t.view().problems).toEqual({ "scope.channel": "Choose a channel: Facebook or TikTok." });
    t.actor.send({ type: "draft.set", patch: { scopeKind: "campaigns", metric: "pacing", condition: "dropsBy" } });
    expect(t.view().problems).toEqual({ "scope.campaigns": "Choose at least one campaign.", condition: "Pacing is compared with the plan: choose above or below." });
    expect(t.view().preview).toBeNull();
  });

  it("sends a CTR typed in percent as a fraction, says the rule in words, and closes with the alerts it raised", async () => {
    const t = start(async (input) => answer(stored({ ...input.rule, id: 9 }), 12));
    t.actor.send({ type: "rule.new", brand: "Tipco" });
    t.actor.send({ type: "draft.set", patch: { name: "  CTR too low ", metric: "ctr", condition: "below", threshold: "1.2", windowDays: "7" } });
    expect(t.view().preview).toBe("CTR below 1.2 % over the last 7 days");
    t.actor.send({ type: "rule.save" });
    expect(t.view().saving).toBe(true);
    await t.idle();
    expect(t.sent).toEqual([{ brand: "Tipco", rule: { name: "CTR too low", scope: { kind: "brand" }, metric: "ctr", condition: "below", threshold: 0.012, windowDays: 7 } }]);
    expect(t.actor.getSnapshot().value).toBe("saved");
    expect(t.saved).toEqual([12]);
    expect(t.view().open).toBe(false);
    // And opens again from there.
    t.actor.send({ type: "rule.new", brand: "Tipco" });
    expect(t.view()).toMatchObject({ open: true, form: EMPTY_RULE_FORM });
  });

  it("edits a stored rule: its CTR fraction shown in percent, sent back with its id", async () => {
    const t = start(async (input) => answer(stored({ ...input.rule }), 3));
    t.actor.send({ type: "rule.edit", brand: "Tipco", rule: stored({ scope: { kind: "campaigns", campaigns: ["c1", "c2"] } }) });
    expect(t.view()).toMatchObject({ mode: "edit", form: { threshold: "1.2", windowDays: "7", scopeKind: "campaigns", campaigns: ["c1", "c2"] } });
    t.actor.send({ type: "draft.set", patch: { threshold: "0.9" } });
    t.actor.send({ type: "rule.save" });
    await t.idle();
    expect(t.sent[0]).toMatchObject({ brand: "Tipco", id: 4, rule: { threshold: 0.009, scope: { kind: "campaigns", campaigns: ["c1", "c2"] } } });
  });

  it("shows a field the server refuses under that field, until it changes", async () => {
    const t = start(async () => {
      throw httpError(400, "windowDays: The window must be a whole number of days from 1 to 90.");
    });
    t.actor.send({ type: "rule.new", brand: "Tipco" });
    t.actor.send({ type: "draft.set", patch: { name: "Fatigue", threshold: "3", windowDays: "7" } });
    t.actor.send({ type: "rule.save" });
    await t.idle();
    expect(t.actor.getSnapshot().value).toBe("editing");
    expect(t.view()).toMatchObject({ open: true, error: null, problems: { windowDays: "The window must be a whole number of days from 1 to 90." } });
    t.actor.send({ type: "draft.set", patch: { windowDays: "14" } });
    expect(t.view().problems).toEqual({});
  });

  it("says why a save failed, keeps the draft, and sends again; an edit clears the reason", async () => {
    let fail = true;
    const t = start(async (input) => {
      if (fail) throw httpError(500, "The server could not save the rule.");
      return answer(stored({ ...input.rule }), 0);
    });
    t.actor.send({ type: "rule.new", brand: "Tipco" });
    t.actor.send({ type: "draft.set", patch: { name: "Fatigue", threshold: "3" } });
    t.actor.send({ type: "rule.save" });
    await t.idle();
    expect(t.view()).toMatchObject({ open: true, error: "The server could not save the rule.", form: { name: "Fatigue" } });
    t.actor.send({ type: "draft.set", patch: { threshold: "3.5" } });
    expect(t.view()).toMatchObject({ open: true, error: null });
    expect(t.actor.getSnapshot().value).toBe("editing");
    fail = false;
    t.actor.send({ type: "rule.save" });
    await t.idle();
    expect(t.actor.getSnapshot().value).toBe("saved");
    expect(t.sent.map((s) => s.rule.threshold)).toEqual([3, 3.5]);
  });

  it("cancels without sending", () => {
    const t = start(async () => answer(stored({}), 0));
    t.actor.send({ type: "rule.edit", brand: "Tipco", rule: stored({}) });
    t.actor.send({ type: "rule.cancel" });
    expect(t.actor.getSnapshot().value).toBe("closed");
    expect(t.sent).toEqual([]);
  });

  it("deletes after the confirmation, says why it failed, and tries again", async () => {
    let fail = true;
    const t = start(async () => answer(stored({}), 0), async () => {
      if (fail) throw new Error("The server could not be reached.");
      return { msg: "Delete Success" };
    });
    t.actor.send({ type: "rule.delete", brand: "Aura Move", rule: stored({ id: 11, name: "Old rule" }) });
    expect(t.deletion()).toEqual({ open: true, name: "Old rule", deleting: false, error: null });
    expect(t.view().open).toBe(false);
    t.actor.send({ type: "rule.confirmDelete" });
    expect(t.deletion().deleting).toBe(true);
    await t.idle();
    expect(t.deletion()).toEqual({ open: true, name: "Old rule", deleting: false, error: "The server could not be reached." });
    fail = false;
    t.actor.send({ type: "rule.confirmDelete" });
    await t.idle();
    expect(t.removed).toEqual([{ brand: "Aura Move", id: 11 }, { brand: "Aura Move", id: 11 }]);
    expect(t.deleted).toEqual(["Old rule"]);
    expect(t.actor.getSnapshot().value).toBe("closed");
    expect(t.deletion().open).toBe(false);
  });

  it("cancels a delete", () => {
    const t = start(async () => answer(stored({}), 0));
    t.actor.send({ type: "rule.delete", brand: "Tipco", rule: stored({}) });
    t.actor.send({ type: "rule.cancel" });
    expect(t.actor.getSnapshot().value).toBe("closed");
    expect(t.removed).toEqual([]);
  });
});

describe("the rule form", () => {
  it.each([
    ["1.2", 1.2], ["1,200", 1200], ["฿120", 120], ["30 %", 30], [" 0 ", 0], ["", Number.NaN], ["abc", Number.NaN], ["1.2.3", Number.NaN], ["-3", -3],
  ])("reads %j as %d", (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });

  it("stores only CTR above/below as a fraction; drops, rises, pacing and money as typed", () => {
    const form = { ...EMPTY_RULE_FORM, name: "x", threshold: "20", windowDays: "7" };
    expect(draftOf({ ...form, metric: "ctr", condition: "above" }).threshold).toBe(0.2);
    expect(draftOf({ ...form, metric: "ctr", condition: "dropsBy" }).threshold).toBe(20);
    expect(draftOf({ ...form, metric: "pacing", condition: "above" }).threshold).toBe(20);
    expect(draftOf({ ...form, metric: "costPerResult", condition: "above" }).threshold).toBe(20);
    expect(draftOf({ ...form, windowDays: "7.5" }).windowDays).toBeNaN();
    expect(formOf(stored({ threshold: 0.035 })).threshold).toBe("3.5");
    expect(formOf(stored({ metric: "ctr", condition: "dropsBy", threshold: 25 })).threshold).toBe("25");
  });

  it.each([
    [httpError(400, "windowDays: The window must be a whole number of days from 1 to 90."), { field: "windowDays", message: "The window must be a whole number of days from 1 to 90." }],
    [httpError(400, "rule.threshold: must be a finite number"), { field: "threshold", message: "Must be a finite number" }],
    [httpError(400, "rule.scope.campaigns[2]: must be at most 64 characters"), { field: "scope.campaigns", message: "Must be at most 64 characters" }],
    [httpError(400, "scope.channel: Choose a channel: Facebook or TikTok."), { field: "scope.channel", message: "Choose a channel: Facebook or TikTok." }],
    [httpError(400, "brand: no brand named \"X\""), null],
    [httpError(409, "name: taken"), null],
    [new Error("windowDays: too long"), null],
    ["windowDays: x", null],
  ])("reads the field of a refusal %#", (error, problem) => {
    expect(fieldRefusal(error)).toEqual(problem);
  });
});
