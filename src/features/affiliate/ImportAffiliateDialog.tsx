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

export const IMPORT_TITLE = "Import affiliate report";

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

function Summary({ result, onShowRange }: { result: ImportAffiliateResult; onShowRange: (start: string, end: string) => void }) {
  const first = result.first === null ? null : dayOf(result.first);
  const last = result.last === null ? null : dayOf(result.last);
  return (
    <>
      <p>{importAffiliateSummary(result)}</p>
      {result.notes.length > 0 && (
        <ul className="affiliate-import-notes" aria-label="Notes on the file">
          {result.notes.map((n, i) => (
            <li key={`${n.line}-${i}`}>
              Line {n.line}: {n.reason}
            </li>
          ))}
        </ul>
      )}
      {first !== null && last !== null && isDay(first) && isDay(last) && (
        <button type="button" className="p-button p-component p-button-sm p-button-text" onClick={() => onShowRange(first, last)}>
          <i className="pi pi-calendar" aria-hidden="true" /> Show {first} to {last}
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
  return (
    <form className="import-form" onSubmit={submit} aria-busy={busy}>
      <p>
        Affiliate conversions of <strong>{p.brand}</strong>: the conversion report of Shopee Affiliate or of Lazada&rsquo;s affiliate programme
        (English or Thai headers), or the documented affiliate CSV; CSV or XLSX. Orders whose id matches one of the brand&rsquo;s orders take their
        value and customer from it. A file already imported updates its conversions, never counts them twice; a file with a bad line is refused
        whole, with the line numbers.
      </p>
      <ImportFileActions
        fileLabel="Report file"
        accept={AFFILIATE_FILE_ACCEPT}
        busy={busy}
        ready={ready}
        onPick={p.onPick}
        onCancelUpload={p.onCancelUpload}
        onClose={p.onClose}
      />
      <ImportStatus
        phase={p.phase}
        importedTitle="Affiliate report imported"
        summary={(r) => <Summary result={r} onShowRange={p.onShowRange} />}
        refusedName="refused affiliate report lines"
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
    <Dialog visible onHide={close} header={IMPORT_TITLE} style={{ width: "640px", maxWidth: "calc(100vw - 16px)" }} closable={!uploading}>
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
