/**
 * "Import posts": a dialog to send a social export for one account (and page) of the brand shown
 * (a Meta Business Suite post export, a TikTok Studio content, overview or follower export, or
 * the documented posts CSV; CSV or XLSX), with upload progress, then what was written or every
 * refused line (nothing is written then). A successful import makes the pages load again
 * (`onImported`). What each file gives: docs/social-import.md.
 */
import { useEffect, useRef, type FormEvent } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { ofBrand, type Bag, type Page } from "../../../domain/entities";
import { importTargetMachine } from "../../../machines/ma/importTargetMachine";
import { sameImportTarget, selectImportTarget } from "../../../machines/ma/maSelectors";
import type { ImportSocialResult } from "../../../domain/socialImport";
import { selectUser } from "../../../machines/auth/authSelectors";
import { sameImportPhase, selectImportFileName, selectImportPhase, type ImportPhase } from "../../../machines/importOrders/importOrdersSelectors";
import { authActor } from "@/app/auth";
import { appInspect } from "@/app/inspect";
import { ImportFileActions, ImportStatus } from "@/components/import/ImportStatus";
import { Dialog } from "@/components/ui/Dialog";
import { Select } from "@/components/ui/Select";
import {
  MAX_SOCIAL_FILE_BYTES, SOCIAL_FILE_ACCEPT, importPostsActors, importPostsMachine, importSummary, importTargetActors, targetText, uploadPosts,
  type UploadPosts,
} from "@/features/ma/importPosts";
import { t, translateMessage } from "@/i18n/i18n";

const CHANNEL_NAMES: Record<string, string> = { facebook: "Facebook", tiktok: "TikTok" }; // i18n-ignore: platform names
const accountLabel = (b: Bag) => `${b.name} (${CHANNEL_NAMES[b.channel] ?? b.channel})`;

export interface ImportPostsViewProps {
  brand: string;
  accounts: readonly Bag[];
  account: string | null;
  /** The chosen account's pages; null while they load or when they could not be read. */
  pages: readonly Page[] | null;
  page: string | null;
  /** Why the account's pages could not be read, or null. */
  pagesError: string | null;
  /** The account and page are complete: a file may be sent. */
  hasTarget: boolean;
  phase: ImportPhase<ImportSocialResult>;
  fileName: string | null;
  onAccount: (id: string) => void;
  onPage: (id: string) => void;
  onRetryPages: () => void;
  onPick: (file: File | null) => void;
  onSubmit: () => void;
  onCancelUpload: () => void;
  onClose: () => void;
}

/** The dialog's content as plain props. */
export function ImportPostsView(p: ImportPostsViewProps) {
  const busy = p.phase.kind === "uploading";
  const needsPage = p.pages !== null && p.pages.length > 1;
  const ready = p.fileName !== null && p.hasTarget && !busy;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) p.onSubmit();
  };
  const account = p.accounts.find((b) => b._id === p.account);
  return (
    <form className="import-form" onSubmit={submit} aria-busy={busy}>
      <p>
        {t("ma.import.introBefore")} <strong>{p.brand}</strong>
        {t("ma.import.introAfter")}
      </p>
      {p.accounts.length === 0 ? (
        <p className="error">{t("ma.import.noAccounts")}</p>
      ) : (
        <label className="import-choice">
          <span aria-hidden="true">{t("ma.import.account")}</span>
          <Select
            label={t("ma.import.account")}
            value={account === undefined ? "" : accountLabel(account)}
            options={[...(account === undefined ? [""] : []), ...p.accounts.map(accountLabel)]}
            onChange={(label) => {
              const chosen = p.accounts.find((b) => accountLabel(b) === label);
              if (chosen !== undefined) p.onAccount(chosen._id);
            }}
          />
        </label>
      )}
      {p.pagesError !== null && (
        <div className="import-retry">
          <p className="error" role="alert">
            {translateMessage(p.pagesError)}
          </p>
          <button type="button" className="p-button p-component p-button-sm p-button-outlined" onClick={p.onRetryPages}>
            <i className="pi pi-refresh" aria-hidden="true" /> {t("ma.tryAgain")}
          </button>
        </div>
      )}
      {needsPage && (
        <label className="import-choice">
          <span aria-hidden="true">{t("ma.import.page")}</span>
          <Select
            label={t("ma.import.page")}
            value={p.pages!.find((pg) => pg.id === p.page)?.name ?? ""}
            options={[...(p.page === null ? [""] : []), ...p.pages!.map((pg) => pg.name)]}
            onChange={(name) => {
              const chosen = p.pages!.find((pg) => pg.name === name);
              if (chosen !== undefined) p.onPage(chosen.id);
            }}
          />
        </label>
      )}
      <ImportFileActions
        fileLabel={t("ma.import.file")}
        accept={SOCIAL_FILE_ACCEPT}
        busy={busy}
        ready={ready}
        onPick={p.onPick}
        onCancelUpload={p.onCancelUpload}
        onClose={p.onClose}
      />
      <ImportStatus phase={p.phase} importedTitle={t("ma.import.imported")} summary={(r) => <p>{importSummary(r)}</p>} refusedName={t("ma.import.refusedName")} />
    </form>
  );
}

export interface ImportPostsDialogProps {
  visible: boolean;
  brand: string;
  onClose: () => void;
  /** An import wrote rows: the figures should load again. */
  onImported: () => void;
  /** The upload; `uploadPosts` unless a test gives another. */
  upload?: UploadPosts;
}

/**
 * The dialog on the import statechart (`machines/importOrders`, over the social result) and the
 * target's (`machines/ma/importTargetMachine`: the account's pages). Mounted while open, so the
 * pages are read when the dialog opens, for the brand shown then.
 */
export function ImportPostsDialog({ visible, brand, onClose, onImported, upload = uploadPosts }: ImportPostsDialogProps) {
  const latest = useRef({ onImported });
  latest.current = { onImported };
  const actor = useActorRef(
    importPostsMachine.provide({ actors: importPostsActors(upload), actions: { notifyImported: () => latest.current.onImported() } }),
    { input: { maxBytes: MAX_SOCIAL_FILE_BYTES }, inspect: appInspect },
  );
  const phase = useSelector(actor, selectImportPhase<File, ImportSocialResult>, sameImportPhase);
  const fileName = useSelector(actor, selectImportFileName<File, ImportSocialResult>);
  const user = useSelector(authActor, selectUser);
  const accounts = ofBrand(user?.listbag ?? [], brand);
  // A brand with a single account has it chosen at once.
  const defaultAccount = accounts.length === 1 ? accounts[0]!._id : null;
  // The dialog is mounted while open, over the brand shown then (the top bar is behind it).
  const targetActor = useActorRef(importTargetMachine.provide({ actors: importTargetActors(brand) }), { inspect: appInspect });
  const target = useSelector(targetActor, selectImportTarget, sameImportTarget);
  useEffect(() => {
    if (defaultAccount !== null && targetActor.getSnapshot().matches("unchosen")) targetActor.send({ type: "target.account", account: defaultAccount });
  }, [targetActor, defaultAccount]);

  const uploading = phase.kind === "uploading";
  const close = () => {
    if (uploading) return;
    actor.send({ type: "import.close" });
    onClose();
  };
  return (
    <Dialog visible={visible} onHide={close} header={t("ma.import.title")} style={{ width: "640px", maxWidth: "calc(100vw - 16px)" }} closable={!uploading}>
      <ImportPostsView
        brand={brand}
        accounts={accounts}
        account={target.account}
        pages={target.pages}
        page={target.page}
        pagesError={target.error}
        hasTarget={target.target !== null}
        phase={phase}
        fileName={fileName}
        onAccount={(account) => targetActor.send({ type: "target.account", account })}
        onPage={(page) => targetActor.send({ type: "target.page", page })}
        onRetryPages={() => targetActor.send({ type: "target.retry" })}
        onPick={(file) => actor.send({ type: "import.pick", file })}
        onSubmit={() => target.target !== null && actor.send({ type: "import.submit", target: targetText(target.target) })}
        onCancelUpload={() => actor.send({ type: "import.cancel" })}
        onClose={close}
      />
    </Dialog>
  );
}
