-- Daily metric values per brand, account (bag) and optional page: the actual figures the KPI
-- progress view compares with the targets. Filled by the demo seed and by imports
-- (docs/metrics-import.md).
--
-- No foreign keys: their per-row checks made seeding the demo's ~280,000 rows three times slower
-- on PGlite. Imports check the account and page before writing, and the triggers below remove a
-- bag's or page's values when it is deleted (a brand's bags go with it by their own cascade).
CREATE TABLE metrics (
  brand_id    integer NOT NULL,
  bag_id      text NOT NULL,
  -- NULL = a value of the whole account (ads figures, account-level imports).
  page_id     text,
  -- Copied from the bag so range queries by brand and channel need no join.
  channel     text NOT NULL CHECK (channel IN ('facebook', 'tiktok')),
  -- 'ma' = the organic media account, 'ads' = paid.
  plan        text NOT NULL CHECK (plan IN ('ma', 'ads')),
  metric      text NOT NULL CHECK (metric IN ('reach', 'engagement', 'page_like', 'view', 'follower', 'impression',
                                              'click', 'inbox', 'leadgen', 'conversion', 'spend')),
  day         date NOT NULL,
  -- Counts, or THB for spend. Only follower (a net change) may be negative.
  value       numeric NOT NULL CHECK (value >= 0 OR metric = 'follower'),
  source      text NOT NULL CHECK (source IN ('demo', 'csv', 'meta-page', 'meta-post', 'meta-ads')),
  -- The stable key of the row in its source, scoped by the account or page id:
  -- '<page id>' or '<bag id>' for page- and account-level daily values (demo, documented CSV,
  -- Meta page series), '<bag id>|ad:<Ad ID>' (Meta ads), '<page or bag id>|post:<Post ID>' (Meta posts).
  -- A re-import of the same key, day and metric overwrites the value instead of adding to it.
  source_key  text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT metrics_key UNIQUE (plan, source_key, day, metric),
  CONSTRAINT metrics_spend_is_ads CHECK (metric <> 'spend' OR plan = 'ads')
);

-- The summary call: one brand (or a few), one or both channels, a range of days.
CREATE INDEX metrics_range ON metrics (brand_id, channel, day);

CREATE FUNCTION metrics_forget_bag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM metrics WHERE brand_id = OLD.brand_id AND channel = OLD.channel AND bag_id = OLD.id;
  RETURN OLD;
END
$$;
CREATE TRIGGER bags_forget_metrics AFTER DELETE ON bags FOR EACH ROW EXECUTE FUNCTION metrics_forget_bag();

CREATE FUNCTION metrics_forget_page() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM metrics WHERE page_id = OLD.id;
  RETURN OLD;
END
$$;
CREATE TRIGGER pages_forget_metrics AFTER DELETE ON pages FOR EACH ROW EXECUTE FUNCTION metrics_forget_page();
