-- Issue 17 §7: fencing. Every process that becomes leader takes the next epoch (term) here; the feed's flush
-- (and later the trigger engine's fills) commits only while its epoch is still the current one, so a leader
-- that lost the lock mid-flush writes nothing. The stream's sequence numbers carry the epoch.
CREATE TABLE leader_epoch (
  id smallint PRIMARY KEY CHECK (id = 1),
  epoch bigint NOT NULL CHECK (epoch >= 0),
  -- Who took it and when (for the operator; nothing reads these).
  holder text,
  changed_at timestamptz
);
INSERT INTO leader_epoch (id, epoch) VALUES (1, 0);
