import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { kpiSelectionMachine, type KpiSelectionEmitted } from "../../machines/kpiSelection/kpiSelectionMachine";
import { kpiSearch, toggledTitle } from "../../machines/kpiSelection/selectedKpi";
import { selectSelectedTitle } from "../../machines/kpiSelection/kpiSelectionSelectors";

function start(title?: string | null) {
  const actor = createActor(kpiSelectionMachine, { input: title === undefined ? {} : { title } });
  const changes: Array<string | null> = [];
  actor.on("selection.changed", (e: KpiSelectionEmitted) => changes.push(e.title));
  actor.start();
  return { actor, changes, snap: () => actor.getSnapshot() };
}

describe("KPI template selection", () => {
  it("starts with none selected", () => {
    const { snap } = start();
    expect(snap().value).toBe("none");
    expect(selectSelectedTitle(snap())).toBeNull();
  });

  it("starts with the template the URL names; an empty title is none", () => {
    expect(start("Q3").snap().value).toBe("selected");
    expect(start("").snap().value).toBe("none");
    expect(start(null).snap().value).toBe("none");
  });

  it("selecting a template selects it and tells the app", () => {
    const { actor, snap, changes } = start();
    actor.send({ type: "kpi.toggle", title: "Q3" });
    expect(selectSelectedTitle(snap())).toBe("Q3");
    expect(changes).toEqual(["Q3"]);
  });

  it("selecting the selected template again deselects it (spec §4)", () => {
    const { actor, snap, changes } = start("Q3");
    actor.send({ type: "kpi.toggle", title: "Q3" });
    expect(snap().value).toBe("none");
    expect(changes).toEqual([null]);
  });

  it("selecting another template replaces the selected one: at most one", () => {
    const { actor, snap, changes } = start("Q3");
    actor.send({ type: "kpi.toggle", title: "Q4" });
    expect(selectSelectedTitle(snap())).toBe("Q4");
    expect(changes).toEqual(["Q4"]);
  });

  it("deleting the selected template deselects it; deleting another changes nothing", () => {
    const { actor, snap, changes } = start("Q3");
    actor.send({ type: "kpi.removed", title: "Q4" });
    expect(selectSelectedTitle(snap())).toBe("Q3");
    expect(changes).toEqual([]);
    actor.send({ type: "kpi.removed", title: "Q3" });
    expect(snap().value).toBe("none");
    expect(changes).toEqual([null]);
  });

  it("a rename of the selected template keeps it selected under the new title", () => {
    const { actor, snap, changes } = start("Q3");
    actor.send({ type: "kpi.renamed", from: "Q3", to: "Q3 v2" });
    expect(selectSelectedTitle(snap())).toBe("Q3 v2");
    expect(changes).toEqual(["Q3 v2"]);
  });

  it("a rename of another template, or to the same title, changes nothing", () => {
    const { actor, snap, changes } = start("Q3");
    actor.send({ type: "kpi.renamed", from: "Q4", to: "Q4 v2" });
    actor.send({ type: "kpi.renamed", from: "Q3", to: "Q3" });
    expect(selectSelectedTitle(snap())).toBe("Q3");
    expect(changes).toEqual([]);
    const none = start();
    none.actor.send({ type: "kpi.renamed", from: "Q3", to: "Q3 v2" });
    expect(selectSelectedTitle(none.snap())).toBeNull();
  });

  it("follows the URL without announcing a change back", () => {
    const { actor, snap, changes } = start();
    actor.send({ type: "selection.synced", title: "Q3" });
    expect(snap().value).toBe("selected");
    actor.send({ type: "selection.synced", title: "Q4" });
    expect(selectSelectedTitle(snap())).toBe("Q4");
    actor.send({ type: "selection.synced", title: null });
    expect(snap().value).toBe("none");
    expect(changes).toEqual([]);
  });
});

describe("KPI selection rules", () => {
  it.each([
    ["none → selected", null, "Q3", "Q3"],
    ["same → none", "Q3", "Q3", null],
    ["other → replaced", "Q3", "Q4", "Q4"],
  ])("toggle %s", (_name, current, title, expected) => {
    expect(toggledTitle(current, title)).toBe(expected);
  });

  it.each([
    [null, { kpi: undefined }],
    ["Q3", { kpi: "Q3" }],
  ])("URL param of %j", (title, expected) => {
    expect(kpiSearch(title)).toEqual(expected);
  });
});
