/** What the /ma page reads from its statecharts (the figures, the posts table and its CSV, the import target). */
import type { SocialPosts } from "../../domain/social";
import { samePagePhase, selectPagePhase, type PagePhase } from "../shared/pageLoad";
import type { MaData, MaSnapshot } from "./maMachine";
import type { MaPostsSnapshot } from "./maPostsMachine";
import type { MaPostsExportSnapshot } from "./maPostsExportMachine";
import type { ImportTargetSnapshot } from "./importTargetMachine";
import type { Page } from "../../domain/entities";

export const selectPhase = (s: MaSnapshot): PagePhase<MaData> => selectPagePhase<MaData>(s);
export const samePhase = samePagePhase<MaData>;
export const selectPostsPhase = (s: MaPostsSnapshot): PagePhase<SocialPosts> => selectPagePhase<SocialPosts>(s);
export const samePostsPhase = samePagePhase<SocialPosts>;
export const selectExporting = (s: MaPostsExportSnapshot): boolean => s.matches("exporting");

/** What the dialog shows of the target, and whether a file may be sent to it. */
export interface ImportTargetView {
  readonly account: string | null;
  /** The account's pages; null while they load or when they could not be read. */
  readonly pages: readonly Page[] | null;
  readonly page: string | null;
  readonly loading: boolean;
  readonly error: string | null;
  /** The account and page a file goes to, once complete. */
  readonly target: { readonly account: string; readonly page: string | null } | null;
}

export function selectImportTarget(s: ImportTargetSnapshot): ImportTargetView {
  const { account, pages, page, error } = s.context;
  const complete = s.matches("chosen") && account !== null && pages !== null && (pages.length <= 1 || page !== null);
  return {
    account,
    pages: s.matches("chosen") ? pages : null,
    page,
    loading: s.matches("loadingPages"),
    error: s.matches("failed") ? error : null,
    // The page is sent only for an account with several: the server takes a single page itself.
    target: complete ? { account: account!, page: pages!.length > 1 ? page : null } : null,
  };
}

export function sameImportTarget(a: ImportTargetView, b: ImportTargetView): boolean {
  return a.account === b.account && a.pages === b.pages && a.page === b.page && a.loading === b.loading && a.error === b.error;
}
