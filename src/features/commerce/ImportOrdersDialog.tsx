/**
 * "Import orders": a dialog to send an orders file (the documented CSV, or a Shopee or Lazada
 * export, CSV or XLSX) for the brand shown, with upload progress, then what was written
 * (inserted, updated, unchanged) or, for a refused file, every bad line and why (nothing is
 * written then). A successful import makes the page load its figures again (`onImported`).
 */
import { useRef, type FormEvent } from "react";
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

const FORMAT_NAMES: Record<string, string> = { documented: "the documented CSV", shopee: "a Shopee export", lazada: "a Lazada export" };

/** The summary of an import in words. */
export function importSummary(r: ImportOrdersResult): string {
  const format = FORMAT_NAMES[r.format] ?? r.format;
  return (
    `Read ${formatCount(r.rows)} ${r.rows === 1 ? "row" : "rows"} (${format}) as ${formatCount(r.orders)} ${r.orders === 1 ? "order" : "orders"}: ` +
    `${formatCount(r.inserted)} new, ${formatCount(r.updated)} updated, ${formatCount(r.unchanged)} unchanged.`
  );
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
        Orders for <strong>{p.brand}</strong>. A file of the documented layout (columns <code>order_id</code>, <code>platform</code>,{" "}
        <code>customer_id</code>, <code>ordered_at</code>, <code>status</code>, <code>product</code>, <code>sku</code>, <code>quantity</code>,{" "}
        <code>price</code>, <code>province</code>, <code>region</code>), or an order export of Shopee or Lazada, as CSV or XLSX. Orders already imported
        are updated, never counted twice.
      </p>
      <ImportFileActions
        fileLabel="Orders file"
        accept={ORDER_FILE_ACCEPT}
        busy={busy}
        ready={p.fileName !== null && !busy}
        onPick={p.onPick}
        onCancelUpload={p.onCancelUpload}
        onClose={p.onClose}
      />
      <ImportStatus phase={p.phase} importedTitle="Orders imported" summary={(r) => <p>{importSummary(r)}</p>} refusedName="refused order lines" />
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
    <Dialog visible={visible} onHide={close} header="Import orders" style={{ width: "640px", maxWidth: "calc(100vw - 16px)" }} closable={!uploading}>
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
