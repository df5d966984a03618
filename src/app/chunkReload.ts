/**
 * Lazy route chunks behind the chunk-reload guard (`machines/chunkReload`): a chunk that fails to
 * load reloads the page at most once per 60 s; otherwise the route shows the error page.
 */
import { createActor, fromPromise, waitFor } from "xstate";
import { CHUNK_FAILED_MESSAGE } from "../../machines/chunkReload/chunkReloadRules";
import { chunkReloadMachine } from "../../machines/chunkReload/chunkReloadMachine";
import { appInspect } from "@/app/inspect";

const KEY = "brand-dashboard.chunkReloadAt";

export const chunkReloadActors = {
  readLastReload: fromPromise<number | null, void>(async () => {
    const raw = sessionStorage.getItem(KEY);
    const at = raw === null ? NaN : Number(raw);
    return Number.isFinite(at) ? at : null;
  }),
  reloadPage: fromPromise<void, { at: number }>(async ({ input }) => {
    // Throws when storage is unavailable: the machine then shows the error page, since a
    // reload it cannot record could repeat forever.
    sessionStorage.setItem(KEY, String(input.at));
    window.location.reload();
  }),
};

export const chunkReloadActor = createActor(chunkReloadMachine.provide({ actors: chunkReloadActors }), { inspect: appInspect });
chunkReloadActor.start();

/** The error a route shows when a chunk failed again soon after a reload. */
export class ChunkLoadFailedError extends Error {
  override readonly name = "ChunkLoadFailedError";
  constructor(cause: unknown) {
    super(CHUNK_FAILED_MESSAGE, { cause });
  }
}

/** A failed dynamic import (Chromium, Firefox, Safari wording) or a failed CSS preload (Vite). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : "";
  return /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS)/.test(
    message,
  );
}

/**
 * `load`, guarded: on a chunk failure the guard decides. While the page reloads this never
 * settles; otherwise it rejects with `ChunkLoadFailedError`, whose message is not a
 * module-not-found message, so the router's own reload-once logic stays out of it.
 */
export function guardedImport<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      chunkReloadActor.send({ type: "chunk.failed" });
      const decided = await waitFor(chunkReloadActor, (s) => s.hasTag("reloading") || s.hasTag("failed"));
      if (decided.hasTag("reloading")) return new Promise<T>(() => undefined);
      throw new ChunkLoadFailedError(error);
    }
  };
}
