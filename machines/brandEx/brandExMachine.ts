/**
 * The /brandEx start page: the social overview of the applied view (audience, reach, engagement,
 * their series, top posts), the pages it covers and the KPI progress of the selected KPI
 * template. The lines of the other modules load on their own (`brandExModulesMachine.ts`). The shared page load cycle (`machines/shared/pageLoad.ts`):
 * a new view loads once; a KPI template saved or deleted in the KPI drawer reloads; empty when the view covers no
 * page (the brand's chosen accounts have none).
 */
import type { Page } from "../../domain/entities";
import type { KpiSection } from "../../domain/kpiProgress";
import type { SocialSection } from "../../domain/social";
import type { ResolvedView } from "../../domain/viewSearch";
import { createPageMachine, type PageActorRef, type PageSnapshot } from "../shared/pageLoad";

/** What the page shows: the applied view (its KPI template included). */
export type BrandExQuery = ResolvedView;

export interface BrandExData {
  /** Pages of the chosen accounts (all accounts when none is chosen). */
  readonly available: readonly Page[];
  /** Pages the view uses: the chosen ones that are available, else all available ones. */
  readonly inView: readonly Page[];
  readonly kpi: KpiSection;
  /** The social overview of the range: figures against the previous period, the top posts. */
  readonly social: SocialSection;
}

export const brandExMachine = createPageMachine<BrandExQuery, BrandExData>({
  id: "brandEx",
  description: "The /brandEx start page: the social overview, the pages in view and the KPI progress of the selected KPI template.",
  isEmpty: (data) => data.inView.length === 0,
  failedMessage: "The page data could not be loaded.",
});

export type BrandExActorRef = PageActorRef<BrandExQuery, BrandExData>;
export type BrandExSnapshot = PageSnapshot<BrandExQuery, BrandExData>;
