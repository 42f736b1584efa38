-- Issue 6 §4: the platform backbone — leader-only jobs run at most once per period, events
-- leave their transaction through the outbox, and uploaded images can live in the database.

-- One row per job and period: the unique key lets exactly one runner (the leader) run it.
CREATE TABLE job_runs (
  job text NOT NULL,
  period_key text NOT NULL,
  runner text NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  outcome text,
  PRIMARY KEY (job, period_key)
);
CREATE INDEX job_runs_started ON job_runs (started_at DESC);

-- Events written in the business transaction; the leader relays them to the bus in id order.
-- The id is the stream's sequence number; prev_seq is the member's previous event (gap detection).
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  topic text NOT NULL,
  member_id uuid REFERENCES members (id),
  prev_seq bigint,
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  relayed_at timestamptz
);
CREATE INDEX outbox_unrelayed ON outbox (id) WHERE relayed_at IS NULL;
CREATE INDEX outbox_member ON outbox (member_id, id DESC);

-- Scaled mode: image bytes in PostgreSQL so every API process serves the same uploads.
CREATE TABLE upload_blobs (
  stored_name text PRIMARY KEY,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL
);
