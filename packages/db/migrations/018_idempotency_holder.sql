-- Issue 24 §7: an Idempotency-Key still "in progress" names the process running its first request (its random
-- instance id), and every process beats here every few seconds. A key whose holder stopped beating lost its
-- process: a retry is answered from the business row (or runs again) at once instead of after the 30 s lease.
-- Keys written before this migration have no holder and keep the lease.
ALTER TABLE idempotency_keys ADD COLUMN holder text;
CREATE TABLE process_heartbeats (
  instance text PRIMARY KEY,
  -- The database's now(), never a process's clock: every process compares beats on one clock.
  beat_at timestamptz NOT NULL
);
