/**
 * The "Add to report" dialog (lazy chunk of AddToReportButton), driven by
 * `machines/cir/addToReportMachine`: choose one of the user's own reports, or "New report" with a
 * title; the section `{ type: "source", source, view }` is appended (addCirSection) or the report
 * is created with it (createCirReport, over the section's days). Then the dialog says where it
 * went, with a link "Open report", and a toast says the same.
 */
import { useEffect, useId, useRef } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { Link } from "@tanstack/react-router";
import { fromPromise } from "xstate";
import type { ReportSummary, Section } from "../../../domain/cirContract";
import { addToReportMachine, NEW_REPORT, type AddRequest, type AddToReportSnapshot } from "../../../machines/cir/addToReportMachine";
import { authedCall } from "@/app/api";
import { appInspect } from "@/app/inspect";
import { showToast } from "@/app/toast";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { formatDay } from "@/components/format/dates";
import { t, translateMessage } from "@/i18n/i18n";
import type { AddToReportTarget } from "./AddToReportButton";
import { sourceTitle } from "./cirLabels";

/** A section id made here, unique within its report (the server refuses a repeated one). */
export const clientSectionId = (): string => `s${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

const actors = {
  loadReports: fromPromise<readonly ReportSummary[], null>(({ signal }) => authedCall("cirReports", { owner: "me" }, { signal }).then((r) => r.data)),
  addSection: fromPromise<{ id: number; title: string }, AddRequest>(async ({ input }) => {
    const section: Section = { type: "source", id: clientSectionId(), source: input.target.source, view: input.target.view };
    const view = input.target.view;
    const range = view.range.kind === "report" ? ({ kind: "relative", preset: "last30" } as const) : view.range;
    const answer =
      input.choice === NEW_REPORT
        ? await authedCall("createCirReport", { title: input.title, brand: view.brand, range, sections: [section] })
        : await authedCall("addCirSection", { id: Number(input.choice), section });
    showToast({ severity: "success", summary: t("cir.add.toast", { title: answer.data.title }) });
    return { id: answer.data.id, title: answer.data.title };
  }),
};

const selectState = (s: AddToReportSnapshot) => s.value as string;
const selectContext = (s: AddToReportSnapshot) => s.context;

export default function AddToReportDialog({ visible, target, onClose }: { visible: boolean; target: AddToReportTarget; label: string; onClose: () => void }) {
  const actor = useActorRef(addToReportMachine.provide({ actors }), { inspect: appInspect });
  const state = useSelector(actor, selectState);
  const c = useSelector(actor, selectContext);
  const titleId = useId();
  // The page makes a new target object on every render: the dialog opens again only when it is
  // shown again or the section it adds really changes.
  const targetKey = JSON.stringify(target);
  const latest = useRef(target);
  latest.current = target;
  useEffect(() => {
    actor.send(visible ? { type: "add.open", target: latest.current } : { type: "add.close" });
  }, [actor, visible, targetKey]);
  const busy = state === "adding";
  const added = state === "added" ? c.added : null;

  return (
    <Dialog
      visible={visible}
      onHide={() => {
        if (!busy) onClose();
      }}
      header={t("cir.add.title")}
      closable={!busy}
      style={{ width: "440px", maxWidth: "calc(100vw - 16px)" }}
      footer={
        added === null ? (
          <div className="dialog-actions">
            <Button type="button" label={t("cir.cancel")} outlined onClick={onClose} disabled={busy} />
            <Button type="button" label={t("cir.add.add")} onClick={() => actor.send({ type: "add.submit" })} loading={busy} disabled={state !== "choosing" && !busy} />
          </div>
        ) : (
          <div className="dialog-actions">
            <Button type="button" label={t("cir.add.done")} outlined onClick={onClose} />
          </div>
        )
      }
    >
      <p className="muted">
        {[
          sourceTitle(target.source),
          target.view.brand,
          target.view.range.kind === "fixed" ? t("cir.daysRange", { start: formatDay(target.view.range.start), end: formatDay(target.view.range.end) }) : null,
          target.view.channel ?? target.view.platform ?? null,
        ]
          .filter((x) => x !== null)
          .join(" · ")}
      </p>
      {added !== null ? (
        <p role="status">
          {t("cir.add.added", { title: added.title })}{" "}
          <Link to="/cir/$id" params={{ id: String(added.id) }} onClick={onClose}>
            {t("cir.add.open")}
          </Link>
        </p>
      ) : (
        <fieldset className="cir-choice" disabled={busy}>
          <legend>{t("cir.add.report")}</legend>
          {state === "loading" && <p className="muted">{t("cir.add.loading")}</p>}
          {state === "loadFailed" && (
            <p className="form-error" role="alert">
              {translateMessage(c.error ?? "")} <Button type="button" label={t("cir.tryAgain")} text onClick={() => actor.send({ type: "add.retry" })} />
            </p>
          )}
          {(state === "choosing" || busy) && (
            <>
              <div className="cir-choice-list">
                {c.reports.map((r) => (
                  <label key={r.id} className="cir-choice-row">
                    <input type="radio" name="cir-report" value={String(r.id)} checked={c.choice === String(r.id)} onChange={() => actor.send({ type: "add.choose", choice: String(r.id) })} />
                    <span>
                      {r.title} <span className="muted">{t("cir.add.reportMeta", { brand: r.brand, count: r.sections })}</span>
                    </span>
                  </label>
                ))}
                <label className="cir-choice-row">
                  <input type="radio" name="cir-report" value={NEW_REPORT} checked={c.choice === NEW_REPORT} onChange={() => actor.send({ type: "add.choose", choice: NEW_REPORT })} />
                  {t("cir.newReport")}
                </label>
              </div>
              {c.choice === NEW_REPORT && (
                <div className="field">
                  <label htmlFor={titleId}>{t("cir.title")}</label>
                  <input
                    id={titleId}
                    className="p-inputtext p-component"
                    value={c.title}
                    maxLength={120}
                    aria-invalid={c.titleError !== null}
                    onChange={(e) => actor.send({ type: "add.title", title: e.target.value })}
                  />
                  {c.titleError !== null && <small className="form-error">{translateMessage(c.titleError)}</small>}
                </div>
              )}
            </>
          )}
        </fieldset>
      )}
      {state === "choosing" && c.error !== null && (
        <p className="form-error" role="alert">
          {t("cir.add.notAdded", { error: translateMessage(c.error ?? "") })}
        </p>
      )}
    </Dialog>
  );
}
