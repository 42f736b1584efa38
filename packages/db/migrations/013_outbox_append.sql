-- Issue 18 (order placement bench): a member event took two round trips (lock the member's sequence row and insert
-- the event; then move the sequence on). Round trips, not rows, are what a busy order path pays for, so the same two
-- steps run here in one call, unchanged: the member's row in member_event_seq is locked first (issue 17 §5), the
-- event names the one before it, and the row then names the new event.
CREATE FUNCTION outbox_member_event(p_topic text, p_member uuid, p_type text, p_payload jsonb, p_at timestamptz)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  prev bigint;
  new_id bigint;
BEGIN
  INSERT INTO member_event_seq AS s (member_id, last_seq) VALUES (p_member, NULL)
  ON CONFLICT (member_id) DO UPDATE SET last_seq = s.last_seq
  RETURNING last_seq INTO prev;
  INSERT INTO outbox (topic, member_id, prev_seq, type, payload, created_at)
  VALUES (p_topic, p_member, prev, p_type, p_payload, p_at)
  RETURNING id INTO new_id;
  UPDATE member_event_seq SET last_seq = new_id WHERE member_id = p_member;
  RETURN new_id;
END
$$;
