/** The real side effects of the Account Detail dialog. */
import { fromCallback, fromPromise } from "xstate";
import { SNIFF_BYTES, detectImageType, type ImageType } from "../../../machines/accountDialog/imageFile";
import type { PickedFile, UploadFeedback } from "../../../machines/accountDialog/accountDialogMachine";
import { authedUpload } from "@/app/api";

function asFile(file: PickedFile): File {
  if (!(file instanceof File)) throw new Error("The picked file cannot be read.");
  return file;
}

export const accountDialogActors = {
  sniffImage: fromPromise<ImageType | null, { file: PickedFile }>(async ({ input }) => {
    const head = await asFile(input.file).slice(0, SNIFF_BYTES).arrayBuffer();
    return detectImageType(new Uint8Array(head));
  }),

  uploadImage: fromCallback<UploadFeedback, { file: PickedFile }>(({ input, sendBack }) => {
    // Once the dialog stops listening, late answers are dropped.
    let listening = true;
    authedUpload(asFile(input.file), "profile", (fraction) => {
      if (listening) sendBack({ type: "upload.progressed", fraction });
    }).then(
      (answer) => {
        if (listening) sendBack({ type: "upload.succeeded", url: answer.data.url });
      },
      (error: unknown) => {
        if (listening) sendBack({ type: "upload.failed", error });
      },
    );
    return () => {
      listening = false;
    };
  }),
};
