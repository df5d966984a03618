-- Affiliate (issue 16): conversions reported by the Shopee Affiliate and Lazada affiliate
-- programmes, one row per item of an order an affiliate brought, and the affiliates' clicks per
-- day where a source gives them. Written by the demo (server/demo/affiliateDemo.ts, alongside the
-- demo orders) and by the affiliate import (`npm run affiliate -- import`, POST
-- /user/import-affiliate). Read by POST /user/affiliate-figures (server/services/affiliate.ts).
-- Definitions: docs/affiliate.md; the report layouts: docs/affiliate-import.md.

CREATE TABLE affiliate_conversions (
  brand_id        integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  -- The marketplace (the words of orders.platform).
  platform        text NOT NULL CHECK (platform IN ('Shopee', 'Lazada')),
  -- The marketplace's order id, as text: when the brand has an order with this id on this
  -- platform, the conversion is matched to it (GMV, customer from the order).
  order_id        text NOT NULL CHECK (order_id <> ''),
  -- 1, 2, … within the order, in the order of the report's rows.
  line            integer NOT NULL CHECK (line >= 1),
  -- The affiliate as the report names them (Shopee: username; Lazada: member id or name).
  affiliate       text NOT NULL CHECK (affiliate <> ''),
  sub_id          text,
  click_time      timestamptz,
  ordered_at      timestamptz NOT NULL,
  -- The Bangkok calendar day of ordered_at: what every range and series reads.
  day             date NOT NULL,
  -- The product as the report names it.
  item            text NOT NULL CHECK (item <> ''),
  -- Price paid per unit, THB, and units.
  price           numeric(14, 2) NOT NULL CHECK (price >= 0),
  quantity        integer NOT NULL CHECK (quantity >= 1),
  -- As the report gives it (0.08 = 8 %), or null when it gives none.
  commission_rate numeric(8, 6) CHECK (commission_rate IS NULL OR commission_rate >= 0),
  -- Commission of the item, THB, as reported (the figures leave out cancelled items' commission).
  commission      numeric(14, 2) NOT NULL CHECK (commission >= 0),
  -- completed, pending, cancelled (cancelled, returned, refunded, rejected); the report's own word in status_raw.
  status          text NOT NULL CHECK (status IN ('completed', 'pending', 'cancelled')),
  status_raw      text NOT NULL DEFAULT '',
  source          text NOT NULL CHECK (source IN ('demo', 'csv', 'shopee-affiliate', 'lazada-affiliate')),
  demo            boolean NOT NULL DEFAULT false,
  PRIMARY KEY (brand_id, platform, order_id, line)
);
-- Ranges per brand (the figures).
CREATE INDEX affiliate_conversions_brand_day ON affiliate_conversions(brand_id, day);
-- The brands and platforms real conversions were imported for (the demo writes none there).
CREATE INDEX affiliate_conversions_real ON affiliate_conversions(brand_id, platform) WHERE NOT demo;

-- Clicks of an affiliate's links to the brand's products, per Bangkok day, where known (the demo;
-- an import of conversions leaves them alone). Conversion rate = orders ÷ clicks.
CREATE TABLE affiliate_clicks (
  brand_id   integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  platform   text NOT NULL CHECK (platform IN ('Shopee', 'Lazada')),
  affiliate  text NOT NULL CHECK (affiliate <> ''),
  day        date NOT NULL,
  clicks     integer NOT NULL CHECK (clicks >= 0),
  demo       boolean NOT NULL DEFAULT false,
  PRIMARY KEY (brand_id, platform, affiliate, day)
);
CREATE INDEX affiliate_clicks_brand_day ON affiliate_clicks(brand_id, day);

-- A version of each brand's affiliate data (as orders_versions, migration 011, for the orders):
-- every statement that writes affiliate_conversions or affiliate_clicks moves the version of each
-- brand it touched, in the same transaction. The figures keep a brand's conversions in memory
-- (server/services/affiliate.ts) for as long as this version and the orders' are the ones they
-- were read at.
CREATE TABLE affiliate_versions (
  brand_id  integer PRIMARY KEY REFERENCES brands(id) ON DELETE CASCADE,
  version   bigint NOT NULL
);

CREATE FUNCTION affiliate_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO affiliate_versions AS v (brand_id, version)
  SELECT DISTINCT t.brand_id, 1 FROM touched t
   WHERE EXISTS (SELECT 1 FROM brands b WHERE b.id = t.brand_id)
  ON CONFLICT (brand_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

CREATE FUNCTION affiliate_versions_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE affiliate_versions SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER affiliate_conversions_versions_insert AFTER INSERT ON affiliate_conversions
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION affiliate_versions_bump();
CREATE TRIGGER affiliate_conversions_versions_update AFTER UPDATE ON affiliate_conversions
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION affiliate_versions_bump();
CREATE TRIGGER affiliate_conversions_versions_delete AFTER DELETE ON affiliate_conversions
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION affiliate_versions_bump();
CREATE TRIGGER affiliate_clicks_versions_insert AFTER INSERT ON affiliate_clicks
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION affiliate_versions_bump();
CREATE TRIGGER affiliate_clicks_versions_update AFTER UPDATE ON affiliate_clicks
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION affiliate_versions_bump();
CREATE TRIGGER affiliate_clicks_versions_delete AFTER DELETE ON affiliate_clicks
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION affiliate_versions_bump();
CREATE TRIGGER affiliate_conversions_versions_truncate AFTER TRUNCATE ON affiliate_conversions
  FOR EACH STATEMENT EXECUTE FUNCTION affiliate_versions_bump_all();
CREATE TRIGGER affiliate_clicks_versions_truncate AFTER TRUNCATE ON affiliate_clicks
  FOR EACH STATEMENT EXECUTE FUNCTION affiliate_versions_bump_all();
