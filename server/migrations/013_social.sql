-- Social analytics (issue 14): the posts of the brands' Facebook pages and TikTok accounts, and
-- each page's daily audience (followers, follows, unfollows, page views). Definitions:
-- docs/social.md; the calls that read them: server/services/social.ts.
--
-- No foreign keys, as for `metrics` (003): per-row checks slowed the demo's seeding, and the
-- triggers below remove a bag's or page's rows when it is deleted.

CREATE TABLE posts (
  brand_id          integer NOT NULL,
  bag_id            text NOT NULL,
  page_id           text NOT NULL,
  -- Copied from the bag, so range queries by brand and channel need no join.
  channel           text NOT NULL CHECK (channel IN ('facebook', 'tiktok')),
  -- The platform's id of the post (unique within its page).
  post_id           text NOT NULL,
  published_at      timestamptz NOT NULL,
  -- Bangkok's day, weekday (Monday 0 … Sunday 6) and hour of published_at, kept with the row so
  -- a range, the heatmap and its cell filter read no time zone rules.
  day               date NOT NULL,
  weekday           smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  hour              smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
  type              text NOT NULL CHECK (type IN ('photo', 'video', 'reel', 'link', 'text', 'carousel', 'live')),
  caption           text NOT NULL DEFAULT '',
  permalink         text,
  reach             bigint NOT NULL CHECK (reach >= 0),
  impressions       bigint NOT NULL CHECK (impressions >= 0),
  reactions         bigint NOT NULL CHECK (reactions >= 0),
  comments          bigint NOT NULL CHECK (comments >= 0),
  shares            bigint NOT NULL CHECK (shares >= 0),
  -- NULL where the platform does not give the figure (a Facebook page export has no saves).
  saves             bigint CHECK (saves >= 0),
  link_clicks       bigint CHECK (link_clicks >= 0),
  -- 3-second views on Facebook, plays on TikTok; NULL for a post that is not watched.
  video_views       bigint CHECK (video_views >= 0),
  avg_watch_seconds real CHECK (avg_watch_seconds >= 0),
  completion_rate   real CHECK (completion_rate >= 0 AND completion_rate <= 1),
  -- reactions + comments + shares + saves where given (domain/social.ts engagementsOf).
  engagements       bigint GENERATED ALWAYS AS (reactions + comments + shares + coalesce(saves, 0)) STORED,
  source            text NOT NULL CHECK (source IN ('demo', 'csv', 'meta-post', 'tiktok-content')),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (page_id, post_id)
);

-- Every read: one brand, a range of days (the channel and pages narrow the rows found).
CREATE INDEX posts_range ON posts (brand_id, day);

-- A page's audience per Bangkok day. Net change = follows - unfollows; `followers` is the total
-- at the end of the day where the source gives it (NULL where it does not).
CREATE TABLE page_audience (
  brand_id    integer NOT NULL,
  bag_id      text NOT NULL,
  page_id     text NOT NULL,
  channel     text NOT NULL CHECK (channel IN ('facebook', 'tiktok')),
  day         date NOT NULL,
  followers   bigint CHECK (followers >= 0),
  follows     bigint NOT NULL CHECK (follows >= 0),
  unfollows   bigint NOT NULL CHECK (unfollows >= 0),
  page_views  bigint NOT NULL CHECK (page_views >= 0),
  source      text NOT NULL CHECK (source IN ('demo', 'csv', 'meta-page', 'tiktok-followers', 'tiktok-overview')),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (page_id, day)
);

CREATE INDEX page_audience_range ON page_audience (brand_id, day);

-- The pages' own daily reach (the page-level `reach` series of `metrics`, keyed by the page id),
-- which the social figures read next to the posts: without it each day's other metrics were read
-- too (metrics_key ends with the metric). Partial, so it holds one row in seventeen.
CREATE INDEX metrics_page_reach ON metrics (source_key, day) WHERE plan = 'ma' AND metric = 'reach';

CREATE FUNCTION social_forget_bag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM posts WHERE bag_id = OLD.id;
  DELETE FROM page_audience WHERE bag_id = OLD.id;
  RETURN OLD;
END
$$;
CREATE TRIGGER bags_forget_social AFTER DELETE ON bags FOR EACH ROW EXECUTE FUNCTION social_forget_bag();

CREATE FUNCTION social_forget_page() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM posts WHERE page_id = OLD.id;
  DELETE FROM page_audience WHERE page_id = OLD.id;
  RETURN OLD;
END
$$;
CREATE TRIGGER pages_forget_social AFTER DELETE ON pages FOR EACH ROW EXECUTE FUNCTION social_forget_page();
