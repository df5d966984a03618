/**
 * The /report page's view (presentational): the user's library (files saved by hand or made by a
 * schedule) and the schedules, with their dialogs. Plain props; the container is ReportPage.
 */
import { useEffect, useId, useState } from "react";
import {
  SCHEDULE_FREQUENCIES, REPORT_SCHEDULE_HOUR, type LibraryFile, type ReportSchedule, type ScheduleFrequency,
} from "../../../domain/reportLibraryContract";
import type { ReportLibraryActionsEvent, ReportLibraryActionsView, ReportLibraryData } from "../../../machines/reportLibrary/reportLibraryMachine";
import type { PagePhase } from "../../../machines/shared/pageLoad";
import { Button } from "@/components/ui/Button";
import { ConfirmDeleteDialog } from "@/components/ui/ConfirmDeleteDialog";
import { Dialog } from "@/components/ui/Dialog";
import { DateTime } from "luxon";
import { BUSINESS_ZONE } from "../../../domain/dates";
import { formatDay, formatDayLong } from "@/components/format/dates";
import { formatCount } from "@/components/format/numbers";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";

/** Luxon's weekday (1 = Monday) → its short name. */
const WEEKDAY: Readonly<Record<number, MessageKey>> = {
  1: "report.weekday.mon", 2: "report.weekday.tue", 3: "report.weekday.wed", 4: "report.weekday.thu",
  5: "report.weekday.fri", 6: "report.weekday.sat", 7: "report.weekday.sun",
};

const FREQUENCY_LABEL = {
  daily: "report.frequency.daily", weekly: "report.frequency.weekly", monthly: "report.frequency.monthly",
} as const satisfies Record<ScheduleFrequency, MessageKey>;

const NO_LONGER_MADE = {
  daily: "report.unschedule.bodyDaily", weekly: "report.unschedule.bodyWeekly", monthly: "report.unschedule.bodyMonthly",
} as const satisfies Record<ScheduleFrequency, MessageKey>;

/** An instant as Bangkok reads it, in the user's language and calendar: "Mon, 30 Nov 2026, 07:00". */
export function bangkokWhen(iso: string | null): string {
  if (iso === null) return t("report.notYet");
  const dt = DateTime.fromISO(iso, { zone: BUSINESS_ZONE });
  if (!dt.isValid) return iso;
  return t("report.when", { weekday: t(WEEKDAY[dt.weekday]!), day: formatDayLong(dt.toFormat("yyyy-MM-dd")), time: dt.toFormat("HH:mm") });
}

/** 52000 → "50.8 KB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return t("report.size.bytes", { n: String(bytes) });
  if (bytes < 1024 * 1024) return t("report.size.kb", { n: formatCount(bytes / 1024, 1) });
  return t("report.size.mb", { n: formatCount(bytes / (1024 * 1024), 1) });
}

/** A file's range in the user's calendar: "2024-01-01 – 2024-03-31". */
const rangeText = (f: LibraryFile): string => t("report.range", { start: formatDay(f.start), end: formatDay(f.end) });

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
          {t(FREQUENCY_LABEL[f])}
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
      <td data-label={t("report.schedules.frequency")}>
        <label htmlFor={id} className="visually-hidden">
          {t("report.schedules.frequencyOf", { title: s.reportTitle })}
        </label>
        <FrequencySelect id={id} value={s.frequency} disabled={busy} onChange={(frequency) => send({ type: "library.changeFrequency", schedule: s, frequency })} />
      </td>
      <td data-label={t("report.schedules.nextRun")}>{bangkokWhen(s.nextRunAt)}</td>
      <td data-label={t("report.schedules.lastRun")}>{bangkokWhen(s.lastRunAt)}</td>
      <td data-label={t("report.schedules.lastError")} className={s.lastError ? "report-error-cell" : undefined}>{s.lastError ? translateMessage(s.lastError) : "—"}</td>
      <td className="report-actions">
        <Button type="button" label={t("report.schedules.remove")} aria-label={t("report.schedules.removeOf", { title: s.reportTitle })} text severity="danger" onClick={() => send({ type: "library.unschedule", schedule: s })} />
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
      header={save ? t("report.dialog.saveTitle") : t("report.dialog.scheduleTitle")}
      style={{ width: "460px", maxWidth: "calc(100vw - 16px)" }}
      closable={!busy}
      footer={
        <div className="dialog-actions">
          <Button type="button" label={t("report.dialog.cancel")} outlined onClick={() => send({ type: "library.cancel" })} disabled={busy} />
          <Button type="button" label={save ? t("report.dialog.saveToLibrary") : t("report.dialog.schedule")} onClick={submit} loading={busy} disabled={reportId === null || actions.reportsState !== "ready"} />
        </div>
      }
    >
      <div className="report-form">
        {actions.reportsState === "loading" && <p className="muted">{t("report.dialog.loadingReports")}</p>}
        {actions.reportsState === "failed" && (
          <div className="form-error" role="alert">
            {actions.error === null ? null : translateMessage(actions.error)} <Button type="button" label={t("report.tryAgain")} text onClick={() => send({ type: "library.retryReports" })} />
          </div>
        )}
        {actions.reportsState === "ready" && actions.reports.length === 0 && <p className="muted">{t("report.dialog.noReports")}</p>}
        {actions.reportsState === "ready" && actions.reports.length > 0 && (
          <>
            <div className="field">
              <label htmlFor={ids.report}>{t("report.dialog.report")}</label>
              <select id={ids.report} className="p-inputtext p-component native-select" value={reportId ?? ""} onChange={(e) => setReportId(Number(e.target.value))}>
                {actions.reports.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.canEdit ? t("report.dialog.reportOption", { title: r.title, brand: r.brand }) : t("report.dialog.reportOptionShared", { title: r.title, brand: r.brand, owner: r.owner.name })}
                  </option>
                ))}
              </select>
            </div>
            {!save && (
              <div className="field">
                <label htmlFor={ids.frequency}>{t("report.schedules.frequency")}</label>
                <FrequencySelect id={ids.frequency} value={frequency} onChange={setFrequency} />
                <small className="muted">{t("report.dialog.runsAt", { hour: String(REPORT_SCHEDULE_HOUR).padStart(2, "0") })}</small>
              </div>
            )}
            {save && <small className="muted">{t("report.dialog.savesNow")}</small>}
          </>
        )}
        {actions.reportsState === "ready" && actions.error !== null && (
          <p className="form-error" role="alert">
            {translateMessage(actions.error)}
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
        <h1 id="report-title">{t("report.title")}</h1>
        <div className="report-tools">
          <Button type="button" label={t("report.saveNow")} icon="pi pi-file-pdf" outlined onClick={() => send({ type: "library.openSave" })} />
          <Button type="button" label={t("report.dialog.scheduleTitle")} icon="pi pi-clock" onClick={() => send({ type: "library.openSchedule" })} />
        </div>
      </header>
      <p className="muted">{t("report.intro", { hour: String(REPORT_SCHEDULE_HOUR).padStart(2, "0") })}</p>
      {phase.kind === "failed" && (
        <div className="form-error" role="alert">
          {translateMessage(phase.error)} <Button type="button" label={t("report.tryAgain")} text onClick={onRetry} />
        </div>
      )}
      {actions.dialog === null && actions.error !== null && (
        <p className="form-error" role="alert">
          {translateMessage(actions.error)}
        </p>
      )}
      {phase.kind === "loading" && data === null && <p className="muted">{t("report.loading")}</p>}
      {data !== null && (
        <>
          <h2 id="report-files">{t("report.files.title")}</h2>
          {files.length === 0 ? (
            <p className="muted">{t("report.files.empty")}</p>
          ) : (
            <div className="table-scroll" role="region" aria-labelledby="report-files" tabIndex={0}>
              <table className="report-table">
                <caption className="visually-hidden">{t("report.files.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("report.files.titleColumn")}</th>
                    <th scope="col">{t("report.files.brand")}</th>
                    <th scope="col">{t("report.files.range")}</th>
                    <th scope="col">{t("report.files.made")}</th>
                    <th scope="col">{t("report.files.how")}</th>
                    <th scope="col">{t("report.files.size")}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t("report.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {files.map((f) => (
                    <tr key={f.id}>
                      <th scope="row">{f.title}</th>
                      <td data-label={t("report.files.brand")}>{f.brand}</td>
                      <td data-label={t("report.files.range")} className="nowrap">
                        {rangeText(f)}
                      </td>
                      <td data-label={t("report.files.madeShort")}>{bangkokWhen(f.createdAt)}</td>
                      <td data-label={t("report.files.how")}>{f.origin === "scheduled" ? t("report.files.scheduled") : t("report.files.savedByHand")}</td>
                      <td data-label={t("report.files.size")} className="nowrap">{fileSize(f.size)}</td>
                      <td className="report-actions">
                        <div className="report-buttons">
                        <Button type="button" label={t("report.files.download")} aria-label={t("report.files.downloadOf", { title: f.title, range: rangeText(f) })} text icon="pi pi-download" loading={downloading === f.id} onClick={() => onDownload(f)} />
                        <Button type="button" label={t("report.files.delete")} aria-label={t("report.files.deleteOf", { title: f.title, range: rangeText(f) })} text severity="danger" onClick={() => send({ type: "library.deleteFile", file: f })} />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2 id="report-schedules">{t("report.schedules.title")}</h2>
          {schedules.length === 0 ? (
            <p className="muted">{t("report.schedules.empty")}</p>
          ) : (
            <div className="table-scroll" role="region" aria-labelledby="report-schedules" tabIndex={0}>
              <table className="report-table">
                <caption className="visually-hidden">{t("report.schedules.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("report.dialog.report")}</th>
                    <th scope="col">{t("report.schedules.frequency")}</th>
                    <th scope="col">{t("report.schedules.nextRunBangkok")}</th>
                    <th scope="col">{t("report.schedules.lastRun")}</th>
                    <th scope="col">{t("report.schedules.lastError")}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t("report.actions")}</span>
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
        header={t("report.deleteFile.title")}
        width={440}
        deleting={actions.busy}
        error={actions.error === null ? null : translateMessage(actions.error)}
        failurePrefix={t("report.deleteFile.failed")}
        onConfirm={() => send({ type: "library.confirm" })}
        onCancel={() => send({ type: "library.cancel" })}
      >
        <p>{t("report.deleteFile.body", { file: actions.file ? t("report.deleteFile.fileOf", { title: actions.file.title, range: rangeText(actions.file) }) : "" })}</p>
      </ConfirmDeleteDialog>
      <ConfirmDeleteDialog
        visible={actions.dialog === "unschedule"}
        header={t("report.unschedule.title")}
        width={440}
        deleting={actions.busy}
        error={actions.error === null ? null : translateMessage(actions.error)}
        failurePrefix={t("report.unschedule.failed")}
        onConfirm={() => send({ type: "library.confirm" })}
        onCancel={() => send({ type: "library.cancel" })}
      >
        <p>{actions.schedule ? t(NO_LONGER_MADE[actions.schedule.frequency], { title: actions.schedule.reportTitle }) : t("report.unschedule.bodyNone")}</p>
      </ConfirmDeleteDialog>
    </section>
  );
}
