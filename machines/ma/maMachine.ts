/**
 * The /ma page (issue 14): the social figures of the brand's Facebook pages and TikTok accounts in
 * view over the range (audience, reach, engagement, content by type, the best-time heatmap, the
 * pages compared), narrowed by the page's chart clicks. The shared page load cycle
 * (`machines/shared/pageLoad.ts`): a new query loads once; an import reloads; empty when the
 * pages in view have no post and no page figure in the range. The posts table loads on its own
 * cycle (`maPostsMachine.ts`), so sorting or paging it never reloads the figures.
 */
import type { ChartClick } from "../../domain/commerceFilter";
import type { SocialScope } from "../../domain/socialFilter";
import { hasNoSocialData, type SocialFigures, type SocialRequest } from "../../domain/social";
import { createPageMachine, type PageActorRef, type PageSnapshot } from "../shared/pageLoad";

/** What the figures show: the view's scope and the chart clicks. */
export interface MaQuery {
  readonly scope: SocialScope;
  readonly clicks: readonly ChartClick[];
}

export interface MaData {
  readonly figures: SocialFigures;
  /** The request the figures answer (the scope narrowed by the clicks). */
  readonly request: SocialRequest;
}

/** The clicks count by field and value, not by their time. */
export const maQueryKey = (q: MaQuery): string => JSON.stringify([q.scope, q.clicks.map((c) => [c.field, c.value])]);

export const maMachine = createPageMachine<MaQuery, MaData>({
  id: "ma",
  description: "The /ma page: followers, reach, engagement, content by post type, best time to post and the pages compared, for the view and the page's chart clicks.",
  isEmpty: (data) => hasNoSocialData(data.figures),
  keyOf: maQueryKey,
  failedMessage: "The social figures could not be loaded.",
});

export type MaActorRef = PageActorRef<MaQuery, MaData>;
export type MaSnapshot = PageSnapshot<MaQuery, MaData>;
