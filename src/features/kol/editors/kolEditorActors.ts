/**
 * The actors of the KOL dialogs' statecharts (docs/architecture.md, "The page anatomy": I/O only
 * here, given with `machine.provide`): the upserts of campaigns, KOLs and bookings, the roster,
 * the EMV values, the deletes and the tracking-sheet upload.
 */
import { fromPromise } from "xstate";
import { Api } from "../../../../domain/api";
import { ImportKolResponse, type EmvValues, type ImportKolResult, type Kol, type KolBooking, type KolCampaign } from "../../../../domain/kolContract";
import type { KolEditorInput, KolEditorLoaded } from "../../../../machines/kolEditors/kolEditorMachine";
import type { EmvStamp, KolRoster } from "../../../../machines/kolEditors/kolEditors";
import type { KolDeleteInput } from "../../../../machines/kolEditors/kolDeleteMachine";
import {
  bookingDraftOf, campaignDraftOf, emvFormOf, emvValuesOf, kolDraftOf, type BookingForm, type CampaignForm, type EmvForm, type KolForm,
} from "../../../../machines/kolEditors/kolForms";
import { createImportOrdersMachine, type ImportOutcome, type UploadInput } from "../../../../machines/importOrders/importOrdersMachine";
import { importOutcomeWith } from "@/api/importOutcome";
import { xhrUpload } from "@/api/upload";
import { authedCall, withFreshToken } from "@/app/api";

const idOf = (id: number | null) => (id === null ? {} : { id });

export const campaignEditorActors = {
  save: fromPromise<KolCampaign, KolEditorInput<CampaignForm>>(async ({ input, signal }) =>
    (await authedCall("upsertKolCampaign", { brand: input.brand, ...idOf(input.id), campaign: campaignDraftOf(input.form) }, { signal })).data),
};

export const kolEditorActors = {
  save: fromPromise<Kol, KolEditorInput<KolForm>>(async ({ input, signal }) =>
    (await authedCall("upsertKol", { brand: input.brand, ...idOf(input.id), kol: kolDraftOf(input.form) }, { signal })).data),
};

export const bookingEditorActors = {
  load: fromPromise<KolEditorLoaded<BookingForm, KolRoster>, KolEditorInput<BookingForm>>(async ({ input, signal }) => ({
    options: (await authedCall("kols", { brand: input.brand }, { signal })).data,
    form: null,
  })),
  save: fromPromise<KolBooking, KolEditorInput<BookingForm>>(async ({ input, signal }) =>
    (await authedCall("upsertKolBooking", { brand: input.brand, campaignId: input.scope ?? 0, ...idOf(input.id), booking: bookingDraftOf(input.form) }, { signal })).data),
};

export const emvEditorActors = {
  load: fromPromise<KolEditorLoaded<EmvForm, EmvStamp>, KolEditorInput<EmvForm>>(async ({ input, signal }) => {
    const answer = await authedCall("kolEmv", { brand: input.brand }, { signal });
    return { options: { updatedAt: answer.updatedAt, updatedBy: answer.updatedBy }, form: emvFormOf(answer.data) };
  }),
  save: fromPromise<EmvValues, KolEditorInput<EmvForm>>(async ({ input, signal }) =>
    (await authedCall("updateKolEmv", { brand: input.brand, values: emvValuesOf(input.form) }, { signal })).data),
};

const DELETE_CALL = { campaign: "deleteKolCampaign", booking: "deleteKolBooking", kol: "deleteKol" } as const;

export const deleteActors = {
  deleteItem: fromPromise<unknown, KolDeleteInput>(({ input, signal }) => authedCall(DELETE_CALL[input.kind], { brand: input.brand, id: input.id }, { signal })),
};

// ---------------------------------------------------------------------------------------------
// Import of a tracking sheet: `POST /user/import-kol` (multipart `file` and `campaign`), with upload progress.

/** The server's limit for an import (as the other imports): a larger file is refused before it is sent. */
export const MAX_KOL_FILE_BYTES = 50 * 1024 * 1024;
export const KOL_FILE_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const importKolOutcomeOf = importOutcomeWith(Api.importKol.path, ImportKolResponse);

/** A refusal as a person reads it: the server names the part refused ("file: 5 rows cannot be imported…"), the dialog drops it. */
export function readableRefusal(message: string): string {
  const text = message.replace(/^(file|campaign): /, "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type UploadKolSheet = (file: File, campaignId: string, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<ImportOutcome<ImportKolResult>>;

export const uploadKolSheet: UploadKolSheet = (file, campaignId, onProgress, signal) =>
  withFreshToken(async (accessToken) => {
    const { status, json } = await xhrUpload({ path: Api.importKol.path, fields: [["file", file], ["campaign", campaignId]], accessToken, onProgress, signal });
    const outcome = importKolOutcomeOf(status, json);
    onProgress(1);
    return outcome.kind === "refused" ? { ...outcome, message: readableRefusal(outcome.message) } : outcome;
  }, signal);

/** The import statechart (`machines/importOrders`) over the KOL sheet's result; its target is the campaign id. */
export const importKolMachine = createImportOrdersMachine<File, ImportKolResult>();

export function importKolActors(upload: UploadKolSheet = uploadKolSheet) {
  return {
    upload: fromPromise<ImportOutcome<ImportKolResult>, UploadInput<File>>(({ input, signal }) =>
      upload(input.file, input.target, (fraction) => {
        if (!signal.aborted) input.report(fraction);
      }, signal)),
  };
}
