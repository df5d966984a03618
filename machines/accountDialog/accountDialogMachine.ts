/**
 * The Account Detail dialog (spec §2): closed, or open and idle, checking a picked image,
 * uploading it (with progress) or showing why it failed. A picked file is refused before
 * anything is sent when it is empty, over 5 MB, or its first bytes are not PNG/JPEG/WebP/GIF.
 */
import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { NOT_AN_IMAGE, progressPercent, sizeProblem, uploadFailureMessage, type ImageType } from "./imageFile";

/** The picked file; the machine reads only its size, the actors read its bytes. */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
}

export interface AccountDialogContext {
  file: PickedFile | null;
  /** Upload progress, 0–100. */
  progress: number;
  error: string | null;
}

export type AccountDialogEvent =
  | { type: "dialog.open" }
  | { type: "dialog.close" }
  | { type: "image.picked"; file: PickedFile }
  /** Sent by the uploadImage actor. */
  | { type: "upload.progressed"; fraction: number }
  | { type: "upload.succeeded"; url: string }
  | { type: "upload.failed"; error: unknown };

export type AccountDialogEmitted = { type: "profileImage.changed"; url: string };

/** What the uploadImage callback actor may send back. */
export type UploadFeedback = Extract<AccountDialogEvent, { type: "upload.progressed" | "upload.succeeded" | "upload.failed" }>;

export const accountDialogMachine = setup({
  types: {
    context: {} as AccountDialogContext,
    events: {} as AccountDialogEvent,
    emitted: {} as AccountDialogEmitted,
    tags: {} as "busy",
  },
  actors: {
    /** Reads the first bytes of the file and tells its image type (null: not an image). */
    sniffImage: fromPromise<ImageType | null, { file: PickedFile }>(() => Promise.reject(new Error("sniffImage not provided"))),
    /** Sends the file; reports progress, then success or failure, as events. */
    uploadImage: fromCallback<UploadFeedback, { file: PickedFile }>(() => {
      throw new Error("uploadImage not provided");
    }),
  },
  actions: {
    pick: assign({ file: (_, file: PickedFile) => file, error: null, progress: 0 }),
    refuseSize: assign({ error: ({ context }) => (context.file === null ? null : sizeProblem(context.file.size)) }),
    refuseType: assign({ error: NOT_AN_IMAGE }),
    setProgress: assign({ progress: (_, fraction: number) => progressPercent(fraction) }),
    reportFailure: assign({ error: (_, { error }: { error: unknown }) => uploadFailureMessage(error) }),
    announceImage: emit((_, url: string) => ({ type: "profileImage.changed" as const, url })),
    reset: assign({ file: null, progress: 0, error: null }),
  },
  guards: {
    hasSizeProblem: (_, file: PickedFile) => sizeProblem(file.size) !== null,
    isImage: (_, type: ImageType | null) => type !== null,
  },
}).createMachine({
  id: "accountDialog",
  context: { file: null, progress: 0, error: null },
  initial: "closed",
  states: {
    closed: {
      on: { "dialog.open": { target: "open", actions: "reset" } },
    },
    open: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "dialog.close": { target: "#accountDialog.closed" },
            "image.picked": [
              {
                guard: { type: "hasSizeProblem", params: ({ event }) => event.file },
                target: "failed",
                actions: [{ type: "pick", params: ({ event }) => event.file }, "refuseSize"],
              },
              { target: "checking", actions: { type: "pick", params: ({ event }) => event.file } },
            ],
          },
        },
        checking: {
          tags: ["busy"],
          description: "Reads the file's first bytes: only PNG, JPEG, WebP and GIF are sent, like the server accepts.",
          invoke: {
            src: "sniffImage",
            input: ({ context }) => ({ file: requireFile(context) }),
            onDone: [
              { guard: { type: "isImage", params: ({ event }) => event.output }, target: "uploading" },
              { target: "failed", actions: "refuseType" },
            ],
            onError: { target: "failed", actions: { type: "reportFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        uploading: {
          tags: ["busy"],
          description: "Sends the image (POST /user/upload-img, purpose profile); the dialog stays open until it ends.",
          invoke: {
            src: "uploadImage",
            input: ({ context }) => ({ file: requireFile(context) }),
            onError: { target: "failed", actions: { type: "reportFailure", params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            "upload.progressed": { actions: { type: "setProgress", params: ({ event }) => event.fraction } },
            "upload.succeeded": { target: "idle", actions: ["reset", { type: "announceImage", params: ({ event }) => event.url }] },
            "upload.failed": { target: "failed", actions: { type: "reportFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          description: "Says why the image was refused or the upload failed; another file can be picked.",
          on: {
            "dialog.close": { target: "#accountDialog.closed" },
            "image.picked": [
              {
                guard: { type: "hasSizeProblem", params: ({ event }) => event.file },
                target: "failed",
                actions: [{ type: "pick", params: ({ event }) => event.file }, "refuseSize"],
              },
              { target: "checking", actions: { type: "pick", params: ({ event }) => event.file } },
            ],
          },
        },
      },
    },
  },
});

function requireFile(context: AccountDialogContext): PickedFile {
  if (context.file === null) throw new Error("accountDialog: no file picked");
  return context.file;
}

export type AccountDialogMachine = typeof accountDialogMachine;
export type AccountDialogActorRef = ActorRefFrom<AccountDialogMachine>;
export type AccountDialogSnapshot = SnapshotFrom<AccountDialogMachine>;
