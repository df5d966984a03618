import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import type { AdHocFilter } from "../../domain/viewSearch";
import { activeSearch, toggledFilter, type ActiveFilter } from "../../machines/templateActivation/activeFilter";
import { templateActivationMachine, type TemplateActivationEmitted } from "../../machines/templateActivation/templateActivationMachine";
import { selectActiveTemplateTitle } from "../../machines/templateActivation/templateActivationSelectors";

const filter: AdHocFilter = { min: 100, max: null, platform: "Shopee", location: "Central" };

function start(active?: ActiveFilter) {
  const actor = createActor(templateActivationMachine, { input: active === undefined ? {} : { active } });
  const changes: ActiveFilter[] = [];
  actor.on("activation.changed", (e: TemplateActivationEmitted) => changes.push(e.active));
  actor.start();
  return { actor, changes };
}

describe("template activation", () => {
  it("starts with no filter active", () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe("none");
  });

  it("starts in the state of the filter it is given", () => {
    expect(start({ kind: "template", title: "Q1" }).actor.getSnapshot().value).toBe("named");
    expect(start({ kind: "adhoc", filter }).actor.getSnapshot().value).toBe("adHoc");
  });

  it("switching a template on makes it the one active filter", () => {
    const { actor, changes } = start();
    actor.send({ type: "template.toggle", title: "Q1" });
    expect(actor.getSnapshot().value).toBe("named");
    expect(selectActiveTemplateTitle(actor.getSnapshot())).toBe("Q1");
    expect(changes).toEqual([{ kind: "template", title: "Q1" }]);
  });

  it("switching the active template off clears it", () => {
    const { actor, changes } = start({ kind: "template", title: "Q1" });
    actor.send({ type: "template.toggle", title: "Q1" });
    expect(actor.getSnapshot().value).toBe("none");
    expect(changes).toEqual([{ kind: "none" }]);
  });

  it("switching another template on replaces the active one: at most one is active", () => {
    const { actor, changes } = start({ kind: "template", title: "Q1" });
    actor.send({ type: "template.toggle", title: "Q2" });
    expect(selectActiveTemplateTitle(actor.getSnapshot())).toBe("Q2");
    expect(changes).toEqual([{ kind: "template", title: "Q2" }]);
  });

  it("Search replaces an active template with the ad-hoc filter", () => {
    const { actor, changes } = start({ kind: "template", title: "Q1" });
    actor.send({ type: "adhoc.apply", filter });
    expect(actor.getSnapshot().value).toBe("adHoc");
    expect(selectActiveTemplateTitle(actor.getSnapshot())).toBeNull();
    expect(changes).toEqual([{ kind: "adhoc", filter }]);
  });

  it("switching a template on replaces the ad-hoc filter", () => {
    const { actor } = start({ kind: "adhoc", filter });
    actor.send({ type: "template.toggle", title: "Q1" });
    expect(actor.getSnapshot().context.active).toEqual({ kind: "template", title: "Q1" });
  });

  it("deleting the active template clears it; deleting another one changes nothing", () => {
    const { actor, changes } = start({ kind: "template", title: "Q1" });
    actor.send({ type: "template.removed", title: "Q2" });
    expect(selectActiveTemplateTitle(actor.getSnapshot())).toBe("Q1");
    expect(changes).toEqual([]);
    actor.send({ type: "template.removed", title: "Q1" });
    expect(actor.getSnapshot().value).toBe("none");
    expect(changes).toEqual([{ kind: "none" }]);
  });

  it("clear removes a template or an ad-hoc filter", () => {
    const named = start({ kind: "template", title: "Q1" });
    named.actor.send({ type: "activation.clear" });
    expect(named.actor.getSnapshot().value).toBe("none");
    const adhoc = start({ kind: "adhoc", filter });
    adhoc.actor.send({ type: "activation.clear" });
    expect(adhoc.actor.getSnapshot().value).toBe("none");
  });

  it("follows the URL without announcing a change back", () => {
    const { actor, changes } = start();
    actor.send({ type: "activation.synced", active: { kind: "template", title: "Q1" } });
    expect(actor.getSnapshot().value).toBe("named");
    actor.send({ type: "activation.synced", active: { kind: "adhoc", filter } });
    expect(actor.getSnapshot().value).toBe("adHoc");
    actor.send({ type: "activation.synced", active: { kind: "none" } });
    expect(actor.getSnapshot().value).toBe("none");
    expect(changes).toEqual([]);
  });
});

describe("active filter rules", () => {
  it.each([
    ["none → on", { kind: "none" } as ActiveFilter, "Q1", { kind: "template", title: "Q1" }],
    ["same → off", { kind: "template", title: "Q1" } as ActiveFilter, "Q1", { kind: "none" }],
    ["other → replaced", { kind: "template", title: "Q1" } as ActiveFilter, "Q2", { kind: "template", title: "Q2" }],
    ["ad hoc → template", { kind: "adhoc", filter } as ActiveFilter, "Q1", { kind: "template", title: "Q1" }],
  ])("toggle %s", (_name, active, title, expected) => {
    expect(toggledFilter(active, title)).toEqual(expected);
  });

  it.each([
    [{ kind: "none" } as ActiveFilter, { tpl: undefined, adhoc: undefined }],
    [{ kind: "template", title: "Q1" } as ActiveFilter, { tpl: "Q1", adhoc: undefined }],
    [{ kind: "adhoc", filter } as ActiveFilter, { tpl: undefined, adhoc: filter }],
  ])("URL params of %j", (active, expected) => {
    expect(activeSearch(active)).toEqual(expected);
  });
});
