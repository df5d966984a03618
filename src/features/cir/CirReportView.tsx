/**
 * The /cir/{id} report as shown (plain props; the container is CirReportPage): the header (title,
 * brand, range resolved, owner, sharing, generation time), the sections in order, and for the
 * owner the editor (rename, Move up / Move down and drag, add and edit text blocks, remove, share,
 * Save / Cancel), Duplicate, Delete, History; Export PDF and Print for everyone.
 */
import { useId, useState, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import type { Section } from "../../../domain/cirContract";
import type { CirEditorEvent } from "../../../machines/cir/cirEditorMachine";
import type { CirEditorPhase } from "../../../machines/cir/cirEditorSelectors";
import { Button } from "@/components/ui/Button";
import { ConfirmDeleteDialog } from "@/components/ui/ConfirmDeleteDialog";
import { Dialog } from "@/components/ui/Dialog";
import { bangkokTime, daysText, rangeText } from "@/features/cir/cirFormat";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";
import { SourceSectionBody, sectionTitle } from "@/features/cir/CirSectionView";

export interface CirReportViewProps {
  phase: CirEditorPhase;
  send: (event: CirEditorEvent) => void;
  onExportPdf: () => void;
  exporting: boolean;
  onPrint: () => void;
  /** When the page was drawn (the print header's generation time). */
  printedAt: string;
}

type Loaded = Extract<CirEditorPhase, { kind: "loaded" }>;

const EVENT_WORDS: Readonly<Record<string, MessageKey>> = {
  "cirReport.created": "cir.event.created",
  "cirReport.updated": "cir.event.updated",
  "cirReport.deleted": "cir.event.deleted",
  "cirReport.duplicated": "cir.event.duplicated",
  "cirReport.restored": "cir.event.restored",
  "cirReport.sectionAdded": "cir.event.sectionAdded",
};

/** A history event's type in words ("cirReport.created" → "Report created"). */
function eventWords(type: string): string {
  const key = EVENT_WORDS[type];
  return key === undefined ? type.replace(/^cir[._]?/, "").replace(/[._]/g, " ") : t(key);
}

function SectionItem({ section, index, count, p, send, editing, onDragStart, onDrop }: {
  section: Section; index: number; count: number; p: Loaded; send: CirReportViewProps["send"]; editing: boolean;
  onDragStart: (index: number) => void; onDrop: (index: number) => void;
}) {
  const headingId = useId();
  const title = sectionTitle(section);
  const result = section.type === "source" ? p.data.value?.sections.find((r) => r.id === section.id) : undefined;
  const name = section.type === "text" ? t("cir.report.commentaryN", { n: index + 1 }) : title;
  return (
    <li
      className={`cir-section${editing ? " cir-section-editing" : ""}`}
      aria-labelledby={headingId}
      draggable={editing}
      onDragStart={editing ? (e) => { e.dataTransfer.effectAllowed = "move"; onDragStart(index); } : undefined}
      onDragOver={editing ? (e) => e.preventDefault() : undefined}
      onDrop={editing ? (e) => { e.preventDefault(); onDrop(index); } : undefined}
    >
      <div className="cir-section-head">
        <h2 id={headingId}>{title}</h2>
        {editing && (
          <div className="cir-section-tools">
            <span className="cir-drag" aria-hidden="true" title={t("cir.report.dragToMove")}>⠿</span>
            <Button type="button" icon="pi pi-arrow-up" text aria-label={t("cir.report.moveUp", { name })} disabled={index === 0} onClick={() => send({ type: "edit.move", from: index, to: index - 1 })} />
            <Button type="button" icon="pi pi-arrow-down" text aria-label={t("cir.report.moveDown", { name })} disabled={index === count - 1} onClick={() => send({ type: "edit.move", from: index, to: index + 1 })} />
            <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={t("cir.report.remove", { name })} onClick={() => send({ type: "edit.remove", id: section.id })} />
          </div>
        )}
      </div>
      {section.type === "text" ? (
        editing ? (
          <textarea
            className="p-inputtext p-component cir-text-input"
            aria-label={t("cir.report.textOf", { name })}
            value={section.text}
            maxLength={5000}
            rows={4}
            onChange={(e) => send({ type: "edit.setText", id: section.id, text: e.target.value })}
          />
        ) : (
          <p className="cir-text">{section.text === "" ? <span className="muted">{t("cir.report.empty")}</span> : section.text}</p>
        )
      ) : (
        <SourceSectionBody section={section} result={result} dataState={p.data.state} />
      )}
    </li>
  );
}

function HistoryDialog({ p, send }: { p: Loaded; send: CirReportViewProps["send"] }) {
  const h = p.history;
  return (
    <Dialog visible={h !== null} onHide={() => send({ type: "history.close" })} header={t("cir.report.history")} style={{ width: "560px", maxWidth: "calc(100vw - 16px)" }}>
      {h?.state === "loading" && <p className="muted">{t("cir.report.loadingHistory")}</p>}
      {h?.state === "failed" && (
        <p className="form-error" role="alert">
          {translateMessage(p.error ?? "")} <Button type="button" label={t("cir.tryAgain")} text onClick={() => send({ type: "history.open" })} />
        </p>
      )}
      {h !== null && (h.state === "shown" || h.state === "restoring") && (
        <ol className="cir-history" aria-label={t("cir.report.versions")}>
          {h.events.map((e) => {
            const payload = (e.payload ?? {}) as { title?: unknown };
            const title = typeof payload.title === "string" ? payload.title : null;
            return (
              <li key={e.id}>
                <span>
                  {bangkokTime(e.at)} · {eventWords(e.type)} · {e.actor}
                  {title !== null && <> · “{title}”</>}
                </span>
                <Button type="button" label={t("cir.report.restore")} outlined size="small" aria-label={title === null ? t("cir.report.restoreVersion", { at: bangkokTime(e.at) }) : t("cir.report.restoreVersionTitled", { at: bangkokTime(e.at), title })} disabled={h.state === "restoring"} onClick={() => send({ type: "history.restore", event: e.id })} />
              </li>
            );
          })}
        </ol>
      )}
      {h?.state === "shown" && p.error !== null && <p className="form-error" role="alert">{translateMessage(p.error)}</p>}
    </Dialog>
  );
}

/** A load failure as a sentence: the server's "id: no report 7 that you may read" reads "No report 7 that you may read." */
function readableError(error: string): string {
  const text = error.replace(/^id: /, "");
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return translateMessage(/[.!?]$/.test(sentence) ? sentence : `${sentence}.`);
}

export function CirReportView({ phase, send, onExportPdf, exporting, onPrint, printedAt }: CirReportViewProps) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const titleId = useId();
  if (phase.kind === "loading") return <section className="page cir-page"><p className="muted">{t("cir.report.loading")}</p></section>;
  if (phase.kind === "failed") {
    return (
      <section className="page cir-page">
        <h1>{t("cir.report.notAvailable")}</h1>
        <p className="form-error" role="alert">{readableError(phase.error)}</p>
        <Button type="button" label={t("cir.tryAgain")} onClick={() => send({ type: "report.retry" })} /> <Link to="/cir" search={(prev) => prev}>{t("cir.report.back")}</Link>
      </section>
    );
  }
  if (phase.kind === "deleted") {
    return (
      <section className="page cir-page">
        <p role="status">{t("cir.report.deleted")}</p>
        <Button type="button" label={t("cir.report.undo")} outlined loading={phase.restoring} onClick={() => send({ type: "report.undelete" })} />{" "}
        <Link to="/cir" search={(prev) => prev}>{t("cir.report.back")}</Link>
        {phase.error !== null && <p className="form-error" role="alert">{translateMessage(phase.error)}</p>}
      </section>
    );
  }
  const p = phase;
  const r = p.report;
  const editing = p.draft !== null && (p.mode === "editing" || p.mode === "saving" || p.mode === "saveFailed" || p.mode === "conflict");
  const sections = editing ? p.draft!.sections : r.sections;
  const visibility = editing ? p.draft!.visibility : r.visibility;
  const resolved = p.data.value === null ? null : daysText(p.data.value.start, p.data.value.end);
  const generated = p.data.value?.generatedAt ?? printedAt;

  let tools: ReactNode;
  if (editing) {
    tools = (
      <>
        <Button type="button" label={t("cir.report.save")} icon="pi pi-check" loading={p.mode === "saving"} onClick={() => send({ type: "edit.save" })} />
        <Button type="button" label={t("cir.cancel")} outlined disabled={p.mode === "saving"} onClick={() => send({ type: "edit.cancel" })} />
        <Button type="button" label={t("cir.report.addText")} icon="pi pi-align-left" outlined onClick={() => send({ type: "edit.addText" })} />
      </>
    );
  } else {
    tools = (
      <>
        {r.canEdit && <Button type="button" label={t("cir.report.edit")} icon="pi pi-pencil" onClick={() => send({ type: "edit.start" })} />}
        <Button type="button" label={t("cir.report.exportPdf")} icon="pi pi-file-pdf" outlined loading={exporting} onClick={onExportPdf} />
        <Button type="button" label={t("cir.report.print")} icon="pi pi-print" outlined onClick={onPrint} />
        <Button type="button" label={t("cir.report.duplicate")} icon="pi pi-copy" outlined loading={p.mode === "duplicating"} onClick={() => send({ type: "report.duplicate" })} />
        {r.canEdit && <Button type="button" label={t("cir.report.history")} icon="pi pi-history" outlined onClick={() => send({ type: "history.open" })} />}
        {r.canEdit && <Button type="button" label={t("cir.report.delete")} icon="pi pi-trash" outlined severity="danger" onClick={() => send({ type: "delete.ask" })} />}
      </>
    );
  }

  return (
    <article className="page cir-page cir-report" aria-labelledby={titleId}>
      <p className="cir-back no-print">
        <Link to="/cir" search={(prev) => prev}>{t("cir.report.backShort")}</Link>
      </p>
      <header className="cir-report-head">
        {editing ? (
          <div className="field cir-title-field">
            <label htmlFor={titleId}>{t("cir.report.titleLabel")}</label>
            <input id={titleId} className="p-inputtext p-component" value={p.draft!.title} maxLength={120} aria-invalid={p.titleError !== null} onChange={(e) => send({ type: "edit.rename", title: e.target.value })} />
            {p.titleError !== null && <small className="form-error">{translateMessage(p.titleError)}</small>}
          </div>
        ) : (
          <h1 id={titleId}>{r.title}</h1>
        )}
        <dl className="cir-meta" aria-label={t("cir.report.about")}>
          <div><dt>{t("cir.brand")}</dt><dd>{r.brand}</dd></div>
          <div><dt>{t("cir.rangeLabel")}</dt><dd>{rangeText(r.range)}{resolved !== null && r.range.kind === "relative" ? ` (${resolved})` : ""}</dd></div>
          <div><dt>{t("cir.owner")}</dt><dd>{r.canEdit ? t("cir.report.ownerYou", { name: r.owner.name }) : r.owner.name}</dd></div>
          <div><dt>{t("cir.sharing")}</dt><dd>{visibility === "brand" ? t("cir.report.sharedWithUsers", { brand: r.brand }) : t("cir.private")}</dd></div>
          <div className="print-only"><dt>{t("cir.report.generated")}</dt><dd>{bangkokTime(generated)}</dd></div>
        </dl>
        {!r.canEdit && <p className="muted no-print">{t("cir.report.sharedByNote", { name: r.owner.name })}</p>}
        {editing && (
          <label className="cir-share no-print">
            <input type="checkbox" checked={visibility === "brand"} onChange={(e) => send({ type: "edit.share", visibility: e.target.checked ? "brand" : "private" })} /> {t("cir.report.shareWithUsers", { brand: r.brand })}
          </label>
        )}
        <div className="cir-tools no-print" role="toolbar" aria-label={t("cir.report.actions")}>
          {tools}
        </div>
        {p.mode === "saved" && <p role="status" className="cir-saved no-print">{t("cir.report.saved")}</p>}
        {p.mode === "conflict" && (
          <p className="form-error no-print" role="alert">
            {translateMessage(p.error ?? "")} <Button type="button" label={t("cir.report.reload")} text onClick={() => send({ type: "report.reload" })} />
          </p>
        )}
        {(p.mode === "saveFailed" || (p.mode === "viewing" && p.error !== null)) && <p className="form-error no-print" role="alert">{translateMessage(p.error ?? "")}</p>}
        {p.data.state === "failed" && (
          <p className="form-error no-print" role="alert">
            {translateMessage(p.data.error ?? "")} <Button type="button" label={t("cir.tryAgain")} text onClick={() => send({ type: "data.retry" })} />
          </p>
        )}
      </header>
      {sections.length === 0 ? (
        <p className="muted">{r.canEdit ? t("cir.report.noSectionsOwner") : t("cir.report.noSections")}</p>
      ) : (
        <ol className="cir-sections" aria-label={t("cir.sections")}>
          {sections.map((s, i) => (
            <SectionItem
              key={s.id}
              section={s}
              index={i}
              count={sections.length}
              p={p}
              send={send}
              editing={editing}
              onDragStart={setDragFrom}
              onDrop={(to) => {
                if (dragFrom !== null) send({ type: "edit.move", from: dragFrom, to });
                setDragFrom(null);
              }}
            />
          ))}
        </ol>
      )}
      <ConfirmDeleteDialog
        visible={p.mode === "confirmingDelete" || p.mode === "deleting"}
        header={t("cir.report.deleteTitle")}
        width={420}
        deleting={p.mode === "deleting"}
        error={p.mode === "confirmingDelete" ? p.error : null}
        failurePrefix={t("cir.report.notDeleted")}
        onConfirm={() => send({ type: "delete.confirm" })}
        onCancel={() => send({ type: "delete.cancel" })}
      >
        <p>{t("cir.report.deleteText", { title: r.title })}</p>
      </ConfirmDeleteDialog>
      <HistoryDialog p={p} send={send} />
    </article>
  );
}
