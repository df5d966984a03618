import { createActor, toPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { failureMessage, notProvided } from "../../machines/shared/actorHelpers";

describe("failureMessage: what a person reads when a call fails", () => {
  it.each([
    { behaviour: "is the error's own message", error: new Error("The server could not be reached."), expected: "The server could not be reached." },
    { behaviour: "is the fallback for an error without words", error: new Error("   "), expected: "Not saved." },
    { behaviour: "is the fallback for something thrown that is not an Error", error: "boom", expected: "Not saved." },
  ])("$behaviour", ({ error, expected }) => {
    expect(failureMessage(error, "Not saved.")).toBe(expected);
  });

  it("passes the error's message, never the fallback, through the given reading", () => {
    const upper = (m: string) => m.toUpperCase();
    expect([failureMessage(new Error("no"), "Not saved.", upper), failureMessage(null, "Not saved.", upper)]).toEqual(["NO", "Not saved."]);
  });
});

describe("notProvided", () => {
  it("fails with the name of the actor a feature forgot to provide", async () => {
    const actor = createActor(notProvided<number, void>("loadFigures")).start();
    await expect(toPromise(actor)).rejects.toThrow("loadFigures not provided");
  });
});
