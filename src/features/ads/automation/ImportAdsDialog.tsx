/**
 * "Import ads": a Meta Ads Manager or TikTok Ads Manager report (or the documented ads CSV; CSV
 * or XLSX) for one ad account of the brand shown, sent with upload progress (`POST
 * /user/import-ads`), then what was written (rows, campaigns, ads, first and last day, the alerts
 * the rules raised) or every refused line (nothing is written then). An import makes the page
 * load again (`onImported`). The layouts: docs/ads-import.md.
 */
import { useRef, useState, type FormEvent } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { ofBrand, type Bag } from "../../../../domain/entities";
import type { ImportAdsResult } from "../../../../domain/adsImport";
import { selectUser } from "../../../../machines/auth/authSelectors";
import { sameImportPhase, selectImportFileName, selectImportPhase, type ImportPhase } from "../../../../machines/importOrders/importOrdersSelectors";
import { authActor } from "@/app/auth";
import { appInspect } from "@/app/inspect";
import { ImportFileActions, ImportStatus } from "@/components/import/ImportStatus";
import { Dialog } from "@/components/ui/Dialog";
import { Select } from "@/components/ui/Select";
import { ADS_FILE_ACCEPT, MAX_ADS_FILE_BYTES, importAdsActors, importAdsMachine, uploadAds, type UploadAds } from "@/features/ads/automation/automationActors";
import { CHANNEL_NAMES, importAdsSummary } from "@/features/ads/automation/automationFormat";
import { t } from "@/i18n/i18n";

const accountLabel = (b: Bag) => `${b.name} (${CHANNEL_NAMES[b.channel] ?? b.channel})`;

/** The brand's ad accounts: its bags on Facebook (Meta) and TikTok. */
export const adAccountsOf = (bags: readonly Bag[], brand: string): Bag[] =>
  ofBrand(bags, brand).filter((b) => b.channel === "facebook" || b.channel === "tiktok");

export interface ImportAdsViewProps {
  brand: string;
  accounts: readonly Bag[];
  account: string | null;
  phase: ImportPhase<ImportAdsResult>;
  fileName: string | null;
  onAccount: (id: string) => void;
  onPick: (file: File | null) => void;
  onSubmit: () => void;
  onCancelUpload: () => void;
  onClose: () => void;
}

export function ImportAdsView(p: ImportAdsViewProps) {
  const busy = p.phase.kind === "uploading";
  const ready = p.fileName !== null && p.account !== null && !busy;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) p.onSubmit();
  };
  const account = p.accounts.find((b) => b._id === p.account);
  return (
    <form className="import-form" onSubmit={submit} aria-busy={busy}>
      <p>
        {t("ads.import.intro")} <strong>{p.brand}</strong>
        {t("ads.import.introFormats")}
      </p>
      {p.accounts.length === 0 ? (
        <p className="error">{t("ads.import.noAccount")}</p>
      ) : (
        <label className="import-choice">
          <span aria-hidden="true">{t("ads.import.account")}</span>
          <Select
            label={t("ads.import.account")}
            value={account === undefined ? "" : accountLabel(account)}
            options={[...(account === undefined ? [""] : []), ...p.accounts.map(accountLabel)]}
            onChange={(label) => {
              const chosen = p.accounts.find((b) => accountLabel(b) === label);
              if (chosen !== undefined) p.onAccount(chosen._id);
            }}
          />
        </label>
      )}
      <ImportFileActions
        fileLabel={t("ads.import.file")}
        accept={ADS_FILE_ACCEPT}
        busy={busy}
        ready={ready}
        onPick={p.onPick}
        onCancelUpload={p.onCancelUpload}
        onClose={p.onClose}
      />
      <ImportStatus phase={p.phase} importedTitle={t("ads.import.imported")} summary={(r) => <p>{importAdsSummary(r)}</p>} refusedName={t("ads.import.refused")} />
    </form>
  );
}

export interface ImportAdsDialogProps {
  brand: string;
  onClose: () => void;
  /** An import wrote rows: the page loads its data again. */
  onImported: () => void;
  /** The upload; `uploadAds` unless a test gives another. */
  upload?: UploadAds;
}

/**
 * The dialog on the import statechart (`machines/importOrders`, over the ads result). Mounted
 * while open, over the brand shown then; a brand with one ad account has it chosen.
 */
export function ImportAdsDialog({ brand, onClose, onImported, upload = uploadAds }: ImportAdsDialogProps) {
  const latest = useRef({ onImported });
  latest.current = { onImported };
  const actor = useActorRef(
    importAdsMachine.provide({ actors: importAdsActors(upload), actions: { notifyImported: () => latest.current.onImported() } }),
    { input: { maxBytes: MAX_ADS_FILE_BYTES }, inspect: appInspect },
  );
  const phase = useSelector(actor, selectImportPhase<File, ImportAdsResult>, sameImportPhase);
  const fileName = useSelector(actor, selectImportFileName<File, ImportAdsResult>);
  const user = useSelector(authActor, selectUser);
  const accounts = adAccountsOf(user?.listbag ?? [], brand);
  const [chosen, setChosen] = useState<string | null>(null);
  const account = chosen ?? (accounts.length === 1 ? accounts[0]!._id : null);

  const uploading = phase.kind === "uploading";
  const close = () => {
    if (uploading) return;
    actor.send({ type: "import.close" });
    onClose();
  };
  return (
    <Dialog visible onHide={close} header={t("ads.automation.importAds")} style={{ width: "640px", maxWidth: "calc(100vw - 16px)" }} closable={!uploading}>
      <ImportAdsView
        brand={brand}
        accounts={accounts}
        account={account}
        phase={phase}
        fileName={fileName}
        onAccount={setChosen}
        onPick={(file) => actor.send({ type: "import.pick", file })}
        onSubmit={() => account !== null && actor.send({ type: "import.submit", target: account })}
        onCancelUpload={() => actor.send({ type: "import.cancel" })}
        onClose={close}
      />
    </Dialog>
  );
}
