-- Issue 17 §9: a symbol's halt, resume or delisting leaves its transaction through the outbox as a broadcast
-- (topic 'market'): no member and no member sequence, relayed to every process's market snapshot.
ALTER TABLE outbox
  ADD CONSTRAINT outbox_market_is_broadcast CHECK (topic <> 'market' OR (member_id IS NULL AND prev_seq IS NULL)),
  ADD CONSTRAINT outbox_member_has_member CHECK (topic <> 'member' OR member_id IS NOT NULL);
