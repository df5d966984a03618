-- E-commerce orders (issue 6): one row per order of a brand on a platform, its items, and each
-- customer's first order day (what makes a customer new or old in a period). Written by the demo
-- seed and by the orders import (`npm run orders -- import`, POST /user/import-orders).

CREATE TABLE orders (
  brand_id     integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  -- "Shopee", "Lazada" (others may follow: free text, shown as given).
  platform     text NOT NULL CHECK (platform <> ''),
  -- The platform's order id, as text (long numeric ids lose digits as numbers).
  order_id     text NOT NULL CHECK (order_id <> ''),
  -- The buyer as the platform names them (Shopee username, Lazada customer name, or the
  -- documented CSV's customer id): customers are per brand and platform-independent text.
  customer_id  text NOT NULL CHECK (customer_id <> ''),
  ordered_at   timestamptz NOT NULL,
  -- The Bangkok calendar day of ordered_at: what every range and series reads.
  day          date NOT NULL,
  -- completed, pending (placed, not completed yet), cancelled, returned. GMV counts them all,
  -- NMV leaves out cancelled and returned. status_raw keeps the export's own word.
  status       text NOT NULL CHECK (status IN ('completed', 'pending', 'cancelled', 'returned')),
  status_raw   text NOT NULL DEFAULT '',
  -- One of the nine regions of LOCATION_OPTIONS, or null when the address gave none.
  location     text,
  province     text,
  -- Order value in THB: the sum of its items' quantity × price.
  basket       numeric(14, 2) NOT NULL CHECK (basket >= 0),
  demo         boolean NOT NULL DEFAULT false,
  PRIMARY KEY (brand_id, platform, order_id)
);
-- Ranges per brand (figures), and per customer (RFM, first orders).
CREATE INDEX orders_brand_day ON orders(brand_id, day);
CREATE INDEX orders_brand_customer ON orders(brand_id, customer_id, day);

CREATE TABLE order_items (
  brand_id   integer NOT NULL,
  platform   text NOT NULL,
  order_id   text NOT NULL,
  -- 1, 2, … within the order.
  line       integer NOT NULL CHECK (line >= 1),
  product    text NOT NULL CHECK (product <> ''),
  sku        text,
  quantity   integer NOT NULL CHECK (quantity >= 1),
  -- Price paid per unit, THB.
  price      numeric(14, 2) NOT NULL CHECK (price >= 0),
  -- Copied from the order (the triggers below keep them; writers need not set them), so that the
  -- figures read a range's items by day, narrowed by the order's filters, without a join.
  day        date,
  status     text,
  location   text,
  basket     numeric(14, 2),
  -- True when an earlier line of the order holds the same product: products count an order once.
  product_repeat boolean,
  PRIMARY KEY (brand_id, platform, order_id, line),
  FOREIGN KEY (brand_id, platform, order_id) REFERENCES orders(brand_id, platform, order_id) ON DELETE CASCADE
);
-- A range's items (top products).
CREATE INDEX order_items_brand_day ON order_items(brand_id, day);

-- An item written without its order's copies (day null) gets them from its order.
CREATE FUNCTION order_items_from_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.day, o.status, o.location, o.basket INTO NEW.day, NEW.status, NEW.location, NEW.basket
    FROM orders o WHERE o.brand_id = NEW.brand_id AND o.platform = NEW.platform AND o.order_id = NEW.order_id;
  NEW.product_repeat := NEW.line > 1 AND EXISTS (
    SELECT 1 FROM order_items i
     WHERE i.brand_id = NEW.brand_id AND i.platform = NEW.platform AND i.order_id = NEW.order_id AND i.line < NEW.line AND i.product = NEW.product);
  RETURN NEW;
END $$;
CREATE TRIGGER order_items_from_order BEFORE INSERT ON order_items
  FOR EACH ROW WHEN (NEW.day IS NULL) EXECUTE FUNCTION order_items_from_order();

-- A change of an order's day, status, location or basket reaches its items (once per statement).
CREATE FUNCTION orders_to_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_items i SET day = n.day, status = n.status, location = n.location, basket = n.basket
    FROM changed_orders n JOIN previous_orders o ON o.brand_id = n.brand_id AND o.platform = n.platform AND o.order_id = n.order_id
   WHERE i.brand_id = n.brand_id AND i.platform = n.platform AND i.order_id = n.order_id
     AND (o.day, o.status, o.location, o.basket) IS DISTINCT FROM (n.day, n.status, n.location, n.basket);
  RETURN NULL;
END $$;
CREATE TRIGGER orders_to_items AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS previous_orders NEW TABLE AS changed_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_to_items();

-- Each day's items by platform, status and product: the top products of a range read these
-- (a few rows a day) instead of every item, unless the filter narrows by region, basket or
-- product. Kept by the statement triggers below from every write of order_items; `orders` counts
-- the orders holding the product (lines repeating a product of the same order are left out).
CREATE TABLE order_product_days (
  brand_id  integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  day       date NOT NULL,
  platform  text NOT NULL,
  status    text NOT NULL,
  product   text NOT NULL,
  quantity  bigint NOT NULL,
  amount    numeric(16, 2) NOT NULL,
  orders    integer NOT NULL,
  PRIMARY KEY (brand_id, day, platform, status, product)
);

CREATE FUNCTION order_product_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_product_days AS d (brand_id, day, platform, status, product, quantity, amount, orders)
  SELECT brand_id, day, platform, status, product, sum(quantity), sum(quantity * price), count(*) FILTER (WHERE product_repeat IS NOT TRUE)
    FROM added WHERE day IS NOT NULL AND status IS NOT NULL
   GROUP BY brand_id, day, platform, status, product
  ON CONFLICT (brand_id, day, platform, status, product) DO UPDATE
     SET quantity = d.quantity + EXCLUDED.quantity, amount = d.amount + EXCLUDED.amount, orders = d.orders + EXCLUDED.orders;
  RETURN NULL;
END $$;

-- Removing never inserts (a brand being deleted takes its rows with it).
CREATE FUNCTION order_product_days_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_product_days d
     SET quantity = d.quantity - r.quantity, amount = d.amount - r.amount, orders = d.orders - r.orders
    FROM (SELECT brand_id, day, platform, status, product, sum(quantity) AS quantity, sum(quantity * price) AS amount,
                 count(*) FILTER (WHERE product_repeat IS NOT TRUE) AS orders
            FROM removed WHERE day IS NOT NULL AND status IS NOT NULL
           GROUP BY brand_id, day, platform, status, product) r
   WHERE d.brand_id = r.brand_id AND d.day = r.day AND d.platform = r.platform AND d.status = r.status AND d.product = r.product;
  RETURN NULL;
END $$;

CREATE FUNCTION order_product_days_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_product_days d
     SET quantity = d.quantity - r.quantity, amount = d.amount - r.amount, orders = d.orders - r.orders
    FROM (SELECT brand_id, day, platform, status, product, sum(quantity) AS quantity, sum(quantity * price) AS amount,
                 count(*) FILTER (WHERE product_repeat IS NOT TRUE) AS orders
            FROM removed WHERE day IS NOT NULL AND status IS NOT NULL
           GROUP BY brand_id, day, platform, status, product) r
   WHERE d.brand_id = r.brand_id AND d.day = r.day AND d.platform = r.platform AND d.status = r.status AND d.product = r.product;
  INSERT INTO order_product_days AS d (brand_id, day, platform, status, product, quantity, amount, orders)
  SELECT brand_id, day, platform, status, product, sum(quantity), sum(quantity * price), count(*) FILTER (WHERE product_repeat IS NOT TRUE)
    FROM added WHERE day IS NOT NULL AND status IS NOT NULL
   GROUP BY brand_id, day, platform, status, product
  ON CONFLICT (brand_id, day, platform, status, product) DO UPDATE
     SET quantity = d.quantity + EXCLUDED.quantity, amount = d.amount + EXCLUDED.amount, orders = d.orders + EXCLUDED.orders;
  RETURN NULL;
END $$;

CREATE FUNCTION order_product_days_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_product_days;
  RETURN NULL;
END $$;

CREATE TRIGGER order_product_days_add AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION order_product_days_add();
CREATE TRIGGER order_product_days_remove AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION order_product_days_remove();
CREATE TRIGGER order_product_days_change AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION order_product_days_change();
CREATE TRIGGER order_product_days_clear AFTER TRUNCATE ON order_items
  FOR EACH STATEMENT EXECUTE FUNCTION order_product_days_clear();

-- The day of each customer's first order with the brand (any status). Kept by every writer of
-- orders: first_day = least(first_day, the new orders' day).
CREATE TABLE order_customers (
  brand_id     integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  customer_id  text NOT NULL,
  first_day    date NOT NULL,
  PRIMARY KEY (brand_id, customer_id)
);
-- The customers new in a range.
CREATE INDEX order_customers_first_day ON order_customers(brand_id, first_day);

-- The demo orders (server/services/commerceDemo.ts) of each demo brand: which generator writes
-- them (demo_key), the earliest day written so far (filled_from; null = nothing older left to
-- write: the seed writes the recent months, the older ones come in the background) and the last
-- day written (filled_to; a top-up continues from there to today).
CREATE TABLE orders_demo_fill (
  brand_id     integer PRIMARY KEY REFERENCES brands(id) ON DELETE CASCADE,
  demo_key     integer NOT NULL,
  filled_from  date,
  filled_to    date NOT NULL
);
