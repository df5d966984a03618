-- Large imports into the embedded database without holding it (issue 13, item 4).
--
-- On PGlite, an import writes its new orders and items into tables of their own first
-- (`orders_import_…`, `order_items_import_…`, made LIKE the real ones, filled and indexed while
-- other requests are answered between the statements), then one short transaction makes them
-- children of `orders` and `order_items` (ALTER TABLE … INHERIT): every reader of the real
-- tables sees all of the import's rows from that commit on, and none before. A background merge
-- later moves the rows into the real tables a few thousand at a time (each batch deleted from the
-- child and inserted into the parent in one statement, so a row is always seen exactly once) and
-- drops the emptied children (server/services/importTables.ts).
--
-- The rows a merge moves are already counted in the daily product rows, the versions and the
-- checks; while `brand_dashboard.moving_rows` is 'on' (SET LOCAL, the merge's transactions
-- only) the triggers below leave them alone.

CREATE OR REPLACE FUNCTION orders_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('brand_dashboard.moving_rows', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO orders_versions AS v (brand_id, version)
  SELECT DISTINCT t.brand_id, 1 FROM touched t
   WHERE EXISTS (SELECT 1 FROM brands b WHERE b.id = t.brand_id)
  ON CONFLICT (brand_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION order_product_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('brand_dashboard.moving_rows', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO order_product_days AS d (brand_id, day, platform, status, product, quantity, amount, orders)
  SELECT brand_id, day, platform, status, product, sum(quantity), sum(quantity * price), count(*) FILTER (WHERE product_repeat IS NOT TRUE)
    FROM added WHERE day IS NOT NULL AND status IS NOT NULL
   GROUP BY brand_id, day, platform, status, product
  ON CONFLICT (brand_id, day, platform, status, product) DO UPDATE
     SET quantity = d.quantity + EXCLUDED.quantity, amount = d.amount + EXCLUDED.amount, orders = d.orders + EXCLUDED.orders;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION order_items_have_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orphan record;
BEGIN
  IF current_setting('brand_dashboard.moving_rows', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT a.brand_id, a.platform, a.order_id INTO orphan
    FROM added a
   WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.brand_id = a.brand_id AND o.platform = a.platform AND o.order_id = a.order_id)
   LIMIT 1;
  IF FOUND THEN
    RAISE foreign_key_violation USING
      MESSAGE = format('order_items: order %s of platform %s (brand %s) does not exist', orphan.order_id, orphan.platform, orphan.brand_id),
      TABLE = 'order_items';
  END IF;
  RETURN NULL;
END $$;
