-- Admin (issue 17): users managed in the browser, brands with their own channels and o2o access.

-- A disabled user cannot sign in; their sessions end when they are disabled. `version` grows with
-- every admin change, so two admins editing one user cannot overwrite each other unseen (409).
ALTER TABLE users ADD COLUMN disabled boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz;

ALTER TABLE brands ADD COLUMN version integer NOT NULL DEFAULT 0;
-- The upstream o2o token of the brand: write-only through the API (never answered back).
ALTER TABLE brands ADD COLUMN o2o_token text NOT NULL DEFAULT '';

-- The channels a brand uses and the first year its data goes back to (accountTime.template).
CREATE TABLE brand_channels (
  brand_id    integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  channel     text NOT NULL CHECK (channel IN ('facebook', 'tiktok')),
  start_year  integer NOT NULL CHECK (start_year BETWEEN 2004 AND 2100),
  PRIMARY KEY (brand_id, channel)
);
-- Every existing brand uses the channels of the old global template.
INSERT INTO brand_channels (brand_id, channel, start_year)
  SELECT b.id, t.channel, t.start_year FROM brands b CROSS JOIN account_template t;

-- The o2o campaigns a brand's users read (beside the campaigns granted to a user directly).
CREATE TABLE brand_o2o_campaigns (
  brand_id     integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  campaign_id  integer NOT NULL REFERENCES o2o_campaigns(id) ON DELETE CASCADE,
  PRIMARY KEY (brand_id, campaign_id)
);
CREATE INDEX brand_o2o_campaigns_campaign ON brand_o2o_campaigns(campaign_id);
-- The demo's campaigns are named after their brand ("Tipco Fresh Mornings", "Aura Glow Serum");
-- the longest brand name wins ("Aura Move Run Club" is Aura Move's, not Aura's).
INSERT INTO brand_o2o_campaigns (brand_id, campaign_id)
  SELECT DISTINCT ON (c.id) b.id, c.id FROM o2o_campaigns c JOIN brands b ON c.name LIKE b.name || ' %'
  ORDER BY c.id, length(b.name) DESC;

CREATE INDEX events_admin ON events(entity, id) WHERE entity IN ('user', 'brand', 'account');
