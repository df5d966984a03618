/**
 * "Import tracking sheet": the post-tracking sheet an agency sends (CSV or XLSX; the layout:
 * docs/kol-import.md) into the campaign shown, sent with upload progress (`POST /user/import-kol`),
 * then what was written (rows, KOLs added to the roster, bookings, posts new / updated /
 * unchanged) or every refused line with its reason (nothing is written then). Runs on the import
 * statechart (`machines/importOrders`), as the other import dialogs.
 */
import { useEffect, useRef, type FormEvent } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { ImportKolResult } from "../../../../domain/kolContract";
import { sameImportPhase, selectImportFileName, selectImportPhase, type ImportPhase } from "../../../../machines/importOrders/importOrdersSelectors";
import { appInspect } from "@/app/inspect";
import { showToast } from "@/app/toast";
import { formatCount } from "@/components/format/numbers";
import { ImportFileActions, ImportStatus } from "@/components/import/ImportStatus";
import { Dialog } from "@/components/ui/Dialog";
import { KOL_FILE_ACCEPT, MAX_KOL_FILE_BYTES, importKolActors, importKolMachine, uploadKolSheet, type UploadKolSheet } from "./kolEditorActors";
import { t, translateMessage } from "@/i18n/i18n";
import "./editors.css";

/** What an import wrote, in words. */
export function importKolSummary(r: ImportKolResult): string {
  return t("kol.import.summary", {
    rows: r.rows, rowsText: formatCount(r.rows), encoding: r.encoding, inserted: formatCount(r.inserted), updated: formatCount(r.updated),
    unchanged: formatCount(r.unchanged), kols: r.kolsCreated, kolsText: formatCount(r.kolsCreated), bookings: r.bookingsCreated,
    bookingsText: formatCount(r.bookingsCreated), bookingsUpdated: formatCount(r.bookingsUpdated),
  });
}

function ImportKolSummary({ result }: { result: ImportKolResult }) {
  return (
    <>
      <p>{importKolSummary(result)}</p>
      {result.notes.length > 0 && (
        <ul className="kol-notes" aria-label={t("kol.import.notes")}>
          {result.notes.map((n, i) => (
            <li key={`${n.line}-${i}`}>{n.line === 0 ? translateMessage(n.reason) : t("kol.import.noteLine", { line: formatCount(n.line), reason: translateMessage(n.reason) })}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export interface ImportKolViewProps {
  campaignName: string | null;
  phase: ImportPhase<ImportKolResult>;
  fileName: string | null;
  onPick: (file: File | null) => void;
  onSubmit: () => void;
  onCancelUpload: () => void;
  onClose: () => void;
}

export function ImportKolView(p: ImportKolViewProps) {
  const busy = p.phase.kind === "uploading";
  const ready = p.fileName !== null && !busy;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) p.onSubmit();
  };
  return (
    <form className="import-form" onSubmit={submit} aria-busy={busy}>
      <p>
        {p.campaignName === null ? (
          t("kol.import.introThis")
        ) : (
          <>
            {t("kol.import.introOf")} <strong>{p.campaignName}</strong>
          </>
        )}
        {t("kol.import.intro")}
      </p>
      <ImportFileActions fileLabel={t("kol.import.file")} accept={KOL_FILE_ACCEPT} busy={busy} ready={ready} onPick={p.onPick} onCancelUpload={p.onCancelUpload} onClose={p.onClose} />
      <ImportStatus phase={p.phase} importedTitle={t("kol.import.imported")} summary={(r) => <ImportKolSummary result={r} />} refusedName={t("kol.import.refusedName")} />
    </form>
  );
}

export interface ImportKolDialogProps {
  brand: string;
  campaignId: number;
  /** Named in the dialog's words when the page knows it. */
  campaignName?: string;
  visible: boolean;
  onClose: () => void;
  /** The sheet was written: the page loads its data again. */
  onImported: (result: ImportKolResult) => void;
  /** The upload; `uploadKolSheet` unless a test gives another. */
  upload?: UploadKolSheet;
}

export function ImportKolDialog({ campaignId, campaignName, visible, onClose, onImported, upload = uploadKolSheet }: ImportKolDialogProps) {
  const latest = useRef({ onImported });
  latest.current = { onImported };
  const actor = useActorRef(
    importKolMachine.provide({
      actors: importKolActors(upload),
      actions: {
        notifyImported: ({ context }) => {
          const outcome = context.outcome;
          if (outcome?.kind !== "imported") return;
          const written = outcome.result.inserted + outcome.result.updated;
          showToast({ severity: "success", summary: t("kol.import.imported"), detail: t("kol.import.written", { count: written, n: formatCount(written) }) });
          latest.current.onImported(outcome.result);
        },
      },
    }),
    { input: { maxBytes: MAX_KOL_FILE_BYTES }, inspect: appInspect },
  );
  const phase = useSelector(actor, selectImportPhase<File, ImportKolResult>, sameImportPhase);
  const fileName = useSelector(actor, selectImportFileName<File, ImportKolResult>);
  const uploading = phase.kind === "uploading";
  // Hidden by the page: the file and outcome are forgotten, so the next opening starts afresh.
  useEffect(() => {
    if (!visible) actor.send({ type: "import.close" });
  }, [actor, visible]);
  const close = () => {
    if (uploading) return;
    actor.send({ type: "import.close" });
    onClose();
  };
  return (
    <Dialog visible={visible} onHide={close} header={t("kol.importSheet")} style={{ width: "640px", maxWidth: "calc(100vw - 16px)" }} closable={!uploading}>
      <ImportKolView
        campaignName={campaignName ?? null}
        phase={phase}
        fileName={fileName}
        onPick={(file) => actor.send({ type: "import.pick", file })}
        onSubmit={() => actor.send({ type: "import.submit", target: String(campaignId) })}
        onCancelUpload={() => actor.send({ type: "import.cancel" })}
        onClose={close}
      />
    </Dialog>
  );
}
