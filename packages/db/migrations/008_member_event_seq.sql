-- Issue 17 §5: a member's events form one exact chain. `max(id)` read inside concurrent transactions let two
-- events name the same predecessor (and pruning the outbox broke the chain); instead each event locks its
-- member's row here, so the member's events are written one after another, each naming the one before.
CREATE TABLE member_event_seq (
  member_id uuid PRIMARY KEY REFERENCES members (id),
  -- NULL only inside the transaction of the member's first event, before that event is written.
  last_seq bigint
);
INSERT INTO member_event_seq (member_id, last_seq)
SELECT member_id, max(id) FROM outbox WHERE member_id IS NOT NULL GROUP BY member_id;
