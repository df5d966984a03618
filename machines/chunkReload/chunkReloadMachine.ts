/**
 * The chunk-reload guard: a lazily loaded part of the app failed to load (usually a new
 * deployment replaced its file). Reload the page to pick up the new files, but at most once per
 * 60 s; a second failure inside that window goes to the error page instead of a reload loop.
 * The time of the last reload lives outside the page (sessionStorage), read and written by actors.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { mayReload } from "./chunkReloadRules";
import { notProvided } from "../shared/actorHelpers";

export interface ChunkReloadContext {
  /** Epoch ms of the last reload this guard made, as read from storage; null = none. */
  lastReloadAt: number | null;
}

export type ChunkReloadEvent = { type: "chunk.failed" };

export type ChunkReloadTag = "deciding" | "reloading" | "failed";

export const chunkReloadMachine = setup({
  types: {
    context: {} as ChunkReloadContext,
    events: {} as ChunkReloadEvent,
    tags: {} as ChunkReloadTag,
  },
  actors: {
    /** The time of the last reload (epoch ms), or null. */
    readLastReload: notProvided<number | null, void>("readLastReload"),
    /** Records `at` as the time of the last reload, then reloads the page. */
    reloadPage: notProvided<void, { at: number }>("reloadPage"),
  },
  actions: {
    storeLastReload: assign({ lastReloadAt: (_, at: number | null) => at }),
  },
  guards: {
    mayReload: ({ context }) => mayReload(context.lastReloadAt, Date.now()),
  },
}).createMachine({
  id: "chunkReload",
  context: { lastReloadAt: null },
  initial: "watching",
  states: {
    watching: {
      on: { "chunk.failed": { target: "checking" } },
    },
    checking: {
      tags: ["deciding"],
      description: "Reads when this tab last reloaded for a failed chunk.",
      invoke: {
        src: "readLastReload",
        onDone: { target: "deciding", actions: { type: "storeLastReload", params: ({ event }) => event.output } },
        // Without a readable record a reload could loop; the error page is the safe side.
        onError: { target: "failed" },
      },
    },
    deciding: {
      tags: ["deciding"],
      always: [{ guard: "mayReload", target: "reloading" }, { target: "failed" }],
    },
    reloading: {
      tags: ["reloading"],
      description: "The page is being reloaded; everything waits for it to go away.",
      invoke: {
        src: "reloadPage",
        input: () => ({ at: Date.now() }),
        onError: { target: "failed" },
      },
    },
    failed: {
      tags: ["failed"],
      description: "Reloaded within the last 60 s already: the error page shows instead.",
      on: { "chunk.failed": { target: "checking" } },
    },
  },
});

export type ChunkReloadMachine = typeof chunkReloadMachine;
export type ChunkReloadActorRef = ActorRefFrom<ChunkReloadMachine>;
export type ChunkReloadSnapshot = SnapshotFrom<ChunkReloadMachine>;
