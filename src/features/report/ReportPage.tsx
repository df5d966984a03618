/**
 * Route `/report` (issue 17, docs/reports.md), the container of the page anatomy: the user's
 * report library (PDFs of CIR reports, saved by hand or made by a schedule) and the schedules.
 * The data loads through `reportLibraryMachine` (the shared page load cycle), the writes go
 * through `reportLibraryActionsMachine`; a write that succeeds reloads the data and says so.
 * Download fetches the file with the bearer token and saves it under the server's file name.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { LIBRARY_FILE_PATH, type LibraryFile } from "../../../domain/reportLibraryContract";
import { selectUser } from "../../../machines/auth/authSelectors";
import {
  reportLibraryActionsMachine, reportLibraryMachine, sameActionsView, sameLibraryPhase, selectActionsView, selectLibraryPhase,
  type ReportLibraryActionsEvent, type ReportLibraryQuery,
} from "../../../machines/reportLibrary/reportLibraryMachine";
import { ApiCallError } from "@/api/client";
import { withFreshToken } from "@/app/api";
import { authActor } from "@/app/auth";
import { appInspect } from "@/app/inspect";
import { usePageReload } from "@/app/pageData";
import { showToast } from "@/app/toast";
import { reportLibraryActionActors, reportLibraryActors } from "@/features/report/reportActors";
import { ReportView } from "@/features/report/ReportView";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";
import "./report.css";

const CHANGED = {
  deleted: "report.toast.deleted", unscheduled: "report.toast.unscheduled", scheduled: "report.toast.scheduled", saved: "report.toast.saved",
} as const satisfies Record<string, MessageKey>;

/** The file name the server gives in Content-Disposition (its UTF-8 form first). */
function fileNameFrom(header: string | null, fallback: string): string {
  const utf8 = header ? /filename\*=UTF-8''([^;]+)/.exec(header) : null;
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = header ? /filename="([^"]+)"/.exec(header) : null;
  return plain ? plain[1]! : fallback;
}

async function download(file: LibraryFile): Promise<void> {
  const { blob, name } = await withFreshToken(async (token) => {
    const response = await fetch(`${LIBRARY_FILE_PATH}?id=${file.id}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new ApiCallError(response.status, `http_${response.status}`, t("report.downloadFailedStatus", { status: response.status }));
    return { blob: await response.blob(), name: fileNameFrom(response.headers.get("Content-Disposition"), `${file.title}.pdf`) };
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function ReportPage() {
  const user = useSelector(authActor, selectUser);
  const query = useMemo<ReportLibraryQuery>(() => ({ user: user?.email ?? "" }), [user?.email]);
  const actor = useActorRef(reportLibraryMachine.provide({ actors: reportLibraryActors }), { input: { query }, inspect: appInspect });
  useEffect(() => actor.send({ type: "page.query", query }), [actor, query]);
  usePageReload(actor);
  const phase = useSelector(actor, selectLibraryPhase, sameLibraryPhase);

  const writes = useActorRef(
    reportLibraryActionsMachine.provide({
      actors: reportLibraryActionActors,
      actions: {
        notifyChanged: (_, params) => {
          showToast({ severity: "success", summary: t(CHANGED[params.what]) });
          actor.send({ type: "page.reload" });
        },
      },
    }),
    { inspect: appInspect },
  );
  const actions = useSelector(writes, selectActionsView, sameActionsView);
  const send = useCallback((event: ReportLibraryActionsEvent) => writes.send(event), [writes]);

  const [downloading, setDownloading] = useState<number | null>(null);
  const onDownload = (file: LibraryFile) => {
    setDownloading(file.id);
    download(file)
      .catch((e: unknown) => showToast({ severity: "error", summary: e instanceof Error ? translateMessage(e.message) : t("report.downloadFailed") }))
      .finally(() => setDownloading(null));
  };

  return <ReportView phase={phase} actions={actions} send={send} onRetry={() => actor.send({ type: "page.retry" })} onDownload={onDownload} downloading={downloading} />;
}
