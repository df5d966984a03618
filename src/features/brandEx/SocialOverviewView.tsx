/**
 * The social overview of the start page (issue 14): the audience, reach and engagement of the
 * pages in view over the range, each with its change against the previous period of equal length
 * and its definition (docs/social.md), their series over the range (`SocialSeriesView`), and the
 * range's top posts by engagements with a link to each. Plain props; the data comes from `brandExData.ts`.
 */
import { memo } from "react";
import { figureChange, previousPeriod, type Polarity, type PreviousPeriod } from "../../../domain/periodChange";
import type { SocialPost, SocialSection, SocialTotals } from "../../../domain/social";
import { formatDay } from "@/components/format/dates";
import { postTypeName, publishedText } from "@/features/brandEx/figureText";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";
import { FigureCard, FigureCards, FigureCardsSkeleton, NoValue } from "@/components/figures/FigureCard";
import { formatCount, formatFraction } from "@/components/format/numbers";
import { SocialSeriesView } from "@/features/brandEx/SocialSeriesView";
import "./socialOverview.css";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import { reportTarget } from "@/components/cir/reportTargets";

interface Figure {
  readonly id: "followers" | "netFollowers" | "reach" | "engagements" | "engagementRate" | "videoViews" | "posts";
  readonly labelKey: MessageKey;
  readonly value: (t: SocialTotals) => number | null;
  readonly format: (n: number) => string;
  readonly polarity: Polarity;
  readonly definitionKey: MessageKey;
}

/** The overview's figures, in the order a brand team reads them: audience, then reach and engagement. */
export const SOCIAL_FIGURES: readonly Figure[] = [
  { id: "followers", labelKey: "brandEx.social.followers.label", value: (t) => t.followers, format: (n) => formatCount(n), polarity: "higher-is-better",
    definitionKey: "brandEx.social.followers.definition" },
  { id: "netFollowers", labelKey: "brandEx.social.netFollowers.label", value: (t) => t.netFollowers, format: signed, polarity: "higher-is-better",
    definitionKey: "brandEx.social.netFollowers.definition" },
  { id: "reach", labelKey: "brandEx.social.reach.label", value: (t) => t.reach, format: (n) => formatCount(n), polarity: "higher-is-better",
    definitionKey: "brandEx.social.reach.definition" },
  { id: "engagements", labelKey: "brandEx.social.engagements.label", value: (t) => t.engagements, format: (n) => formatCount(n), polarity: "higher-is-better",
    definitionKey: "brandEx.social.engagements.definition" },
  { id: "engagementRate", labelKey: "brandEx.social.engagementRate.label", value: (t) => t.engagementRate, format: formatFraction, polarity: "higher-is-better",
    definitionKey: "brandEx.social.engagementRate.definition" },
  { id: "videoViews", labelKey: "brandEx.social.videoViews.label", value: (t) => t.videoViews, format: (n) => formatCount(n), polarity: "higher-is-better",
    definitionKey: "brandEx.social.videoViews.definition" },
  { id: "posts", labelKey: "brandEx.social.posts.label", value: (t) => t.posts, format: (n) => formatCount(n), polarity: "neutral",
    definitionKey: "brandEx.social.posts.definition" },
];

function signed(n: number): string {
  return n > 0 ? `+${formatCount(n)}` : formatCount(n);
}


function TopPost({ post }: { post: SocialPost }) {
  const platform = post.channel === "tiktok" ? "TikTok" : "Facebook"; // i18n-ignore: platform names
  return (
    <li className="top-post">
      <p className="top-post-meta muted">
        {post.page} · {postTypeName(post.type)} · <time dateTime={post.publishedAt}>{publishedText(post.publishedAt)}</time>
      </p>
      {/* The caption is text a page wrote: shown as text, never as markup. */}
      <p className="top-post-caption">{post.caption === "" ? <span className="muted">{t("brandEx.topPosts.noCaption")}</span> : post.caption}</p>
      <p className="top-post-figures">
        <span>{t("brandEx.topPosts.engagements", { count: post.engagements, n: formatCount(post.engagements) })}</span>
        <span>{t("brandEx.topPosts.reached", { n: formatCount(post.reach) })}</span>
        <span>{post.engagementRate === null ? t("brandEx.topPosts.noReach") : t("brandEx.topPosts.engagementRate", { rate: formatFraction(post.engagementRate) })}</span>
      </p>
      {post.permalink !== null && (
        <a className="top-post-link" href={post.permalink} target="_blank" rel="noopener noreferrer">
          {t("brandEx.topPosts.open", { platform })}
          <span className="visually-hidden"> ({post.page}, {publishedText(post.publishedAt)})</span>
        </a>
      )}
    </li>
  );
}

export interface SocialOverviewProps {
  social: SocialSection | null;
  /** The view's range (YYYY-MM-DD), said before the figures arrive. */
  range: { readonly start: string; readonly end: string };
  /** The view's brand and pages: "Add to report" freezes them with the figures' range. */
  brand?: string | undefined;
  pages?: readonly string[] | undefined;
}

export function SocialOverviewView({ social, range, brand, pages }: SocialOverviewProps) {
  // The figures' own range once they are here; the view's until then (the line shows at once).
  const shown = social?.kind === "ready" ? social.figures.range : range;
  const previous = social?.kind === "ready" ? social.figures.previous : previousPeriod(range);
  const dates = { start: formatDay(shown.start), end: formatDay(shown.end), previousStart: formatDay(previous.start), previousEnd: formatDay(previous.end) };
  return (
    <section className="social-overview" aria-labelledby="social-overview-title">
      <div className="chart-card-head">
        <h2 id="social-overview-title">{t("brandEx.social.title")}</h2>
        {/* Shown while loading too (the view's range until the figures come), so the heading's line keeps its height. */}
        {brand !== undefined && social?.kind !== "failed" && (
          <AddToReportButton target={reportTarget("brandEx.figures", { brand, start: shown.start, end: shown.end, pages })} label={t("brandEx.social.reportLabel")} />
        )}
      </div>
      <p className="muted">
        {t("brandEx.social.scope", dates)}
      </p>
      {social === null && <SocialSkeleton />}
      {social?.kind === "failed" && (
        <p role="alert" className="error">
          {t("brandEx.social.failed", { message: translateMessage(social.message) })}
        </p>
      )}
      {social?.kind === "ready" && <SocialReady figures={social.figures} top={social.top} />}
    </section>
  );
}

/**
 * The overview before its figures (issue 19): the figure cards with their labels and definitions
 * and a placeholder for each value, and blocks the height of the series and the top posts, so the
 * layout is painted at once and nothing moves when the figures come.
 */
function SocialSkeleton() {
  return (
    <>
      <p className="visually-hidden" role="status">{t("brandEx.social.loading")}</p>
      <FigureCardsSkeleton
        label={t("brandEx.social.figures")}
        className="social-figures"
        cards={SOCIAL_FIGURES.map((f) => ({ key: f.id, label: t(f.labelKey), definition: t(f.definitionKey) }))}
      />
      <div className="social-series social-skeleton" aria-hidden="true">
        <span className="skeleton-line social-skeleton-title" />
        <span className="skeleton-line social-skeleton-note" />
        <div className="social-series-charts">
          {SERIES_SKELETONS.map((id) => <div key={id} className="skeleton-block social-skeleton-chart" />)}
        </div>
        <span className="skeleton-line social-skeleton-table" />
      </div>
      <h3 id="top-posts-title">{t("brandEx.topPosts.title")}</h3>
      <div className="skeleton-block social-skeleton-posts" aria-hidden="true" />
    </>
  );
}

const SERIES_SKELETONS = ["reach", "engagements", "followers"] as const;

const SocialReady = memo(function SocialReady({ figures, top }: Omit<Extract<SocialSection, { kind: "ready" }>, "kind">) {
  const period: PreviousPeriod = { ...figures.previous, days: figures.range.days };
  return (
    <>
      <FigureCards label={t("brandEx.social.figures")} className="social-figures">
        {SOCIAL_FIGURES.map((f) => {
          const value = f.value(figures.totals);
          return (
            <FigureCard
              key={f.id}
              label={t(f.labelKey)}
              value={value === null ? <NoValue why={f.id === "followers" ? t("brandEx.social.noFollowerCount") : t("brandEx.social.noReach")} /> : f.format(value)}
              change={{ change: figureChange(value, f.value(figures.previousTotals), f.polarity), period }}
              definition={t(f.definitionKey)}
            />
          );
        })}
      </FigureCards>
      <SocialSeriesView figures={figures} />
      <h3 id="top-posts-title">{t("brandEx.topPosts.title")}</h3>
      {top.length === 0 ? (
        <p className="muted">{t("brandEx.topPosts.none")}</p>
      ) : (
        <ol className="top-posts" aria-labelledby="top-posts-title">
          {top.map((post) => (
            <TopPost key={`${post.pageId}/${post.postId}`} post={post} />
          ))}
        </ol>
      )}
    </>
  );
});
