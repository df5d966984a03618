import { createActor, fromPromise, waitFor } from "xstate";
import { describe, expect, it } from "vitest";
import { FIRST_CRM_QUERY, type CrmTableQuery } from "../../domain/crmSearch";
import { crmMachine, type CrmLoadOutput, type CrmScoreInput, type CrmTypes } from "../../machines/crm/crmMachine";
import { selectCrmPhase, selectCrmTable } from "../../machines/crm/crmSelectors";

function run(query: CrmTableQuery = FIRST_CRM_QUERY) {
  const asked = { customers: [] as unknown[], scored: [] as (string | null)[], pages: [] as CrmTableQuery[] };
  const machine = crmMachine.provide({
    actors: {
      loadCustomers: fromPromise<CrmLoadOutput<CrmTypes>, { scope: unknown }>(async ({ input }) => {
        asked.customers.push(input.scope);
        return { loaded: { customers: 3, scope: input.scope }, empty: false };
      }),
      score: fromPromise<unknown, CrmScoreInput<CrmTypes>>(async ({ input }) => {
        asked.scored.push(input.kpi);
        input.report(0.5);
        return { kpi: input.kpi };
      }),
      loadPage: fromPromise<unknown, { query: CrmTableQuery }>(async ({ input }) => {
        asked.pages.push(input.query);
        return { rows: input.query.page };
      }),
    },
  });
  const actor = createActor(machine, { input: { scope: "tipco", scopeKey: "tipco", kpi: null, query } }).start();
  return { actor, asked };
}

const shown = (a: ReturnType<typeof run>["actor"]) => waitFor(a, (s) => s.matches({ ready: { table: "shown" } }));

describe("crm machine", () => {
  it("loads, scores and lists the first page the URL asked for", async () => {
    const { actor, asked } = run({ ...FIRST_CRM_QUERY, segment: 2, page: 3 });
    await shown(actor);
    expect(selectCrmPhase(actor.getSnapshot())).toMatchObject({ kind: "ready", result: { kpi: null } });
    expect(asked.pages).toEqual([{ ...FIRST_CRM_QUERY, segment: 2, page: 3 }]);
  });

  it("scores again for another KPI template without asking for the customers again, and lists the table's query anew", async () => {
    const { actor, asked } = run({ ...FIRST_CRM_QUERY, search: "C1", segment: 2, page: 3 });
    await shown(actor);
    actor.send({ type: "crm.kpi", kpi: "September push" });
    await waitFor(actor, (s) => s.matches({ ready: { table: "shown" } }) && s.context.kpi === "September push" && s.context.page !== null);
    expect(asked.customers).toHaveLength(1);
    expect(asked.scored).toEqual([null, "September push"]);
    expect(selectCrmTable(actor.getSnapshot()).query).toEqual({ ...FIRST_CRM_QUERY, search: "C1", segment: 2, page: 3 });
    expect(asked.pages).toHaveLength(2);
  });

  it("ignores the same scope, and loads anew for another", async () => {
    const { actor, asked } = run();
    await shown(actor);
    actor.send({ type: "crm.scope", scope: "tipco", scopeKey: "tipco" });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    actor.send({ type: "crm.scope", scope: "aura", scopeKey: "aura" });
    expect(selectCrmPhase(actor.getSnapshot())).toEqual({ kind: "loading" });
    await shown(actor);
    expect(asked.customers).toEqual(["tipco", "aura"]);
  });
});
