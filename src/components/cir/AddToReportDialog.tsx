/**
 * The "Add to report" dialog (lazy chunk of AddToReportButton): choose one of the user's own
 * reports, or "New report" with a title; the section `{ type: "source", source, view }` is
 * appended (addCirSection) or the report is created with it (createCirReport). Then the dialog
 * says where it went, with a link "Open report", and a toast says the same.
 */
import { useEffect, useId, useState } from "react";
import { Link } from "@tanstack/react-router";
import type { ReportSummary, Section } from "../../../domain/cirContract";
import { SECTION_SOURCES } from "../../../domain/cirContract";
import { authedCall } from "@/app/api";
import { showToast } from "@/app/toast";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import type { AddToReportTarget } from "./AddToReportButton";


const NEW = "new";

/** A section id made here, unique within its report (the server refuses a repeated one). */
export const clientSectionId = (): string => `s${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

export default function AddToReportDialog({ visible, target, onClose }: { visible: boolean; target: AddToReportTarget; label: string; onClose: () => void }) {
  const [reports, setReports] = useState<readonly ReportSummary[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [choice, setChoice] = useState<string>(NEW);
  const [title, setTitle] = useState("");
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<{ id: number; title: string } | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (!visible) return;
    setAdded(null);
    setError(null);
    setTitleError(null);
    const controller = new AbortController();
    authedCall("cirReports", { owner: "me" }, { signal: controller.signal })
      .then((r) => {
        const own = r.data.filter((x) => x.canEdit);
        setReports(own);
        setChoice(own[0] === undefined ? NEW : String(own[0].id));
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setLoadError(e instanceof Error ? e.message : "Your reports could not be loaded.");
      });
    return () => controller.abort();
  }, [visible]);

  const add = async () => {
    const section: Section = { type: "source", id: clientSectionId(), source: target.source, view: target.view };
    if (choice === NEW && title.trim() === "") {
      setTitleError("Give the new report a title.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const range = target.view.range.kind === "report" ? ({ kind: "relative", preset: "last30" } as const) : target.view.range;
      const answer =
        choice === NEW
          ? await authedCall("createCirReport", { title: title.trim(), brand: target.view.brand, range, sections: [section] })
          : await authedCall("addCirSection", { id: Number(choice), section });
      setAdded({ id: answer.data.id, title: answer.data.title });
      showToast({ severity: "success", summary: `Added to ${answer.data.title}` });
    } catch (e) {
      setError(e instanceof Error ? e.message : "The chart was not added.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      visible={visible}
      onHide={onClose}
      header="Add to report"
      style={{ width: "440px", maxWidth: "calc(100vw - 16px)" }}
      footer={
        added === null ? (
          <div className="dialog-actions">
            <Button type="button" label="Cancel" outlined onClick={onClose} disabled={busy} />
            <Button type="button" label="Add" onClick={() => void add()} loading={busy} disabled={reports === null && loadError === null} />
          </div>
        ) : (
          <div className="dialog-actions">
            <Button type="button" label="Done" outlined onClick={onClose} />
          </div>
        )
      }
    >
      <p className="muted">
        {[
          SECTION_SOURCES[target.source].title,
          target.view.brand,
          target.view.range.kind === "fixed" ? `${target.view.range.start} to ${target.view.range.end}` : null,
          target.view.channel ?? target.view.platform ?? null,
        ]
          .filter((x) => x !== null)
          .join(" · ")}
      </p>
      {added !== null ? (
        <p role="status">
          Added to “{added.title}”.{" "}
          <Link to="/cir/$id" params={{ id: String(added.id) }} onClick={onClose}>
            Open report
          </Link>
        </p>
      ) : (
        <fieldset className="cir-choice">
          <legend>Report</legend>
          {loadError !== null && <p className="form-error" role="alert">{loadError}</p>}
          {reports === null && loadError === null && <p className="muted">Loading your reports…</p>}
          <div className="cir-choice-list">
          {reports?.map((r) => (
            <label key={r.id} className="cir-choice-row">
              <input type="radio" name="cir-report" value={String(r.id)} checked={choice === String(r.id)} onChange={() => setChoice(String(r.id))} />
              <span>
                {r.title} <span className="muted">({r.brand}, {r.sections} {r.sections === 1 ? "section" : "sections"})</span>
              </span>
            </label>
          ))}
          <label className="cir-choice-row">
            <input type="radio" name="cir-report" value={NEW} checked={choice === NEW} onChange={() => setChoice(NEW)} />
            New report
          </label>
          </div>
          {choice === NEW && (
            <div className="field">
              <label htmlFor={titleId}>Title</label>
              <input
                id={titleId}
                className="p-inputtext p-component"
                value={title}
                maxLength={120}
                aria-invalid={titleError !== null}
                onChange={(e) => {
                  setTitle(e.target.value);
                  setTitleError(null);
                }}
              />
              {titleError !== null && <small className="form-error">{titleError}</small>}
            </div>
          )}
        </fieldset>
      )}
      {error !== null && (
        <p className="form-error" role="alert">
          The chart was not added: {error}
        </p>
      )}
    </Dialog>
  );
}
