/**
 * The /report page's view (presentational): the user's library (files saved by hand or made by a
 * schedule) and the schedules, with their dialogs. Plain props; the container is ReportPage.
 */
import { useEffect, useId, useState } from "react";
import {
  SCHEDULE_FREQUENCIES, SCHEDULE_FREQUENCY_LABELS, REPORT_SCHEDULE_HOUR, type LibraryFile, type ReportSchedule, type ScheduleFrequency,
} from "../../../domain/reportLibraryContract";
import type { ReportLibraryActionsEvent, ReportLibraryActionsView, ReportLibraryData } from "../../../machines/reportLibrary/reportLibraryMachine";
import type { PagePhase } from "../../../machines/shared/pageLoad";
import { Button } from "@/components/ui/Button";
import { ConfirmDeleteDialog } from "@/components/ui/ConfirmDeleteDialog";
import { Dialog } from "@/components/ui/Dialog";
import { formatCount } from "@/components/format/numbers";

const BANGKOK = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Bangkok", weekday: "short", year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
});

/** An instant as Bangkok reads it: "Mon, 30 Nov 2026, 07:00". */
export function bangkokWhen(iso: string | null): string {
  if (iso === null) return "Not yet";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : BANGKOK.format(d);
}

/** 52000 → "50.8 KB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatCount(bytes / 1024, 1)} KB`;
  return `${formatCount(bytes / (1024 * 1024), 1)} MB`;
}

export interface ReportViewProps {
  phase: PagePhase<ReportLibraryData>;
  actions: ReportLibraryActionsView;
  send: (event: ReportLibraryActionsEvent) => void;
  onRetry: () => void;
  onDownload: (file: LibraryFile) => void;
  /** The file being downloaded. */
  downloading: number | null;
}

function FrequencySelect({ id, value, onChange, disabled }: { id: string; value: ScheduleFrequency; onChange: (f: ScheduleFrequency) => void; disabled?: boolean }) {
  return (
    <select id={id} className="p-inputtext p-component native-select" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as ScheduleFrequency)}>
      {SCHEDULE_FREQUENCIES.map((f) => (
        <option key={f} value={f}>
          {SCHEDULE_FREQUENCY_LABELS[f]}
        </option>
      ))}
    </select>
  );
}

function ScheduleRow({ s, send, busy }: { s: ReportSchedule; send: ReportViewProps["send"]; busy: boolean }) {
  const id = useId();
  return (
    <tr>
      <th scope="row">{s.reportTitle}</th>
      <td data-label="Frequency">
        <label htmlFor={id} className="visually-hidden">
          Frequency of {s.reportTitle}
        </label>
        <FrequencySelect id={id} value={s.frequency} disabled={busy} onChange={(frequency) => send({ type: "library.changeFrequency", schedule: s, frequency })} />
      </td>
      <td data-label="Next run">{bangkokWhen(s.nextRunAt)}</td>
      <td data-label="Last run">{bangkokWhen(s.lastRunAt)}</td>
      <td data-label="Last error" className={s.lastError ? "report-error-cell" : undefined}>{s.lastError ?? "—"}</td>
      <td className="report-actions">
        <Button type="button" label="Remove" aria-label={`Remove the schedule of ${s.reportTitle}`} text severity="danger" onClick={() => send({ type: "library.unschedule", schedule: s })} />
      </td>
    </tr>
  );
}

function ReportDialog({ actions, send }: { actions: ReportLibraryActionsView; send: ReportViewProps["send"] }) {
  const ids = { report: useId(), frequency: useId() };
  const [reportId, setReportId] = useState<number | null>(null);
  const [frequency, setFrequency] = useState<ScheduleFrequency>("weekly");
  const open = actions.dialog === "schedule";
  useEffect(() => {
    if (actions.reportsState === "ready") setReportId((id) => id ?? actions.reports[0]?.id ?? null);
  }, [actions.reportsState, actions.reports]);
  useEffect(() => {
    if (!open) setReportId(null);
  }, [open]);
  const save = actions.mode === "save";
  const busy = actions.busy && actions.reportsState === "ready";
  const submit = () => {
    if (reportId === null) return;
    send(save ? { type: "library.save", reportId } : { type: "library.schedule", reportId, frequency });
  };
  return (
    <Dialog
      visible={open}
      onHide={() => {
        if (!busy) send({ type: "library.cancel" });
      }}
      header={save ? "Save a report to the library" : "Schedule a report"}
      style={{ width: "460px", maxWidth: "calc(100vw - 16px)" }}
      closable={!busy}
      footer={
        <div className="dialog-actions">
          <Button type="button" label="Cancel" outlined onClick={() => send({ type: "library.cancel" })} disabled={busy} />
          <Button type="button" label={save ? "Save to library" : "Schedule"} onClick={submit} loading={busy} disabled={reportId === null || actions.reportsState !== "ready"} />
        </div>
      }
    >
      <div className="report-form">
        {actions.reportsState === "loading" && <p className="muted">Loading your reports…</p>}
        {actions.reportsState === "failed" && (
          <div className="form-error" role="alert">
            {actions.error} <Button type="button" label="Try again" text onClick={() => send({ type: "library.retryReports" })} />
          </div>
        )}
        {actions.reportsState === "ready" && actions.reports.length === 0 && <p className="muted">You have no CIR report yet: make one on the CIR page first.</p>}
        {actions.reportsState === "ready" && actions.reports.length > 0 && (
          <>
            <div className="field">
              <label htmlFor={ids.report}>Report</label>
              <select id={ids.report} className="p-inputtext p-component native-select" value={reportId ?? ""} onChange={(e) => setReportId(Number(e.target.value))}>
                {actions.reports.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.title} ({r.brand}{r.canEdit ? "" : `, shared by ${r.owner.name}`})
                  </option>
                ))}
              </select>
            </div>
            {!save && (
              <div className="field">
                <label htmlFor={ids.frequency}>Frequency</label>
                <FrequencySelect id={ids.frequency} value={frequency} onChange={setFrequency} />
                <small className="muted">
                  Runs at {String(REPORT_SCHEDULE_HOUR).padStart(2, "0")}:00 Bangkok time; its PDF goes into your library. Scheduling a report again changes its frequency.
                </small>
              </div>
            )}
            {save && <small className="muted">The report's PDF is made now, with its figures as of today, and kept in your library.</small>}
          </>
        )}
        {actions.reportsState === "ready" && actions.error !== null && (
          <p className="form-error" role="alert">
            {actions.error}
          </p>
        )}
      </div>
    </Dialog>
  );
}

export function ReportView({ phase, actions, send, onRetry, onDownload, downloading }: ReportViewProps) {
  const data = phase.data;
  const files = data?.data ?? [];
  const schedules = data?.schedules ?? [];
  return (
    <section className="page report-page" aria-labelledby="report-title">
      <header className="report-head">
        <h1 id="report-title">Report library</h1>
        <div className="report-tools">
          <Button type="button" label="Save a report now" icon="pi pi-file-pdf" outlined onClick={() => send({ type: "library.openSave" })} />
          <Button type="button" label="Schedule a report" icon="pi pi-clock" onClick={() => send({ type: "library.openSchedule" })} />
        </div>
      </header>
      <p className="muted">
        PDFs of your CIR reports, saved by hand or made by a schedule (daily, weekly on Monday or monthly on the 1st, at{" "}
        {String(REPORT_SCHEDULE_HOUR).padStart(2, "0")}:00 Bangkok time). Only you see your library.
      </p>
      {phase.kind === "failed" && (
        <div className="form-error" role="alert">
          {phase.error} <Button type="button" label="Try again" text onClick={onRetry} />
        </div>
      )}
      {actions.dialog === null && actions.error !== null && (
        <p className="form-error" role="alert">
          {actions.error}
        </p>
      )}
      {phase.kind === "loading" && data === null && <p className="muted">Loading your library…</p>}
      {data !== null && (
        <>
          <h2 id="report-files">Library</h2>
          {files.length === 0 ? (
            <p className="muted">No PDFs yet. Save a report now, schedule one, or use Save to library on a CIR report.</p>
          ) : (
            <div className="table-scroll" role="region" aria-labelledby="report-files" tabIndex={0}>
              <table className="report-table">
                <caption className="visually-hidden">Library files, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">Brand</th>
                    <th scope="col">Range</th>
                    <th scope="col">Made (Bangkok)</th>
                    <th scope="col">How</th>
                    <th scope="col">Size</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {files.map((f) => (
                    <tr key={f.id}>
                      <th scope="row">{f.title}</th>
                      <td data-label="Brand">{f.brand}</td>
                      <td data-label="Range" className="nowrap">
                        {f.start} – {f.end}
                      </td>
                      <td data-label="Made">{bangkokWhen(f.createdAt)}</td>
                      <td data-label="How">{f.origin === "scheduled" ? "Scheduled" : "Saved by hand"}</td>
                      <td data-label="Size" className="nowrap">{fileSize(f.size)}</td>
                      <td className="report-actions">
                        <div className="report-buttons">
                        <Button type="button" label="Download" aria-label={`Download ${f.title} ${f.start} – ${f.end}`} text icon="pi pi-download" loading={downloading === f.id} onClick={() => onDownload(f)} />
                        <Button type="button" label="Delete" aria-label={`Delete ${f.title} ${f.start} – ${f.end}`} text severity="danger" onClick={() => send({ type: "library.deleteFile", file: f })} />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2 id="report-schedules">Schedules</h2>
          {schedules.length === 0 ? (
            <p className="muted">No report is scheduled.</p>
          ) : (
            <div className="table-scroll" role="region" aria-labelledby="report-schedules" tabIndex={0}>
              <table className="report-table">
                <caption className="visually-hidden">Scheduled reports, next run first</caption>
                <thead>
                  <tr>
                    <th scope="col">Report</th>
                    <th scope="col">Frequency</th>
                    <th scope="col">Next run (Bangkok)</th>
                    <th scope="col">Last run</th>
                    <th scope="col">Last error</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {schedules.map((s) => (
                    <ScheduleRow key={s.id} s={s} send={send} busy={actions.busy} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <ReportDialog actions={actions} send={send} />
      <ConfirmDeleteDialog
        visible={actions.dialog === "delete"}
        header="Delete this PDF?"
        width={440}
        deleting={actions.busy}
        error={actions.error}
        failurePrefix="The file was not deleted"
        onConfirm={() => send({ type: "library.confirm" })}
        onCancel={() => send({ type: "library.cancel" })}
      >
        <p>
          {actions.file ? `${actions.file.title}, ${actions.file.start} – ${actions.file.end}` : ""} leaves your library. The report itself stays.
        </p>
      </ConfirmDeleteDialog>
      <ConfirmDeleteDialog
        visible={actions.dialog === "unschedule"}
        header="Remove this schedule?"
        width={440}
        deleting={actions.busy}
        error={actions.error}
        failurePrefix="The schedule was not removed"
        onConfirm={() => send({ type: "library.confirm" })}
        onCancel={() => send({ type: "library.cancel" })}
      >
        <p>{actions.schedule ? `${actions.schedule.reportTitle} will no longer be made ${SCHEDULE_FREQUENCY_LABELS[actions.schedule.frequency].toLowerCase()}.` : ""} Its PDFs stay in your library.</p>
      </ConfirmDeleteDialog>
    </section>
  );
}
