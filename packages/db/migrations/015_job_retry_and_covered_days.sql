-- Issue 24 §2 and §6: a leader job's period is claimed with the leader epoch it ran under; a failed run, or one
-- whose leader lost its term before finishing, is claimed again by the next run, and the attempts are counted.
ALTER TABLE job_runs ADD COLUMN epoch bigint;
ALTER TABLE job_runs ADD COLUMN attempts integer NOT NULL DEFAULT 1;

-- Issue 24 §2: an entry that charges for a span of days (financing caught up after a missed run) says which days.
ALTER TABLE journal_entries ADD COLUMN covers_from date;
ALTER TABLE journal_entries ADD COLUMN covers_to date;
