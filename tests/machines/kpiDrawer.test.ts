import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { KpiTemplateRecord } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { kpiDrawerMachine, type KpiDrawerEmitted } from "../../machines/kpiDrawer/kpiDrawerMachine";
import {
  selectDeleteDialog, selectIsLoading, selectIsOpen, selectTemplates, selectUnavailable,
} from "../../machines/kpiDrawer/kpiDrawerSelectors";
import { deferred, refusal, flush } from "../support/async";

const record = (title: string): KpiTemplateRecord => ({ ...emptyKpiTemplate(title), updated_at: "2024-03-01T10:00:00" });

interface Fakes {
  load?: () => Promise<readonly KpiTemplateRecord[]>;
  remove?: (title: string) => Promise<void>;
}

/** The drawer with fake actors recording what it was asked, and what it emitted. */
function start(fakes: Fakes = {}) {
  const calls = { load: 0, remove: [] as string[] };
  const machine = kpiDrawerMachine.provide({
    actors: {
      loadKpiTemplates: fromPromise<readonly KpiTemplateRecord[], void>(() => {
        calls.load += 1;
        return fakes.load ? fakes.load() : Promise.resolve([record("Q3"), record("Q4")]);
      }),
      deleteKpiTemplate: fromPromise<void, { title: string }>(({ input }) => {
        calls.remove.push(input.title);
        return fakes.remove ? fakes.remove(input.title) : Promise.resolve();
      }),
    },
  });
  const actor = createActor(machine);
  const emitted: KpiDrawerEmitted[] = [];
  actor.on("*", (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted, snap: () => actor.getSnapshot() };
}

async function opened(fakes: Fakes = {}) {
  const run = start(fakes);
  run.actor.send({ type: "drawer.open" });
  await flush();
  return run;
}

const titles = (list: readonly KpiTemplateRecord[]) => list.map((t) => t.title);

describe("KPI drawer: list", () => {
  it("starts closed", () => {
    expect(selectIsOpen(start().snap())).toBe(false);
  });

  it("reads the templates when it opens, busy until they arrive", async () => {
    const answer = deferred<readonly KpiTemplateRecord[]>();
    const { actor, snap } = start({ load: () => answer.promise });
    actor.send({ type: "drawer.open" });
    expect(selectIsLoading(snap())).toBe(true);
    expect(snap().hasTag("busy")).toBe(true);
    answer.resolve([record("Q3")]);
    await flush();
    expect(selectIsLoading(snap())).toBe(false);
    expect(titles(selectTemplates(snap()))).toEqual(["Q3"]);
  });

  it("replaces the list each time it opens", async () => {
    const answers = [[record("Q3"), record("Q4")], [record("Q4")]];
    const { actor, snap, calls } = await opened({ load: () => Promise.resolve(answers.shift() ?? []) });
    actor.send({ type: "drawer.close" });
    actor.send({ type: "drawer.open" });
    await flush();
    expect(calls.load).toBe(2);
    expect(titles(selectTemplates(snap()))).toEqual(["Q4"]);
  });

  it("reads the list again when the app says it changed", async () => {
    const answers = [[record("Q3")], [record("Q3"), record("Q3 v2")]];
    const { actor, snap } = await opened({ load: () => Promise.resolve(answers.shift() ?? []) });
    actor.send({ type: "list.reload" });
    expect(selectIsLoading(snap())).toBe(true);
    await flush();
    expect(titles(selectTemplates(snap()))).toEqual(["Q3", "Q3 v2"]);
  });

  it("says why the list could not be read, and retries on request", async () => {
    let attempt = 0;
    const { actor, snap } = await opened({
      load: () => {
        attempt += 1;
        return attempt === 1 ? Promise.reject(refusal(401, "Your session has ended. Please sign in again.")) : Promise.resolve([record("Q3")]);
      },
    });
    expect(selectUnavailable(snap())).toBe("Your session has ended. Please sign in again.");
    actor.send({ type: "drawer.retry" });
    expect(selectUnavailable(snap())).toBeNull();
    await flush();
    expect(titles(selectTemplates(snap()))).toEqual(["Q3"]);
  });

  it("without a provided list actor, says 'loadKpiTemplates not provided'", async () => {
    const actor = createActor(kpiDrawerMachine).start();
    actor.send({ type: "drawer.open" });
    await flush();
    expect(selectUnavailable(actor.getSnapshot())).toBe("loadKpiTemplates not provided");
  });
});

describe("KPI drawer: delete", () => {
  it("asks 'Are you sure to delete this?' for a listed template only", async () => {
    const { actor, snap } = await opened();
    actor.send({ type: "delete.open", title: "nope" });
    expect(selectDeleteDialog(snap()).visible).toBe(false);
    actor.send({ type: "delete.open", title: "Q3" });
    expect(selectDeleteDialog(snap())).toEqual({ visible: true, title: "Q3", deleting: false, error: null });
  });

  it("cancel keeps the template", async () => {
    const { actor, snap, calls } = await opened();
    actor.send({ type: "delete.open", title: "Q3" });
    actor.send({ type: "delete.cancel" });
    expect(selectDeleteDialog(snap()).visible).toBe(false);
    expect(calls.remove).toEqual([]);
    expect(titles(selectTemplates(snap()))).toEqual(["Q3", "Q4"]);
  });

  it("confirm deletes it, removes it from the list and tells the app and the user", async () => {
    const { actor, snap, calls, emitted } = await opened();
    actor.send({ type: "delete.open", title: "Q3" });
    actor.send({ type: "delete.confirm" });
    expect(selectDeleteDialog(snap()).deleting).toBe(true);
    await flush();
    expect(calls.remove).toEqual(["Q3"]);
    expect(titles(selectTemplates(snap()))).toEqual(["Q4"]);
    expect(selectDeleteDialog(snap()).visible).toBe(false);
    expect(emitted).toEqual([
      { type: "kpi.deleted", title: "Q3" },
      { type: "toast.show", severity: "success", summary: "KPI template deleted", detail: "Q3" },
    ]);
  });

  it("a failed delete stays in the confirmation with the reason; confirming again retries", async () => {
    let attempt = 0;
    const { actor, snap, emitted } = await opened({
      remove: () => {
        attempt += 1;
        return attempt === 1 ? Promise.reject(refusal(0, "The server could not be reached.")) : Promise.resolve();
      },
    });
    actor.send({ type: "delete.open", title: "Q3" });
    actor.send({ type: "delete.confirm" });
    await flush();
    expect(selectDeleteDialog(snap())).toEqual({ visible: true, title: "Q3", deleting: false, error: "The server could not be reached." });
    expect(titles(selectTemplates(snap()))).toEqual(["Q3", "Q4"]);
    expect(emitted).toEqual([]);
    actor.send({ type: "delete.confirm" });
    await flush();
    expect(titles(selectTemplates(snap()))).toEqual(["Q4"]);
    expect(emitted).toContainEqual({ type: "kpi.deleted", title: "Q3" });
  });

  it("a failed delete can be cancelled", async () => {
    const { actor, snap } = await opened({ remove: () => Promise.reject(refusal(404, "no KPI template titled Q3")) });
    actor.send({ type: "delete.open", title: "Q3" });
    actor.send({ type: "delete.confirm" });
    await flush();
    actor.send({ type: "delete.cancel" });
    expect(selectDeleteDialog(snap())).toEqual({ visible: false, title: null, deleting: false, error: null });
  });

  it("a delete in flight finishes before the drawer closes or reloads, so the app hears of it", async () => {
    const answer = deferred<void>();
    const { actor, snap, emitted } = await opened({ remove: () => answer.promise });
    actor.send({ type: "delete.open", title: "Q3" });
    actor.send({ type: "delete.confirm" });
    expect(snap().can({ type: "drawer.close" })).toBe(false);
    actor.send({ type: "drawer.close" });
    actor.send({ type: "list.reload" });
    expect(selectDeleteDialog(snap()).deleting).toBe(true);
    answer.resolve();
    await flush();
    expect(emitted).toContainEqual({ type: "kpi.deleted", title: "Q3" });
    actor.send({ type: "drawer.close" });
    expect(selectIsOpen(snap())).toBe(false);
  });
});
