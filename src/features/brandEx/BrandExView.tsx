import type { ModuleLine, ModuleLineId } from "../../../domain/brandEx";
import { previousPeriod } from "../../../domain/periodChange";
import type { ResolvedView } from "../../../domain/viewSearch";
import { toDisplayDate } from "../../../domain/dates";
import { t, translateMessage } from "@/i18n/i18n";
import { formatDay } from "@/components/format/dates";
import type { KpiSection } from "@/features/brandEx/brandExData";
import { KpiProgressView } from "@/features/brandEx/KpiProgressView";
import { ModuleLinesView, type ModuleLink } from "@/features/brandEx/ModuleLinesView";
import { SocialOverviewView } from "@/features/brandEx/SocialOverviewView";
import type { SocialSection } from "../../../domain/social";

export interface BrandExViewProps {
  userName: string;
  view: ResolvedView;
  /** Pages the view covers; null while loading the first time. */
  pagesInView: number | null;
  failed: string | null;
  /** The KPI progress section; null while loading the first time. */
  kpi: KpiSection | null;
  /** The social overview; null while loading the first time. */
  social: SocialSection | null;
  /** Their lines; null while loading the first time. */
  moduleLines: readonly ModuleLine[] | null;
  /** Where each line links to, with the view's search params. */
  moduleLinks: Readonly<Record<ModuleLineId, ModuleLink>>;
}

export function BrandExView({ userName, view, pagesInView, failed, kpi, social, moduleLines, moduleLinks }: BrandExViewProps) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{t("brandEx.title")}</h1>
      </header>
      <p className="muted">{t("brandEx.signedInAs", { name: userName })}</p>
      <dl className="summary" aria-label={t("brandEx.appliedView")}>
        <div>
          <dt>{t("brandEx.view.brand")}</dt>
          <dd>{view.brand}</dd>
        </div>
        <div>
          <dt>{t("brandEx.view.channel")}</dt>
          <dd>{view.ch}</dd>
        </div>
        <div>
          <dt>{t("brandEx.view.dateRange")}</dt>
          <dd>
            {t("brandEx.range", { start: formatDay(toDisplayDate(view.range.startDate)), end: formatDay(toDisplayDate(view.range.endDate)) })}
          </dd>
        </div>
        <div>
          <dt>{t("brandEx.view.pagesInView")}</dt>
          <dd>{pagesInView ?? "…"}</dd>
        </div>
      </dl>
      {failed !== null && (
        <p role="alert" className="error">
          {translateMessage(failed)}
        </p>
      )}
      {/* A page whose data failed before anything arrived shows only its error. */}
      {(social !== null || failed === null) && <SocialOverviewView social={social} range={{ start: toDisplayDate(view.range.startDate), end: toDisplayDate(view.range.endDate) }} brand={view.brand} pages={view.pages} />}
      {moduleLines !== null && (
        <ModuleLinesView
          lines={moduleLines}
          period={previousPeriod({ start: view.range.startDate, end: view.range.endDate })}
          links={moduleLinks}
        />
      )}
      {(kpi !== null || failed === null) && <KpiProgressView kpi={kpi} />}
    </section>
  );
}
