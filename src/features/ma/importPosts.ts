/**
 * The social import of the MA page (`POST /user/import-social`, multipart `file`, `account` and,
 * for an account with several pages, `page`): sent with `xhrUpload` for its upload progress, as
 * the signed-in user. A refused file (400 with the bad rows) is an answer: nothing was written.
 * What each file gives: docs/social-import.md.
 */
import { fromPromise } from "xstate";
import { Api } from "../../../domain/api";
import { ofBrand, type Page } from "../../../domain/entities";
import { ImportSocialResponse, type ImportSocialResult } from "../../../domain/socialImport";
import { createImportOrdersMachine, type ImportOutcome, type UploadInput } from "../../../machines/importOrders/importOrdersMachine";
import { importOutcomeWith } from "@/api/importOutcome";
import { xhrUpload } from "@/api/upload";
import { authedCall, withFreshToken } from "@/app/api";
import { formatCount } from "@/components/format/numbers";

/** The server's limit (docs/social-import.md): a larger file is refused before it is sent. */
export const MAX_SOCIAL_FILE_BYTES = 50 * 1024 * 1024;
export const SOCIAL_FILE_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const importOutcomeOf = importOutcomeWith(Api.importSocial.path, ImportSocialResponse);

/** Where the file goes: the account, and its page when it has several. */
export interface ImportTarget {
  readonly account: string;
  readonly page: string | null;
}
/** The import statechart carries its target as one string. */
export const targetText = (t: ImportTarget): string => JSON.stringify([t.account, t.page]);
export function targetOf(text: string): ImportTarget {
  const [account, page] = JSON.parse(text) as [string, string | null];
  return { account, page };
}

export type UploadPosts = (file: File, target: ImportTarget, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<ImportOutcome<ImportSocialResult>>;

export const uploadPosts: UploadPosts = (file, target, onProgress, signal) =>
  withFreshToken(async (accessToken) => {
    const fields: (readonly [string, string | Blob])[] = [["file", file], ["account", target.account]];
    if (target.page !== null) fields.push(["page", target.page]);
    const { status, json } = await xhrUpload({ path: Api.importSocial.path, fields, accessToken, onProgress, signal });
    const outcome = importOutcomeOf(status, json);
    onProgress(1);
    return outcome;
  }, signal);

export const importPostsMachine = createImportOrdersMachine<File, ImportSocialResult>();

export function importPostsActors(upload: UploadPosts = uploadPosts) {
  return {
    upload: fromPromise<ImportOutcome<ImportSocialResult>, UploadInput<File>>(({ input, signal }) =>
      upload(input.file, targetOf(input.target), (fraction) => {
        if (!signal.aborted) input.report(fraction);
      }, signal)),
  };
}

/** The actor of the import target's statechart (`machines/ma/importTargetMachine`): the account's pages of `brand`. */
export function importTargetActors(brand: string) {
  return {
    loadPages: fromPromise<readonly Page[], { account: string }>(async ({ input, signal }) => {
      const { data } = await authedCall("filterPage", { filter: [input.account] }, { signal });
      return ofBrand(data, brand);
    }),
  };
}

const FORMAT_NAMES: Record<ImportSocialResult["format"], string> = {
  "meta-post": "a Meta Business Suite post export",
  "tiktok-content": "a TikTok Studio content export",
  "tiktok-overview": "a TikTok Studio overview export",
  "follower-history": "a follower history export",
  csv: "the documented posts CSV",
};

/** What an import wrote, in words. */
export function importSummary(r: ImportSocialResult): string {
  const what = r.kind === "posts" ? (r.rows === 1 ? "post" : "posts") : r.rows === 1 ? "page day" : "page days";
  const span = r.first === null ? "" : r.first === r.last ? ` of ${r.first}` : ` from ${r.first} to ${r.last}`;
  return (
    `Read ${formatCount(r.rows)} ${what}${span} (${FORMAT_NAMES[r.format]}): ` +
    `${formatCount(r.inserted)} new, ${formatCount(r.updated)} updated, ${formatCount(r.unchanged)} unchanged` +
    (r.demoRemoved > 0 ? `; ${formatCount(r.demoRemoved)} demo rows of this page replaced.` : ".")
  );
}
