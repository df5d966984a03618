/**
 * Model of the Account Detail dialog machine (machines/accountDialog): sample events, sniff
 * results and errors for the generic runner (format: tests/models/README.md).
 */
import { accountDialogMachine } from "../../machines/accountDialog/accountDialogMachine";
import { MAX_IMAGE_BYTES } from "../../machines/accountDialog/imageFile";
import { defineModel } from "../support/machineModel";

const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

export default defineModel({
  machine: accountDialogMachine,
  events: [
    { type: "dialog.open" },
    { type: "dialog.close" },
    { type: "image.picked", file: { name: "avatar.png", size: 1_024 } },
    { type: "image.picked", file: { name: "huge.png", size: MAX_IMAGE_BYTES + 1 } },
    // What the uploadImage callback actor sends back while uploading.
    { type: "upload.progressed", fraction: 0.5 },
    { type: "upload.succeeded", url: "/uploads/avatar.png" },
    { type: "upload.failed", error: httpError(413, "file: must be at most 5242880 bytes") },
  ],
  outputs: {
    sniffImage: ["image/png", null],
  },
  errors: {
    sniffImage: [new Error("The picked file cannot be read.")],
    // The uploadImage actor reports progress and its outcome as the events above; the runner's
    // quiet fake stands in for it, and rejecting that fake exercises the invoke's onError.
    uploadImage: [new Error("uploadImage crashed")],
  },
});
