// The Import posts dialog's target (machines/ma/importTargetMachine) on a real actor: what the
// dialog may send, for an account with one page, with several, and when its pages fail to load.
import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { Page } from "../../domain/entities";
import { importTargetMachine } from "../../machines/ma/importTargetMachine";
import { selectImportTarget } from "../../machines/ma/maSelectors";

const one: Page[] = [{ id: "p1", name: "Aura Move Official" }];
const two: Page[] = [...one, { id: "p2", name: "Aura Move Runners" }];

function start(pagesOf: (account: string) => Promise<readonly Page[]>, account: string | null = null) {
  const asked: string[] = [];
  const actor = createActor(
    importTargetMachine.provide({
      actors: { loadPages: fromPromise<readonly Page[], { account: string }>(({ input }) => (asked.push(input.account), pagesOf(input.account))) },
    }),
  ).start();
  if (account !== null) actor.send({ type: "target.account", account });
  const settled = () => new Promise<void>((resolve) => {
    const check = () => (actor.getSnapshot().matches("loadingPages") ? setTimeout(check, 0) : resolve());
    check();
  });
  return { actor, asked, settled, view: () => selectImportTarget(actor.getSnapshot()) };
}

describe("the import target", () => {
  it("reads the pages of the account chosen and sends to it without asking for a page", async () => {
    const t = start(async () => one, "bag-1");
    expect(t.view()).toMatchObject({ loading: true, target: null });
    await t.settled();
    expect(t.asked).toEqual(["bag-1"]);
    expect(t.view()).toMatchObject({ account: "bag-1", pages: one, page: "p1", target: { account: "bag-1", page: null } });
  });

  it("asks for one of several pages, ignores a page not on the list, and forgets it for another account", async () => {
    const t = start(async (account) => (account === "bag-1" ? two : one));
    expect(t.view()).toMatchObject({ account: null, target: null, loading: false });
    t.actor.send({ type: "target.account", account: "bag-1" });
    await t.settled();
    expect(t.view()).toMatchObject({ pages: two, page: null, target: null });
    t.actor.send({ type: "target.page", page: "elsewhere" });
    expect(t.view().target).toBeNull();
    t.actor.send({ type: "target.page", page: "p2" });
    expect(t.view().target).toEqual({ account: "bag-1", page: "p2" });
    t.actor.send({ type: "target.account", account: "bag-2" });
    expect(t.view()).toMatchObject({ account: "bag-2", pages: null, page: null, target: null, loading: true });
    await t.settled();
    expect(t.view().target).toEqual({ account: "bag-2", page: null });
  });

  it("shows why the pages could not be read, sends nothing, and reads again on Try again", async () => {
    let fail = true;
    const t = start(async () => {
      if (fail) throw new Error("The server could not be reached.");
      return two;
    }, "bag-1");
    await t.settled();
    expect(t.view()).toMatchObject({ error: "The server could not be reached.", pages: null, target: null });
    fail = false;
    t.actor.send({ type: "target.retry" });
    await t.settled();
    expect(t.view()).toMatchObject({ error: null, pages: two });
  });
});
