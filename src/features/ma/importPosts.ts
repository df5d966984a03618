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
import { formatDay } from "@/components/format/dates";
import { t, type MessageKey } from "@/i18n/i18n";

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
export const targetText = (target: ImportTarget): string => JSON.stringify([target.account, target.page]);
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

const FORMAT_KEYS = {
  "meta-post": "ma.import.format.metaPost",
  "tiktok-content": "ma.import.format.tiktokContent",
  "tiktok-overview": "ma.import.format.tiktokOverview",
  "follower-history": "ma.import.format.followerHistory",
  csv: "ma.import.format.csv",
} as const satisfies Record<ImportSocialResult["format"], MessageKey>;

/** What an import wrote, in words. */
export function importSummary(r: ImportSocialResult): string {
  const rows = formatCount(r.rows);
  const what = r.kind === "posts" ? t("ma.import.posts", { count: r.rows, rows }) : t("ma.import.pageDays", { count: r.rows, rows });
  const span =
    r.first === null || r.last === null
      ? ""
      : r.first === r.last
        ? t("ma.import.spanDay", { day: formatDay(r.first) })
        : t("ma.import.spanRange", { start: formatDay(r.first), end: formatDay(r.last) });
  const counts = { inserted: formatCount(r.inserted), updated: formatCount(r.updated), unchanged: formatCount(r.unchanged) };
  const values = { what: span === "" ? what : `${what} ${span}`, format: t(FORMAT_KEYS[r.format]), ...counts };
  return r.demoRemoved > 0
    ? t("ma.import.summaryDemo", { ...values, demo: formatCount(r.demoRemoved) })
    : t("ma.import.summary", values);
}
