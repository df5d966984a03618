-- CIR, customer-insight reports (issue 17): the current state of each report, a projection of the
-- event log (entity 'cir_report', key = the report's id). Every write changes the row and appends
-- its event in one transaction; each event's payload holds the whole report after the write, so
-- the history shows every state and a restore reads it back. A delete removes the row; its event
-- keeps the report, and restore puts it back under the same id.
CREATE TABLE cir_reports (
  id          serial PRIMARY KEY,
  owner_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand_id    integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  title       text NOT NULL,
  -- A ReportRange (domain/cirContract.ts): fixed days or a relative range resolved when read.
  range       jsonb NOT NULL,
  visibility  text NOT NULL CHECK (visibility IN ('private', 'brand')),
  -- The ordered sections (domain/cirContract.ts Section[]).
  sections    jsonb NOT NULL DEFAULT '[]',
  -- Grows with every write; a write on a stale version is refused (409).
  version     integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cir_reports_owner ON cir_reports(owner_id);
CREATE INDEX cir_reports_shared ON cir_reports(brand_id) WHERE visibility = 'brand';

-- A report's history is read by its readers, not only by the user who wrote it: by key alone.
CREATE INDEX events_cir_report ON events(entity_key, id) WHERE entity = 'cir_report';
