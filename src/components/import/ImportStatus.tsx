/**
 * What an import dialog shows of its file's way, the same in every dialog (orders on /e-commerce,
 * posts on /ma): upload progress, then the feature's summary of what was written, or every
 * refused line with its reason (and a CSV of them), or why the file could not be sent or read.
 * The phase comes from the import statechart (`machines/importOrders`).
 */
import { useId, type ReactNode } from "react";
import type { ImportPhase } from "../../../machines/importOrders/importOrdersSelectors";
import { downloadCsv, fileNameOf, toCsv } from "@/components/export/download";
import { formatCount, formatPercent } from "@/components/format/numbers";
import { t, translateMessage } from "@/i18n/i18n";
import "./importStatus.css";

const BUTTON = "p-button p-component p-button-sm";

export interface ImportStatusProps<R> {
  phase: ImportPhase<R>;
  /** "Orders imported", "Posts imported". */
  importedTitle: string;
  /** The summary of what was written, in words. */
  summary: (result: R) => ReactNode;
  /** Names the CSV of refused lines: "refused order lines". */
  refusedName: string;
}

export function ImportStatus<R>({ phase, importedTitle, summary, refusedName }: ImportStatusProps<R>) {
  switch (phase.kind) {
    case "idle":
      return null;
    case "uploading":
      return (
        <div className="import-progress" role="status">
          <progress aria-label={t("common.import.progress")} max={1} value={phase.fraction} />
          <span>
            {phase.fraction >= 1 ? t("common.import.reading") : t("common.import.uploading", { percent: formatPercent(Math.round(phase.fraction * 100), 0) })}
          </span>
        </div>
      );
    case "imported":
      return (
        <div className="import-done" role="status">
          <p className="import-title">
            <i className="pi pi-check-circle" aria-hidden="true" /> {importedTitle}
          </p>
          {summary(phase.result)}
        </div>
      );
    case "failed":
      return (
        <p className="error" role="alert">
          {translateMessage(phase.message)}
        </p>
      );
    case "refused":
      return <RefusedRows message={phase.message} rows={phase.rows} name={refusedName} />;
  }
}

function RefusedRows({ message, rows, name }: { message: string; rows: readonly { line: number; reason: string }[]; name: string }) {
  const caption = t("common.import.refusedLines", { count: formatCount(rows.length) });
  return (
    <div className="import-refused">
      <div role="alert">
        <p className="import-title error">{t("common.import.refused")}</p>
        <p>{translateMessage(message)}</p>
      </div>
      {rows.length > 0 && (
        <>
          <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
            <table>
              <caption>{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("common.import.line")}</th>
                  <th scope="col">{t("common.import.reason")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={`${r.line}-${i}`}>
                    <th scope="row">{r.line}</th>
                    <td>{translateMessage(r.reason)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button
            type="button"
            className={`${BUTTON} p-button-outlined`}
            aria-label={t("common.import.downloadRefused")}
            onClick={() =>
              downloadCsv(
                fileNameOf(name, "csv"),
                toCsv(rows, [
                  { header: t("common.import.line"), value: (r) => r.line },
                  { header: t("common.import.reason"), value: (r) => translateMessage(r.reason) },
                ]),
              )
            }
          >
            <i className="pi pi-file-export" aria-hidden="true" /> {t("common.import.csv")}
          </button>
        </>
      )}
    </div>
  );
}

export interface ImportFileActionsProps {
  /** The file input's label: "Orders file", "Export file". */
  fileLabel: string;
  accept: string;
  busy: boolean;
  /** Everything the import needs is chosen. */
  ready: boolean;
  onPick: (file: File | null) => void;
  onCancelUpload: () => void;
  onClose: () => void;
}

/** The file input and the dialog's buttons: Cancel upload while sending, else Close; Import. */
export function ImportFileActions(p: ImportFileActionsProps) {
  const inputId = useId();
  return (
    <>
      <label htmlFor={inputId}>{p.fileLabel}</label>
      <input id={inputId} type="file" accept={p.accept} disabled={p.busy} onChange={(e) => p.onPick(e.target.files?.[0] ?? null)} />
      <div className="dialog-actions">
        {p.busy ? (
          <button type="button" className={`${BUTTON} p-button-outlined`} onClick={p.onCancelUpload}>
            {t("common.import.cancelUpload")}
          </button>
        ) : (
          <button type="button" className={`${BUTTON} p-button-outlined`} onClick={p.onClose}>
            {t("common.action.close")}
          </button>
        )}
        <button type="submit" className={BUTTON} disabled={!p.ready}>
          <i className="pi pi-upload" aria-hidden="true" /> {t("common.import.import")}
        </button>
      </div>
    </>
  );
}
