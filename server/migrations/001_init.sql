-- Brands, their accounts (bags) and pages.
CREATE TABLE brands (
  id          serial PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  -- Some brands call the Facebook MA module just "MA".
  ma_label    text NOT NULL DEFAULT 'Facebook MA'
);

CREATE TABLE bags (
  id        text PRIMARY KEY,
  brand_id  integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  name      text NOT NULL,
  channel   text NOT NULL CHECK (channel IN ('facebook', 'tiktok'))
);
CREATE INDEX bags_brand ON bags(brand_id);

CREATE TABLE pages (
  id      text PRIMARY KEY,
  bag_id  text NOT NULL REFERENCES bags(id) ON DELETE CASCADE,
  name    text NOT NULL
);
CREATE INDEX pages_bag ON pages(bag_id);

CREATE TABLE account_template (
  channel     text PRIMARY KEY CHECK (channel IN ('facebook', 'tiktok')),
  start_year  integer NOT NULL
);

CREATE TABLE users (
  id              serial PRIMARY KEY,
  email           text NOT NULL UNIQUE CHECK (email = lower(email)),
  name            text NOT NULL,
  password_hash   text NOT NULL,
  permissions     text[] NOT NULL DEFAULT '{}',
  img_profile     text NOT NULL DEFAULT '',
  remember_token  text,
  token_o2o       text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_brands (
  user_id   integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand_id  integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, brand_id)
);
CREATE INDEX user_brands_brand ON user_brands(brand_id);

-- A session is one sign-in: the family of its rotated refresh tokens.
CREATE TABLE sessions (
  id          text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX sessions_user ON sessions(user_id);

-- Refresh tokens are stored only as their SHA-256.
CREATE TABLE refresh_tokens (
  token_hash  text PRIMARY KEY,
  session_id  text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);

CREATE TABLE login_failures (
  email          text PRIMARY KEY,
  failures       integer NOT NULL,
  window_start   timestamptz NOT NULL,
  locked_until   timestamptz
);

-- Current state of the templates: a projection of the event log.
CREATE TABLE filter_templates (
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title       text NOT NULL,
  body        jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, title)
);

CREATE TABLE kpi_templates (
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title       text NOT NULL,
  body        jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, title)
);

CREATE TABLE uploads (
  sha256        text PRIMARY KEY,
  content_type  text NOT NULL,
  size          integer NOT NULL,
  created_by    integer REFERENCES users(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- The append-only event log: who, when, what.
CREATE TABLE events (
  id          bigserial PRIMARY KEY,
  user_id     integer,
  actor       text NOT NULL,
  at          timestamptz NOT NULL DEFAULT now(),
  type        text NOT NULL,
  entity      text NOT NULL,
  entity_key  text NOT NULL,
  payload     jsonb NOT NULL
);
CREATE INDEX events_entity ON events(user_id, entity, entity_key, id);

CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events is append-only';
END
$$;
CREATE TRIGGER events_no_change BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_append_only();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();
