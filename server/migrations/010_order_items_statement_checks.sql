-- Every item belongs to an order: checked once per statement instead of once per row (issue 13,
-- imports that stall the embedded database). The foreign key from order_items to orders ran one
-- lookup, and one lock of the order's row, per item: 2.2 s of the 5.2 s an import of 200,000
-- items held PGlite for. A statement-level trigger checks all the items a statement added with
-- one anti-join instead, and deleting orders deletes their items as the foreign key's ON DELETE
-- CASCADE did (a brand's deletion cascades to its orders, and from them to the items).
--
-- The one thing this gives up: a transaction that deletes an order while another one adds items
-- to it is not serialised by a row lock. Nothing deletes single orders (only a brand's deletion,
-- and the tests' resets of the demo), and one brand's imports take turns (an advisory lock on
-- PostgreSQL, a queue on the embedded database).

ALTER TABLE order_items DROP CONSTRAINT order_items_brand_id_platform_order_id_fkey;

CREATE FUNCTION order_items_have_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orphan record;
BEGIN
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

CREATE TRIGGER order_items_have_orders_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION order_items_have_orders();
CREATE TRIGGER order_items_have_orders_update AFTER UPDATE ON order_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION order_items_have_orders();

CREATE FUNCTION orders_delete_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_items i USING removed r
   WHERE i.brand_id = r.brand_id AND i.platform = r.platform AND i.order_id = r.order_id;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_delete_items AFTER DELETE ON orders
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION orders_delete_items();

-- An order's key (brand, platform, order id) is never changed by the application; if a statement
-- does change one, its items must not be left behind.
CREATE FUNCTION orders_keep_item_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM previous_orders p
     WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.brand_id = p.brand_id AND o.platform = p.platform AND o.order_id = p.order_id)
       AND EXISTS (SELECT 1 FROM order_items i WHERE i.brand_id = p.brand_id AND i.platform = p.platform AND i.order_id = p.order_id)
  ) THEN
    RAISE foreign_key_violation USING MESSAGE = 'orders: an order with items cannot change its key', TABLE = 'orders';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_keep_item_keys AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS previous_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_item_keys();
