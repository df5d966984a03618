/**
 * The social overview of the start page (issue 14): the audience, reach and engagement of the
 * pages in view over the range, each with its change against the previous period of equal length
 * and its definition (docs/social.md), their series over the range (`SocialSeriesView`), and the
 * range's top posts by engagements with a link to each. Plain props; the data comes from `brandExData.ts`.
 */
import { figureChange, previousPeriod, type Polarity, type PreviousPeriod } from "../../../domain/periodChange";
import { POST_TYPE_LABELS, publishedText, type SocialPost, type SocialSection, type SocialTotals } from "../../../domain/social";
import { FigureCard, FigureCards, NoValue } from "@/components/figures/FigureCard";
import { formatCount, formatFraction } from "@/components/format/numbers";
import { SocialSeriesView } from "@/features/brandEx/SocialSeriesView";
import "./socialOverview.css";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import { reportTarget } from "@/components/cir/reportTargets";

interface Figure {
  readonly label: string;
  readonly value: (t: SocialTotals) => number | null;
  readonly format: (n: number) => string;
  readonly polarity: Polarity;
  readonly definition: string;
}

/** The overview's figures, in the order a brand team reads them: audience, then reach and engagement. */
export const SOCIAL_FIGURES: readonly Figure[] = [
  { label: "Followers", value: (t) => t.followers, format: (n) => formatCount(n), polarity: "higher-is-better",
    definition: "Followers of the pages in view at the end of the range (each page's last known total)." },
  { label: "Net followers", value: (t) => t.netFollowers, format: signed, polarity: "higher-is-better",
    definition: "New follows − unfollows in the range." },
  { label: "Post reach", value: (t) => t.reach, format: (n) => formatCount(n), polarity: "higher-is-better",
    definition: "Reach of the posts published in the range, summed: a person reached by two posts counts twice." },
  { label: "Engagements", value: (t) => t.engagements, format: (n) => formatCount(n), polarity: "higher-is-better",
    definition: "Reactions + comments + shares of those posts, + saves where given (TikTok)." },
  { label: "Engagement rate (by reach)", value: (t) => t.engagementRate, format: formatFraction, polarity: "higher-is-better",
    definition: "Engagements ÷ post reach, over all the posts together." },
  { label: "Video views", value: (t) => t.videoViews, format: (n) => formatCount(n), polarity: "higher-is-better",
    definition: "3-second views (Facebook) and plays (TikTok) of videos, reels and lives." },
  { label: "Posts", value: (t) => t.posts, format: (n) => formatCount(n), polarity: "neutral",
    definition: "Posts published in the range on the pages in view." },
];

function signed(n: number): string {
  return n > 0 ? `+${formatCount(n)}` : formatCount(n);
}


function TopPost({ post }: { post: SocialPost }) {
  const platform = post.channel === "tiktok" ? "TikTok" : "Facebook";
  return (
    <li className="top-post">
      <p className="top-post-meta muted">
        {post.page} · {POST_TYPE_LABELS[post.type]} · <time dateTime={post.publishedAt}>{publishedText(post.publishedAt)}</time>
      </p>
      {/* The caption is text a page wrote: shown as text, never as markup. */}
      <p className="top-post-caption">{post.caption === "" ? <span className="muted">(no caption)</span> : post.caption}</p>
      <p className="top-post-figures">
        <span>{formatCount(post.engagements)} engagements</span>
        <span>{formatCount(post.reach)} reached</span>
        <span>{post.engagementRate === null ? "no reach" : `${formatFraction(post.engagementRate)} engagement rate`}</span>
      </p>
      {post.permalink !== null && (
        <a className="top-post-link" href={post.permalink} target="_blank" rel="noopener noreferrer">
          Open post on {platform}
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
  return (
    <section className="social-overview" aria-labelledby="social-overview-title">
      <div className="chart-card-head">
        <h2 id="social-overview-title">Social overview</h2>
        {brand !== undefined && social?.kind === "ready" && (
          <AddToReportButton target={reportTarget("brandEx.figures", { brand, start: shown.start, end: shown.end, pages })} label="the social overview" />
        )}
      </div>
      <p className="muted">
        Facebook pages and TikTok accounts in view, {shown.start} to {shown.end}, compared with {previous.start} to {previous.end}.
      </p>
      {social === null && <p className="muted">Loading the social figures…</p>}
      {social?.kind === "failed" && (
        <p role="alert" className="error">
          The social figures could not be loaded: {social.message}
        </p>
      )}
      {social?.kind === "ready" && <SocialReady figures={social.figures} top={social.top} />}
    </section>
  );
}

function SocialReady({ figures, top }: Omit<Extract<SocialSection, { kind: "ready" }>, "kind">) {
  const period: PreviousPeriod = { ...figures.previous, days: figures.range.days };
  return (
    <>
      <FigureCards label="Social figures" className="social-figures">
        {SOCIAL_FIGURES.map((f) => {
          const value = f.value(figures.totals);
          return (
            <FigureCard
              key={f.label}
              label={f.label}
              value={value === null ? <NoValue why={f.label === "Followers" ? "no follower count" : "no reach"} /> : f.format(value)}
              change={{ change: figureChange(value, f.value(figures.previousTotals), f.polarity), period }}
              definition={f.definition}
            />
          );
        })}
      </FigureCards>
      <SocialSeriesView figures={figures} />
      <h3 id="top-posts-title">Top posts by engagements</h3>
      {top.length === 0 ? (
        <p className="muted">No posts were published in this range on the pages in view.</p>
      ) : (
        <ol className="top-posts" aria-labelledby="top-posts-title">
          {top.map((post) => (
            <TopPost key={`${post.pageId}/${post.postId}`} post={post} />
          ))}
        </ol>
      )}
    </>
  );
}
