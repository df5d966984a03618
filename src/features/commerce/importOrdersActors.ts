/**
 * The Import orders dialog's statechart (`machines/importOrders`) over the browser's `File`, and
 * its upload actor: `uploadOrders` (XHR with progress, as the signed-in user) unless a test
 * gives another.
 */
import { fromPromise } from "xstate";
import { createImportOrdersMachine, type ImportOutcome, type UploadInput } from "../../../machines/importOrders/importOrdersMachine";
import { uploadOrders } from "@/features/commerce/importOrders";

export const importOrdersPageMachine = createImportOrdersMachine<File>();

/** The upload as the dialog calls it: the file, the brand, progress 0..1 and an abort signal. */
export type UploadOrders = (file: File, brand: string, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<ImportOutcome>;

export function importOrdersActors(upload: UploadOrders = uploadOrders) {
  return {
    upload: fromPromise<ImportOutcome, UploadInput<File>>(({ input, signal }) =>
      upload(input.file, input.target, (fraction) => {
        if (!signal.aborted) input.report(fraction);
      }, signal)),
  };
}
