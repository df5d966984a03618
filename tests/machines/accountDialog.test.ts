import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import { accountDialogMachine, type PickedFile, type UploadFeedback } from "../../machines/accountDialog/accountDialogMachine";
import { selectCanClose, selectError, selectIsUploading, selectProgress } from "../../machines/accountDialog/accountDialogSelectors";
import { MAX_IMAGE_BYTES, NOT_AN_IMAGE, TOO_LARGE, type ImageType } from "../../machines/accountDialog/imageFile";
import { flush } from "../support/async";


interface Fakes {
  sniff?: (file: PickedFile) => Promise<ImageType | null>;
}

/** The machine with a fake sniffer and an upload the test drives through `upload.send`. */
function start(fakes: Fakes = {}) {
  const upload = { started: [] as PickedFile[], send: (_e: UploadFeedback) => {}, stopped: 0 };
  const machine = accountDialogMachine.provide({
    actors: {
      sniffImage: fromPromise<ImageType | null, { file: PickedFile }>(({ input }) =>
        fakes.sniff ? fakes.sniff(input.file) : Promise.resolve("image/png"),
      ),
      uploadImage: fromCallback<UploadFeedback, { file: PickedFile }>(({ input, sendBack }) => {
        upload.started.push(input.file);
        upload.send = sendBack;
        return () => {
          upload.stopped += 1;
        };
      }),
    },
  });
  const actor = createActor(machine);
  const images: string[] = [];
  actor.on("profileImage.changed", (e) => images.push(e.url));
  actor.start();
  return { actor, upload, images };
}

const png: PickedFile = { name: "avatar.png", size: 2_048 };

describe("account dialog", () => {
  it("opens idle and closes", () => {
    const { actor } = start();
    actor.send({ type: "dialog.open" });
    expect(actor.getSnapshot().value).toEqual({ open: "idle" });
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().value).toBe("closed");
  });

  it("uploads a picked image with visible progress and announces the new image", async () => {
    const { actor, upload, images } = start();
    actor.send({ type: "dialog.open" });
    actor.send({ type: "image.picked", file: png });
    expect(actor.getSnapshot().value).toEqual({ open: "checking" });
    await flush();
    expect(selectIsUploading(actor.getSnapshot())).toBe(true);
    expect(upload.started).toEqual([png]);
    upload.send({ type: "upload.progressed", fraction: 0.42 });
    expect(selectProgress(actor.getSnapshot())).toBe(42);
    upload.send({ type: "upload.succeeded", url: "/uploads/abc.png" });
    expect(actor.getSnapshot().value).toEqual({ open: "idle" });
    expect(images).toEqual(["/uploads/abc.png"]);
  });

  it("refuses a file over 5 MB before sending anything", () => {
    const { actor, upload } = start();
    actor.send({ type: "dialog.open" });
    actor.send({ type: "image.picked", file: { name: "huge.png", size: MAX_IMAGE_BYTES + 1 } });
    expect(actor.getSnapshot().value).toEqual({ open: "failed" });
    expect(selectError(actor.getSnapshot())).toBe(TOO_LARGE);
    expect(upload.started).toEqual([]);
  });

  it("accepts a file of exactly 5 MB", async () => {
    const { actor, upload } = start();
    actor.send({ type: "dialog.open" });
    actor.send({ type: "image.picked", file: { name: "edge.png", size: MAX_IMAGE_BYTES } });
    await flush();
    expect(upload.started).toHaveLength(1);
  });

  it("refuses a file whose first bytes are not an image, whatever its name", async () => {
    const { actor, upload } = start({ sniff: () => Promise.resolve(null) });
    actor.send({ type: "dialog.open" });
    actor.send({ type: "image.picked", file: { name: "notes.png", size: 12 } });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ open: "failed" });
    expect(selectError(actor.getSnapshot())).toBe(NOT_AN_IMAGE);
    expect(upload.started).toEqual([]);
  });

  it("says so in the dialog when the upload fails, and lets another file be picked", async () => {
    const { actor, upload } = start();
    actor.send({ type: "dialog.open" });
    actor.send({ type: "image.picked", file: png });
    await flush();
    upload.send({ type: "upload.failed", error: Object.assign(new Error("file: must be at most 5242880 bytes"), { status: 413 }) });
    expect(actor.getSnapshot().value).toEqual({ open: "failed" });
    expect(selectError(actor.getSnapshot())).toBe("Upload failed: file: must be at most 5242880 bytes");
    actor.send({ type: "image.picked", file: png });
    expect(selectError(actor.getSnapshot())).toBeNull();
    await flush();
    expect(upload.started).toHaveLength(2);
  });

  it("cannot be closed while uploading", async () => {
    const { actor } = start();
    actor.send({ type: "dialog.open" });
    actor.send({ type: "image.picked", file: png });
    await flush();
    expect(selectCanClose(actor.getSnapshot())).toBe(false);
    actor.send({ type: "dialog.close" });
    expect(selectIsUploading(actor.getSnapshot())).toBe(true);
  });

  it("a failure to read the file is shown like a failed upload", async () => {
    const { actor } = start({ sniff: () => Promise.reject(new Error("The picked file cannot be read.")) });
    actor.send({ type: "dialog.open" });
    actor.send({ type: "image.picked", file: png });
    await flush();
    expect(selectError(actor.getSnapshot())).toBe("Upload failed: The picked file cannot be read.");
  });

  it("forgets the last error when reopened", () => {
    const { actor } = start();
    actor.send({ type: "dialog.open" });
    actor.send({ type: "image.picked", file: { name: "huge.png", size: MAX_IMAGE_BYTES + 1 } });
    actor.send({ type: "dialog.close" });
    actor.send({ type: "dialog.open" });
    expect(selectError(actor.getSnapshot())).toBeNull();
  });
});
