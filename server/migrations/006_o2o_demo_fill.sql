-- The demo seed writes the recent months of o2o rollups at once and the older ones in the
-- background, newest first, so that a first start answers within seconds. demo_filled_from is
-- the earliest hour already written for a demo campaign; null = nothing left to fill (also for
-- databases seeded whole before this migration, and for campaigns that are not demo ones).
ALTER TABLE o2o_campaigns ADD COLUMN demo_filled_from bigint;

-- The built-in o2o service finds the caller by the o2o token the proxy forwards.
CREATE INDEX users_token_o2o ON users(token_o2o) WHERE token_o2o <> '';
