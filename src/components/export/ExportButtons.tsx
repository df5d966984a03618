/**
 * The export buttons of a chart or table, the same on every page: "PNG" (the chart as an image
 * with its title, brand and range) then "CSV" (its figures), small outlined buttons whose
 * accessible names say what is saved: "Download Segments as PNG", "Download Segments as CSV".
 */
import { t } from "@/i18n/i18n";
import "./export.css";

export interface ExportButtonsProps {
  /** What is exported, as the names read: "GMV by region", "the key figures". */
  title: string;
  /** Saves the CSV. */
  onCsv: () => void;
  /** Saves the PNG; absent = no PNG button (a table alone). */
  onPng?: () => void;
  /** Nothing to export yet (an empty chart). */
  disabled?: boolean;
  /** The verb of the CSV button's name ("Download" unless a page's names say otherwise). */
  csvVerb?: "Download" | "Export";
}

export const EXPORT_BUTTON = "p-button p-component p-button-outlined p-button-sm export-button";

export function ExportButtons({ title, onCsv, onPng, disabled = false, csvVerb = "Download" }: ExportButtonsProps) {
  return (
    <div className="export-buttons" role="group" aria-label={t("common.export.group", { title })}>
      {onPng !== undefined && (
        <button type="button" className={EXPORT_BUTTON} aria-label={t("common.export.downloadPng", { title })} onClick={onPng} disabled={disabled}>
          {/* i18n-ignore: the file format's name */}
          <i className="pi pi-image" aria-hidden="true" /> PNG
        </button>
      )}
      <button type="button" className={EXPORT_BUTTON} aria-label={csvVerb === "Export" ? t("common.export.exportCsv", { title }) : t("common.export.downloadCsv", { title })} onClick={onCsv} disabled={disabled}>
        {/* i18n-ignore: the file format's name */}
        <i className="pi pi-file-export" aria-hidden="true" /> CSV
      </button>
    </div>
  );
}
