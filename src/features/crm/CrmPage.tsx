/**
 * Route `/crm`: RFM scoring of the brand's customers over the shell's range (issue 6). The
 * customers come from the server narrowed by the page filter (active filter template or ad-hoc
 * filter, and the page's chart clicks); the scoring, the figures and every page of the customer
 * table come from this visit's RFM worker, so the main thread never loops over customers.
 * Clicking a segment narrows only the customer table (local state), not the page filter.
 */
import { useCallback, useMemo } from "react";
import { toDisplayDate } from "../../../domain/dates";
import { usePageFilter } from "@/app/pageFilters";
import { useView } from "@/app/view";
import { downloadCsv, fileNameOf } from "@/components/export/download";
import { crmCalls } from "@/features/crm/crmCalls";
import { createCrmLoaders, type CrmScope } from "@/features/crm/crmLoaders";
import { CrmView } from "@/features/crm/CrmView";
import { useRfmWorker } from "@/features/crm/crmWorker";
import { useCrmScoring, useCustomerTable } from "@/features/crm/useCrm";

export default function CrmPage() {
  const view = useView();
  const { clicks, remove } = usePageFilter("crm");
  const math = useRfmWorker();
  const loaders = useMemo(() => createCrmLoaders({ calls: crmCalls, math }), [math]);
  const start = toDisplayDate(view.range.startDate);
  const end = toDisplayDate(view.range.endDate);
  const scope = useMemo<CrmScope>(
    () => ({ brand: view.brand, start, end, active: view.active, clicks }),
    [view.brand, start, end, view.active, clicks],
  );
  const { phase, retry } = useCrmScoring(loaders, scope, view.kpi);
  const result = phase.kind === "ready" ? phase.result : null;
  const table = useCustomerTable(loaders, result);
  const { query, setQuery, exportCsv } = table;
  const onSegment = useCallback(
    (index: number) => {
      setQuery({ ...query, segment: index, page: 0 });
      document.getElementById("crm-customers")?.scrollIntoView({ behavior: "smooth", block: "start" });
    },
    [query, setQuery],
  );
  const onExport = () => {
    const loaded = phase.kind === "ready" ? phase.loaded : null;
    const name = fileNameOf(`CRM customers ${loaded?.brand ?? view.brand} ${start} ${end}`, "csv");
    exportCsv((csv) => downloadCsv(name, csv));
  };

  return (
    <CrmView
      brand={view.brand}
      range={{ start, end }}
      phase={phase}
      clicks={clicks}
      onRemoveClick={remove}
      onRetry={retry}
      onSegment={onSegment}
      table={{
        query: table.query,
        page: table.page,
        busy: table.busy,
        error: table.error,
        exporting: table.exporting,
        onQuery: setQuery,
        onExport,
      }}
    />
  );
}
