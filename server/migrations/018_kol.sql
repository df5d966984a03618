-- KOL Campaign (issue 16, docs/kol.md): a brand's KOL campaigns, its roster of KOLs, the bookings
-- of KOLs in campaigns and the posts they delivered, and the brand's earned media values.
-- Money in satang (bigint); days are Bangkok days. Every write of the page is an event in
-- `events` (entities kol_campaign, kol, kol_booking, kol_emv).

CREATE TABLE kol_campaigns (
  id             serial PRIMARY KEY,
  brand_id       integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  name           text NOT NULL CHECK (name <> ''),
  objective      text NOT NULL CHECK (objective IN ('awareness', 'engagement', 'traffic', 'sales', 'launch')),
  budget_satang  bigint NOT NULL CHECK (budget_satang >= 0),
  start_day      date NOT NULL,
  end_day        date NOT NULL,
  status         text NOT NULL CHECK (status IN ('planned', 'active', 'completed', 'cancelled')),
  demo           boolean NOT NULL DEFAULT false,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (end_day >= start_day)
);
-- The overview's campaigns overlapping a range, and "the campaign that started last before".
CREATE INDEX kol_campaigns_brand_start ON kol_campaigns (brand_id, start_day);

CREATE TABLE kols (
  id          serial PRIMARY KEY,
  brand_id    integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (name <> ''),
  -- The account name on the platform without "@"; '' when not known.
  handle      text NOT NULL DEFAULT '',
  platform    text NOT NULL CHECK (platform IN ('tiktok', 'facebook', 'instagram', 'youtube')),
  -- NULL when not known (a KOL added by an import sheet without followers): no tier.
  followers   bigint CHECK (followers >= 0),
  categories  text[] NOT NULL DEFAULT '{}',
  demo        boolean NOT NULL DEFAULT false,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX kols_handle ON kols (brand_id, platform, lower(handle)) WHERE handle <> '';
CREATE INDEX kols_brand_name ON kols (brand_id, lower(name));

CREATE TABLE kol_bookings (
  id            serial PRIMARY KEY,
  campaign_id   integer NOT NULL REFERENCES kol_campaigns(id) ON DELETE CASCADE,
  -- No cascade: a KOL with bookings cannot be deleted (the figures they carry stay explained).
  kol_id        integer NOT NULL REFERENCES kols(id),
  deliverables  text NOT NULL DEFAULT '',
  fee_satang    bigint NOT NULL CHECK (fee_satang >= 0),
  status        text NOT NULL CHECK (status IN ('proposed', 'confirmed', 'delivered', 'cancelled')),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kol_bookings_campaign ON kol_bookings (campaign_id);
CREATE INDEX kol_bookings_kol ON kol_bookings (kol_id);

CREATE TABLE kol_posts (
  id             serial PRIMARY KEY,
  booking_id     integer NOT NULL REFERENCES kol_bookings(id) ON DELETE CASCADE,
  -- The booking's campaign, copied: a permalink is unique within a campaign.
  campaign_id    integer NOT NULL REFERENCES kol_campaigns(id) ON DELETE CASCADE,
  permalink      text NOT NULL CHECK (permalink <> ''),
  published_at   timestamptz NOT NULL,
  -- The Bangkok day of published_at: the day the post counts on.
  day            date NOT NULL,
  views          bigint NOT NULL DEFAULT 0 CHECK (views >= 0),
  reach          bigint NOT NULL DEFAULT 0 CHECK (reach >= 0),
  likes          bigint NOT NULL DEFAULT 0 CHECK (likes >= 0),
  comments       bigint NOT NULL DEFAULT 0 CHECK (comments >= 0),
  shares         bigint NOT NULL DEFAULT 0 CHECK (shares >= 0),
  saves          bigint NOT NULL DEFAULT 0 CHECK (saves >= 0),
  -- NULL where not given (not 0).
  clicks         bigint CHECK (clicks >= 0),
  -- Promo-code or tracked-link sales, satang; NULL where not tracked (not 0).
  sales_satang   bigint CHECK (sales_satang >= 0),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (campaign_id, permalink)
);
CREATE INDEX kol_posts_booking ON kol_posts (booking_id, day);
CREATE INDEX kol_posts_campaign_day ON kol_posts (campaign_id, day);

-- The brand's value of each action in earned media value, satang per action; a brand without a
-- row uses DEFAULT_EMV_VALUES (domain/kolContract.ts, docs/kol.md#emv).
CREATE TABLE kol_emv_settings (
  brand_id         integer PRIMARY KEY REFERENCES brands(id) ON DELETE CASCADE,
  views_satang     bigint NOT NULL CHECK (views_satang >= 0),
  likes_satang     bigint NOT NULL CHECK (likes_satang >= 0),
  comments_satang  bigint NOT NULL CHECK (comments_satang >= 0),
  shares_satang    bigint NOT NULL CHECK (shares_satang >= 0),
  saves_satang     bigint NOT NULL CHECK (saves_satang >= 0),
  clicks_satang    bigint NOT NULL CHECK (clicks_satang >= 0),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  updated_by       integer REFERENCES users(id) ON DELETE SET NULL
);
