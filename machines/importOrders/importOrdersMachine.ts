/**
 * The "Import orders" dialog of the E-Commerce page: pick a file, send it with upload progress,
 * then what was written or, for a refused file, every bad line (nothing is written then).
 *
 * - `idle` (a file picked or not) → `uploading` on `import.submit` when a file is picked and not
 *   over the size limit (else `failed` with the reason, nothing sent).
 * - `uploading` → `imported` (the page reloads its figures: `notifyImported`) | `refused` |
 *   `failed`; `import.cancel` aborts the upload and goes back to `idle`.
 * - From any state but `uploading`, picking another file goes back to `idle` with it, submitting
 *   sends the picked file again, and `import.close` forgets the file and the outcome.
 *
 * Generic over the file the feature holds (a DOM `File`; the registered instance uses its name
 * and size only) and over the import's result, so every import dialog runs on it: orders on
 * /e-commerce (the target is the brand), posts and page figures on /ma (the target is the account
 * and page).
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { ImportOrdersResult } from "../../domain/commerce";
import { failureMessage, notProvided } from "../shared/actorHelpers";

/** What the machine reads of a file. */
export interface ImportFile {
  readonly name: string;
  readonly size: number;
}

/** The server's answer: written, or refused with the bad lines. */
export type ImportOutcome<R = ImportOrdersResult> =
  | { readonly kind: "imported"; readonly result: R; readonly message: string }
  | { readonly kind: "refused"; readonly message: string; readonly rows: readonly { readonly line: number; readonly reason: string }[] };

export interface ImportOrdersContext<F extends ImportFile, R = ImportOrdersResult> {
  readonly file: F | null;
  readonly maxBytes: number;
  /** Upload progress 0..1. */
  readonly fraction: number;
  readonly outcome: ImportOutcome<R> | null;
  readonly error: string | null;
}

export type ImportOrdersEvent<F extends ImportFile> =
  | { readonly type: "import.pick"; readonly file: F | null }
  /** Send the picked file for `target`: the brand (orders), the account and page (posts). */
  | { readonly type: "import.submit"; readonly target: string }
  | { readonly type: "import.progress"; readonly fraction: number }
  | { readonly type: "import.cancel" }
  | { readonly type: "import.close" };

export interface UploadInput<F extends ImportFile> {
  readonly file: F;
  readonly target: string;
  readonly report: (fraction: number) => void;
}

/** The sentence for a file over the limit (nothing is sent). */
export const TOO_LARGE_MESSAGE = "The file is larger than 50 MB: export a shorter period, or split it.";

export function createImportOrdersMachine<F extends ImportFile, R = ImportOrdersResult>() {
  return setup({
    types: {
      context: {} as ImportOrdersContext<F, R>,
      events: {} as ImportOrdersEvent<F>,
      input: {} as { maxBytes: number },
    },
    actors: {
      upload: notProvided<ImportOutcome<R>, UploadInput<F>>("upload"),
    },
    actions: {
      /** Orders were written: the page loads its figures again. Provided by the feature. */
      notifyImported: () => undefined,
      storeFile: assign((_, params: { file: F | null }) => ({ file: params.file, outcome: null, error: null, fraction: 0 })),
      forget: assign({ file: null, outcome: null, error: null, fraction: 0 }),
      startUpload: assign({ fraction: 0, outcome: null, error: null }),
      storeProgress: assign((_, params: { fraction: number }) => ({ fraction: params.fraction })),
      storeOutcome: assign((_, params: { outcome: ImportOutcome<R> }) => ({ outcome: params.outcome, fraction: 1 })),
      storeFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error, "The file could not be imported.") })),
      refuseTooLarge: assign({ error: TOO_LARGE_MESSAGE, outcome: null }),
    },
    guards: {
      hasNoFile: ({ context }) => context.file === null,
      isTooLarge: ({ context }) => context.file !== null && context.file.size > context.maxBytes,
      isImported: (_, params: { outcome: ImportOutcome<R> }) => params.outcome.kind === "imported",
    },
  }).createMachine({
    id: "importOrders",
    description: "An import dialog (orders on /e-commerce, posts and page figures on /ma): a file sent with upload progress, then what was written or every refused line.",
    context: ({ input }) => ({ file: null, maxBytes: input.maxBytes, fraction: 0, outcome: null, error: null }),
    initial: "idle",
    on: {
      "import.pick": { target: ".idle", actions: { type: "storeFile", params: ({ event }) => ({ file: event.file }) } },
      "import.close": { target: ".idle", actions: "forget" },
      "import.submit": [
        { guard: "hasNoFile" },
        { guard: "isTooLarge", target: ".failed", actions: "refuseTooLarge" },
        { target: ".uploading" },
      ],
    },
    states: {
      idle: { description: "A file picked or not; nothing sent." },
      uploading: {
        description: "The file is on its way; the server reads it all before it writes anything.",
        entry: "startUpload",
        invoke: {
          src: "upload",
          input: ({ context, event, self }) => ({
            file: context.file as F,
            target: event.type === "import.submit" ? event.target : "",
            report: (fraction: number) => self.send({ type: "import.progress", fraction }),
          }),
          onDone: [
            { guard: { type: "isImported", params: ({ event }) => ({ outcome: event.output }) }, target: "imported", actions: [{ type: "storeOutcome", params: ({ event }) => ({ outcome: event.output }) }, "notifyImported"] },
            { target: "refused", actions: { type: "storeOutcome", params: ({ event }) => ({ outcome: event.output }) } },
          ],
          onError: { target: "failed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error }) } },
        },
        on: {
          "import.progress": { actions: { type: "storeProgress", params: ({ event }) => ({ fraction: event.fraction }) } },
          "import.cancel": { target: "idle" },
          // Not while the file is on its way: the dialog cannot be closed nor the file changed.
          "import.pick": {},
          "import.close": {},
          "import.submit": {},
        },
      },
      imported: { description: "The orders were written: the summary in words." },
      refused: { description: "Nothing was written: every bad line and why." },
      failed: { description: "The file could not be sent or read: the reason." },
    },
  });
}

/** The registered instance (registry, models, diagrams); the feature builds one over `File`. */
export const importOrdersMachine = createImportOrdersMachine<ImportFile>();

export type ImportOrdersMachine<F extends ImportFile, R = ImportOrdersResult> = ReturnType<typeof createImportOrdersMachine<F, R>>;
export type ImportOrdersActorRef<F extends ImportFile, R = ImportOrdersResult> = ActorRefFrom<ImportOrdersMachine<F, R>>;
export type ImportOrdersSnapshot<F extends ImportFile, R = ImportOrdersResult> = SnapshotFrom<ImportOrdersMachine<F, R>>;
