-- Ads & Automation (issue 15): the brands' campaigns, ad sets (TikTok: ad groups) and ads on Meta
-- and TikTok, each ad's daily figures, the automation rules and the alerts they raise.
-- Definitions: docs/ads.md; imports: docs/ads-import.md.
--
-- One source of truth for paid figures: `ad_days`. The `metrics` rows of plan 'ads' (KPI progress)
-- are kept in step with it: the demo writes both from the same daily values (an account's day is
-- split among its ads), an ads import writes both in one transaction.
--
-- No foreign keys, as for `metrics` (003) and `posts` (013): per-row checks slow the demo's
-- seeding; the trigger below removes a bag's rows when it is deleted.

CREATE TABLE ad_campaigns (
  brand_id    integer NOT NULL,
  bag_id      text NOT NULL,
  channel     text NOT NULL CHECK (channel IN ('facebook', 'tiktok')),
  -- The platform's id (unique within the brand).
  id          text NOT NULL,
  name        text NOT NULL,
  objective   text NOT NULL CHECK (objective IN ('sales', 'leads', 'messages', 'traffic', 'engagement', 'video_views', 'awareness', 'app_promotion')),
  status      text NOT NULL CHECK (status IN ('active', 'paused', 'ended')),
  start_day   date,
  stop_day    date,
  source      text NOT NULL CHECK (source IN ('demo', 'csv', 'meta-ads', 'tiktok-ads')),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_id, id)
);
CREATE INDEX ad_campaigns_bag ON ad_campaigns (bag_id);

CREATE TABLE ad_sets (
  brand_id           integer NOT NULL,
  bag_id             text NOT NULL,
  campaign_id        text NOT NULL,
  id                 text NOT NULL,
  name               text NOT NULL,
  -- Satang; NULL where the export gives no budget (a campaign budget, CBO).
  budget_satang      bigint CHECK (budget_satang >= 0),
  budget_kind        text CHECK (budget_kind IN ('daily', 'lifetime')),
  optimisation_goal  text,
  source             text NOT NULL CHECK (source IN ('demo', 'csv', 'meta-ads', 'tiktok-ads')),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_id, id)
);
CREATE INDEX ad_sets_campaign ON ad_sets (brand_id, campaign_id);

CREATE TABLE ads (
  brand_id     integer NOT NULL,
  bag_id       text NOT NULL,
  campaign_id  text NOT NULL,
  ad_set_id    text NOT NULL,
  id           text NOT NULL,
  name         text NOT NULL,
  format       text CHECK (format IN ('image', 'video', 'carousel', 'collection', 'other')),
  source       text NOT NULL CHECK (source IN ('demo', 'csv', 'meta-ads', 'tiktok-ads')),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_id, id)
);
CREATE INDEX ads_ad_set ON ads (brand_id, ad_set_id);

-- One ad's figures for one Bangkok day. Campaign, ad set, bag and channel are copied from the ad
-- so the reads by brand and range group without joins.
CREATE TABLE ad_days (
  brand_id               integer NOT NULL,
  bag_id                 text NOT NULL,
  channel                text NOT NULL CHECK (channel IN ('facebook', 'tiktok')),
  campaign_id            text NOT NULL,
  ad_set_id              text NOT NULL,
  ad_id                  text NOT NULL,
  day                    date NOT NULL,
  spend_satang           bigint NOT NULL CHECK (spend_satang >= 0),
  impressions            bigint NOT NULL CHECK (impressions >= 0),
  reach                  bigint NOT NULL CHECK (reach >= 0),
  clicks                 bigint NOT NULL CHECK (clicks >= 0),
  video_views            bigint NOT NULL CHECK (video_views >= 0),
  results                bigint NOT NULL CHECK (results >= 0),
  -- What the results count, as the export names it ('Purchases', 'Leads', …); NULL without results.
  result_type            text,
  -- NULL where the export gives no purchase value (not 0: ROAS then has no value).
  purchase_value_satang  bigint CHECK (purchase_value_satang >= 0),
  source                 text NOT NULL CHECK (source IN ('demo', 'csv', 'meta-ads', 'tiktok-ads')),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_id, ad_id, day)
);
-- Every read: one brand, a range of days.
CREATE INDEX ad_days_range ON ad_days (brand_id, day);
CREATE INDEX ad_days_bag ON ad_days (bag_id, day);

-- The brand's automation rules (shared by its users with permission 5). Current state; every
-- write is an event in `events` (entity 'ads-rule').
CREATE TABLE ads_rules (
  id           serial PRIMARY KEY,
  brand_id     integer NOT NULL,
  name         text NOT NULL,
  -- {"kind":"brand"} | {"kind":"channel","channel":…} | {"kind":"campaigns","campaigns":[…]}
  scope        jsonb NOT NULL,
  metric       text NOT NULL,
  condition    text NOT NULL CHECK (condition IN ('above', 'below', 'dropsBy', 'risesBy')),
  threshold    double precision NOT NULL CHECK (threshold >= 0),
  window_days  integer NOT NULL CHECK (window_days BETWEEN 1 AND 90),
  created_by   integer,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   integer,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ads_rules_brand ON ads_rules (brand_id);

-- An alert: the rule's condition held for a campaign (or, for pacing, the scope: campaign_key '')
-- on a day. Evaluating again updates the value and keeps the acknowledgement; a day whose
-- condition no longer holds loses its alert unless it was acknowledged (then it stays, as history).
CREATE TABLE ads_alerts (
  id               bigserial PRIMARY KEY,
  rule_id          integer NOT NULL REFERENCES ads_rules(id) ON DELETE CASCADE,
  brand_id         integer NOT NULL,
  campaign_key     text NOT NULL,
  day              date NOT NULL,
  value            double precision NOT NULL,
  threshold        double precision NOT NULL,
  raised_at        timestamptz NOT NULL DEFAULT now(),
  acknowledged_at  timestamptz,
  acknowledged_by  integer,
  CONSTRAINT ads_alerts_key UNIQUE (rule_id, campaign_key, day)
);
CREATE INDEX ads_alerts_brand_day ON ads_alerts (brand_id, day);

CREATE FUNCTION ads_forget_bag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ad_days WHERE bag_id = OLD.id;
  DELETE FROM ads WHERE bag_id = OLD.id;
  DELETE FROM ad_sets WHERE bag_id = OLD.id;
  DELETE FROM ad_campaigns WHERE bag_id = OLD.id;
  RETURN OLD;
END
$$;
CREATE TRIGGER bags_forget_ads AFTER DELETE ON bags FOR EACH ROW EXECUTE FUNCTION ads_forget_bag();
