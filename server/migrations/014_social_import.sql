-- Social imports (issue 14, docs/social-import.md). A page day may now come from two files that
-- each know part of it: TikTok's follower history gives followers and the net change, its
-- overview gives profile views. What a file does not give stays NULL (unknown), never 0, and the
-- figures' sums skip it.
ALTER TABLE page_audience ALTER COLUMN follows DROP NOT NULL;
ALTER TABLE page_audience ALTER COLUMN unfollows DROP NOT NULL;
ALTER TABLE page_audience ALTER COLUMN page_views DROP NOT NULL;

-- The page's daily figures that TikTok Studio's overview and follower history write into
-- `metrics` (video views, engagements, net followers), so that KPI progress reads them.
ALTER TABLE metrics DROP CONSTRAINT metrics_source_check;
ALTER TABLE metrics ADD CONSTRAINT metrics_source_check
  CHECK (source IN ('demo', 'csv', 'meta-page', 'meta-post', 'meta-ads', 'tiktok-overview', 'tiktok-followers'));
