/** Named reads of the Account Detail dialog snapshot for the UI. */
import type { AccountDialogSnapshot } from "./accountDialogMachine";

export const selectIsOpen = (s: AccountDialogSnapshot) => s.matches("open");
export const selectIsUploading = (s: AccountDialogSnapshot) => s.matches({ open: "uploading" });
export const selectIsBusy = (s: AccountDialogSnapshot) => s.hasTag("busy");
export const selectProgress = (s: AccountDialogSnapshot) => s.context.progress;
export const selectError = (s: AccountDialogSnapshot) => s.context.error;
export const selectCanClose = (s: AccountDialogSnapshot) => s.can({ type: "dialog.close" });
