-- A version of each brand's orders (issue 12: the E-Commerce figures at their old speed).
--
-- The server keeps a brand's orders in memory as columns (server/services/orderTable.ts) and sums
-- any range and filter there, in microseconds per thousand orders, where PGlite spent tens of
-- milliseconds per range only to hand the rows over. The copy is good as long as this version is
-- the one it was read with: every statement that writes `orders` or `order_customers` moves the
-- version of each brand it touched, whoever runs it (an import, the demo's top-up, a CLI, another
-- server on the same PostgreSQL, a hand-written statement), in the same transaction, so a reader
-- sees the new version exactly when it sees the new rows.
CREATE TABLE orders_versions (
  brand_id  integer PRIMARY KEY REFERENCES brands(id) ON DELETE CASCADE,
  version   bigint NOT NULL
);

-- One row per brand a statement touched (a DISTINCT over the statement's rows: 200,000 inserted
-- orders of one brand cost a few tens of milliseconds, once).
CREATE FUNCTION orders_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO orders_versions AS v (brand_id, version)
  SELECT DISTINCT t.brand_id, 1 FROM touched t
   WHERE EXISTS (SELECT 1 FROM brands b WHERE b.id = t.brand_id)
  ON CONFLICT (brand_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_versions_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION orders_versions_bump();
CREATE TRIGGER orders_versions_update AFTER UPDATE ON orders
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION orders_versions_bump();
CREATE TRIGGER orders_versions_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION orders_versions_bump();
CREATE TRIGGER order_customers_versions_insert AFTER INSERT ON order_customers
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION orders_versions_bump();
CREATE TRIGGER order_customers_versions_update AFTER UPDATE ON order_customers
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION orders_versions_bump();
CREATE TRIGGER order_customers_versions_delete AFTER DELETE ON order_customers
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION orders_versions_bump();

-- Emptying a table moves every brand's version.
CREATE FUNCTION orders_versions_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders_versions SET version = version + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_versions_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_versions_bump_all();
CREATE TRIGGER order_customers_versions_truncate AFTER TRUNCATE ON order_customers
  FOR EACH STATEMENT EXECUTE FUNCTION orders_versions_bump_all();
