/**
 * Route `/cir/{id}` (issue 17): one CIR report, through the report editor statechart
 * (`machines/cir/cirEditorMachine`, one actor per report id). Export PDF downloads the server's
 * PDF (`CIR_REPORT_PDF_PATH?id=`) with the bearer token; Print uses the browser's print with the
 * print stylesheet of cir.css.
 */
import { useCallback, useEffect, useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useNavigate, useParams } from "@tanstack/react-router";
import { CIR_REPORT_PDF_PATH } from "../../../domain/cirContract";
import { cirEditorMachine, type CirEditorEvent } from "../../../machines/cir/cirEditorMachine";
import { sameEditorPhase, selectEditorPhase } from "../../../machines/cir/cirEditorSelectors";
import { ApiCallError } from "@/api/client";
import { withFreshToken } from "@/app/api";
import { appInspect } from "@/app/inspect";
import { showToast } from "@/app/toast";
import { fileNameOf } from "@/components/export/download";
import { cirEditorActors } from "@/features/cir/cirActors";
import { CirReportView } from "@/features/cir/CirReportView";
import { t, translateMessage } from "@/i18n/i18n";
import "./cir.css";

async function downloadPdf(id: number, title: string): Promise<void> {
  const blob = await withFreshToken(async (token) => {
    const response = await fetch(`${CIR_REPORT_PDF_PATH}?id=${id}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new ApiCallError(response.status, `http_${response.status}`, t("cir.report.pdfFailedStatus", { status: response.status }));
    return response.blob();
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileNameOf(title, "pdf");
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Report({ id }: { id: number }) {
  const actor = useActorRef(cirEditorMachine.provide({ actors: cirEditorActors }), { input: { id }, inspect: appInspect });
  const phase = useSelector(actor, selectEditorPhase, sameEditorPhase);
  const send = useCallback((event: CirEditorEvent) => actor.send(event), [actor]);
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [printedAt] = useState(() => new Date().toISOString());
  const duplicatedId = phase.kind === "loaded" ? phase.duplicatedId : null;
  useEffect(() => {
    if (duplicatedId === null) return;
    showToast({ severity: "success", summary: t("cir.report.copied") });
    void navigate({ to: "/cir/$id", params: { id: String(duplicatedId) }, search: (prev) => prev });
  }, [duplicatedId, navigate]);
  const title = phase.kind === "loaded" ? phase.report.title : "report"; // i18n-ignore: a file name
  const onExportPdf = () => {
    setExporting(true);
    downloadPdf(id, title)
      .catch((e: unknown) => showToast({ severity: "error", summary: e instanceof Error ? translateMessage(e.message) : t("cir.report.pdfFailed") }))
      .finally(() => setExporting(false));
  };
  return <CirReportView phase={phase} send={send} onExportPdf={onExportPdf} exporting={exporting} onPrint={() => window.print()} printedAt={printedAt} />;
}

export default function CirReportPage() {
  const { id } = useParams({ strict: false });
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1) {
    return (
      <section className="page cir-page">
        <p className="form-error" role="alert">{t("cir.report.noSuch", { id: String(id) })}</p>
      </section>
    );
  }
  return <Report key={n} id={n} />;
}
