-- The report library and scheduled delivery (issue 17, docs/reports.md).

-- One schedule per user and report. `next_run_at` is the next due time (07:00 Bangkok on the
-- schedule's day). The report is not a foreign key: a deleted report keeps its schedule, whose
-- runs then fail with last_error in words (the report may also come back by a restore).
CREATE TABLE report_schedules (
  id           serial PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  report_id    integer NOT NULL,
  frequency    text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
  next_run_at  timestamptz NOT NULL,
  last_run_at  timestamptz,
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, report_id)
);
CREATE INDEX report_schedules_due ON report_schedules(next_run_at);

-- The durable job table: one row per schedule and due time (UNIQUE: a due time is queued once,
-- however many servers or restarts see it). A server claims a pending run (or one whose lease
-- ran out: its server died) by setting status 'running', a lease and attempts + 1; it finishes the
-- run in ONE transaction with the library file below, and only while the claim is still its own.
CREATE TABLE report_runs (
  id           serial PRIMARY KEY,
  schedule_id  integer NOT NULL REFERENCES report_schedules(id) ON DELETE CASCADE,
  due_at       timestamptz NOT NULL,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
  attempts     integer NOT NULL DEFAULT 0,
  lease_until  timestamptz,
  started_at   timestamptz,
  finished_at  timestamptz,
  error        text,
  UNIQUE (schedule_id, due_at)
);
CREATE INDEX report_runs_open ON report_runs(due_at) WHERE status IN ('pending', 'running');

-- A user's library: PDFs saved by hand ('manual') or made by a run ('scheduled', unique per run).
CREATE TABLE library_files (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  report_id   integer,
  run_id      integer UNIQUE REFERENCES report_runs(id) ON DELETE SET NULL,
  title       text NOT NULL,
  brand       text NOT NULL,
  start_day   text NOT NULL,
  end_day     text NOT NULL,
  origin      text NOT NULL CHECK (origin IN ('manual', 'scheduled')),
  bytes       bytea NOT NULL,
  size        integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_files_user ON library_files(user_id, created_at DESC);
