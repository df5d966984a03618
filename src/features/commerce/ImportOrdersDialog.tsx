/**
 * "Import orders": a dialog to send an orders file (the documented CSV, or a Shopee or Lazada
 * export, CSV or XLSX) for the brand shown, with upload progress, then what was written
 * (inserted, updated, unchanged) or, for a refused file, every bad line and why (nothing is
 * written then). A successful import makes the page load its figures again (`onImported`).
 */
import { Fragment, useRef, type FormEvent } from "react";
import { t, type MessageKey } from "@/i18n/i18n";
import { useActorRef, useSelector } from "@xstate/react";
import { sameImportPhase, selectImportFileName, selectImportPhase, type ImportPhase } from "../../../machines/importOrders/importOrdersSelectors";
import { appInspect } from "@/app/inspect";
import { Dialog } from "@/components/ui/Dialog";
import type { ImportOrdersResult } from "../../../domain/commerce";
import { ImportFileActions, ImportStatus } from "@/components/import/ImportStatus";
import { formatCount } from "@/features/commerce/commerceFormat";
import { MAX_ORDER_FILE_BYTES, ORDER_FILE_ACCEPT, uploadOrders } from "@/features/commerce/importOrders";
import { importOrdersActors, importOrdersPageMachine, type UploadOrders } from "@/features/commerce/importOrdersActors";

export type { ImportPhase };

const FORMAT_NAMES: Partial<Record<string, MessageKey>> = {
  documented: "commerce.import.format.documented",
  shopee: "commerce.import.format.shopee",
  lazada: "commerce.import.format.lazada",
};

/** The documented layout's columns (the file's own names). */
const COLUMNS = ["order_id", "platform", "customer_id", "ordered_at", "status", "product", "sku", "quantity", "price", "province", "region"] as const; // i18n-ignore: CSV column names

/** The summary of an import in words. */
export function importSummary(r: ImportOrdersResult): string {
  const key = FORMAT_NAMES[r.format];
  return t("commerce.import.summary", {
    rows: r.rows,
    rowsText: formatCount(r.rows),
    format: key === undefined ? r.format : t(key),
    orders: r.orders,
    ordersText: formatCount(r.orders),
    inserted: formatCount(r.inserted),
    updated: formatCount(r.updated),
    unchanged: formatCount(r.unchanged),
  });
}


export interface ImportOrdersViewProps {
  brand: string;
  phase: ImportPhase;
  fileName: string | null;
  onPick: (file: File | null) => void;
  onSubmit: () => void;
  onCancelUpload: () => void;
  onClose: () => void;
}

/** The dialog's content as plain props. */
export function ImportOrdersView(p: ImportOrdersViewProps) {
  const busy = p.phase.kind === "uploading";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (p.fileName !== null && !busy) p.onSubmit();
  };
  return (
    <form className="import-form" onSubmit={submit} aria-busy={busy}>
      <p>
        {t("commerce.import.introFor")} <strong>{p.brand}</strong>
        {t("commerce.import.introLayout")}{" "}
        {COLUMNS.map((c, i) => (
          <Fragment key={c}>
            {i > 0 && ", "}
            <code>{c}</code>
          </Fragment>
        ))}
        {t("commerce.import.introRest")}
      </p>
      <ImportFileActions
        fileLabel={t("commerce.import.fileLabel")}
        accept={ORDER_FILE_ACCEPT}
        busy={busy}
        ready={p.fileName !== null && !busy}
        onPick={p.onPick}
        onCancelUpload={p.onCancelUpload}
        onClose={p.onClose}
      />
      <ImportStatus phase={p.phase} importedTitle={t("commerce.import.imported")} summary={(r) => <p>{importSummary(r)}</p>} refusedName={t("commerce.import.refusedName")} />
    </form>
  );
}

export interface ImportOrdersDialogProps {
  visible: boolean;
  brand: string;
  onClose: () => void;
  /** An import wrote orders: the figures should load again. */
  onImported: () => void;
  /** The upload; `uploadOrders` unless a test gives another. */
  upload?: UploadOrders;
}

/** The dialog on its statechart (`machines/importOrders`): the container sends events, the view shows the phase. */
export function ImportOrdersDialog({ visible, brand, onClose, onImported, upload = uploadOrders }: ImportOrdersDialogProps) {
  const latest = useRef({ onImported });
  latest.current = { onImported };
  const actor = useActorRef(
    importOrdersPageMachine.provide({
      actors: importOrdersActors(upload),
      actions: { notifyImported: () => latest.current.onImported() },
    }),
    { input: { maxBytes: MAX_ORDER_FILE_BYTES }, inspect: appInspect },
  );
  const phase = useSelector(actor, selectImportPhase<File>, sameImportPhase);
  const fileName = useSelector(actor, selectImportFileName<File>);
  const uploading = phase.kind === "uploading";
  // Leaving the page stops the actor, which aborts an upload under way (the actor's signal).
  const close = () => {
    if (uploading) return;
    actor.send({ type: "import.close" });
    onClose();
  };
  return (
    <Dialog visible={visible} onHide={close} header={t("commerce.import.title")} style={{ width: "640px", maxWidth: "calc(100vw - 16px)" }} closable={!uploading}>
      <ImportOrdersView
        brand={brand}
        phase={phase}
        fileName={fileName}
        onPick={(file) => actor.send({ type: "import.pick", file })}
        onSubmit={() => actor.send({ type: "import.submit", target: brand })}
        onCancelUpload={() => actor.send({ type: "import.cancel" })}
        onClose={close}
      />
    </Dialog>
  );
}
