/**
 * "Import affiliate report": a Shopee Affiliate or Lazada affiliate conversion report, or the
 * documented affiliate CSV (CSV or XLSX; docs/affiliate-import.md), for the brand shown, sent with
 * upload progress (`POST /user/import-affiliate`), then what was written (rows, orders, how many
 * matched the brand's orders, the first and last order) or every refused line (nothing is
 * written then). An import makes the page load its figures again (`onImported`); the summary
 * offers to show the file's range.
 */
import { useRef, type FormEvent } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { ImportAffiliateResult } from "../../../domain/affiliateContract";
import { sameImportPhase, selectImportFileName, selectImportPhase, type ImportPhase } from "../../../machines/importOrders/importOrdersSelectors";
import { appInspect } from "@/app/inspect";
import { ImportFileActions, ImportStatus } from "@/components/import/ImportStatus";
import { Dialog } from "@/components/ui/Dialog";
import {
  AFFILIATE_FILE_ACCEPT, MAX_AFFILIATE_FILE_BYTES, importAffiliateActors, importAffiliateMachine, uploadAffiliate, type UploadAffiliate,
} from "@/features/affiliate/affiliateActors";
import { dayOf, importAffiliateSummary } from "@/features/affiliate/affiliateFormat";
import { formatDay } from "@/components/format/dates";
import { t, translateMessage } from "@/i18n/i18n";

export const importTitle = (): string => t("affiliate.import.title");

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

function Summary({ result, onShowRange }: { result: ImportAffiliateResult; onShowRange: (start: string, end: string) => void }) {
  const first = result.first === null ? null : dayOf(result.first);
  const last = result.last === null ? null : dayOf(result.last);
  return (
    <>
      <p>{importAffiliateSummary(result)}</p>
      {result.notes.length > 0 && (
        <ul className="affiliate-import-notes" aria-label={t("affiliate.import.notes")}>
          {result.notes.map((n, i) => (
            <li key={`${n.line}-${i}`}>
              {t("affiliate.import.note", { line: n.line, reason: translateMessage(n.reason) })}
            </li>
          ))}
        </ul>
      )}
      {first !== null && last !== null && isDay(first) && isDay(last) && (
        <button type="button" className="p-button p-component p-button-sm p-button-text" onClick={() => onShowRange(first, last)}>
          <i className="pi pi-calendar" aria-hidden="true" /> {t("affiliate.import.showRange", { start: formatDay(first), end: formatDay(last) })}
        </button>
      )}
    </>
  );
}

export interface ImportAffiliateViewProps {
  brand: string;
  phase: ImportPhase<ImportAffiliateResult>;
  fileName: string | null;
  onPick: (file: File | null) => void;
  onSubmit: () => void;
  onCancelUpload: () => void;
  onClose: () => void;
  onShowRange: (start: string, end: string) => void;
}

export function ImportAffiliateView(p: ImportAffiliateViewProps) {
  const busy = p.phase.kind === "uploading";
  const ready = p.fileName !== null && !busy;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) p.onSubmit();
  };
  // The brand stands out in the sentence: the message is cut where its {brand} is.
  const [introBefore = "", introAfter = ""] = t("affiliate.import.intro", { brand: "\u0000" }).split("\u0000");
  return (
    <form className="import-form" onSubmit={submit} aria-busy={busy}>
      <p>
        {introBefore}
        <strong>{p.brand}</strong>
        {introAfter}
      </p>
      <ImportFileActions
        fileLabel={t("affiliate.import.fileLabel")}
        accept={AFFILIATE_FILE_ACCEPT}
        busy={busy}
        ready={ready}
        onPick={p.onPick}
        onCancelUpload={p.onCancelUpload}
        onClose={p.onClose}
      />
      <ImportStatus
        phase={p.phase}
        importedTitle={t("affiliate.import.imported")}
        summary={(r) => <Summary result={r} onShowRange={p.onShowRange} />}
        refusedName={t("affiliate.import.refusedName")}
      />
    </form>
  );
}

export interface ImportAffiliateDialogProps {
  brand: string;
  onClose: () => void;
  /** An import wrote conversions: the page loads its figures again. */
  onImported: () => void;
  /** Show a range of days (the file's). */
  onShowRange: (start: string, end: string) => void;
  /** The upload; `uploadAffiliate` unless a test gives another. */
  upload?: UploadAffiliate;
}

/** The dialog on the import statechart (`machines/importOrders`, over the affiliate result). Mounted while open, for the brand shown then. */
export function ImportAffiliateDialog({ brand, onClose, onImported, onShowRange, upload = uploadAffiliate }: ImportAffiliateDialogProps) {
  const latest = useRef({ onImported });
  latest.current = { onImported };
  const actor = useActorRef(
    importAffiliateMachine.provide({ actors: importAffiliateActors(upload), actions: { notifyImported: () => latest.current.onImported() } }),
    { input: { maxBytes: MAX_AFFILIATE_FILE_BYTES }, inspect: appInspect },
  );
  const phase = useSelector(actor, selectImportPhase<File, ImportAffiliateResult>, sameImportPhase);
  const fileName = useSelector(actor, selectImportFileName<File, ImportAffiliateResult>);
  const uploading = phase.kind === "uploading";
  // Leaving the page stops the actor, which aborts an upload under way (the actor's signal).
  const close = () => {
    if (uploading) return;
    actor.send({ type: "import.close" });
    onClose();
  };
  return (
    <Dialog visible onHide={close} header={importTitle()} style={{ width: "640px", maxWidth: "calc(100vw - 16px)" }} closable={!uploading}>
      <ImportAffiliateView
        brand={brand}
        phase={phase}
        fileName={fileName}
        onPick={(file) => actor.send({ type: "import.pick", file })}
        onSubmit={() => actor.send({ type: "import.submit", target: brand })}
        onCancelUpload={() => actor.send({ type: "import.cancel" })}
        onClose={close}
        onShowRange={(start, end) => {
          close();
          onShowRange(start, end);
        }}
      />
    </Dialog>
  );
}
