-- Issue 25: seat-account applications (SPEC §6). An approved application is the member's seat account; staff decide
-- through the one review lifecycle (review_decisions), so nobody decides their own case.
CREATE TABLE seat_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_no text NOT NULL UNIQUE,
  member_id uuid NOT NULL REFERENCES members (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  remarks text NOT NULL DEFAULT '',
  decided_by uuid REFERENCES members (id),
  decided_at timestamptz,
  client_key text,
  created_at timestamptz NOT NULL,
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
-- One application waiting at a time, and one seat a member, however many tries arrive at once.
CREATE UNIQUE INDEX seat_applications_one_pending ON seat_applications (member_id) WHERE status = 'pending';
CREATE UNIQUE INDEX seat_applications_one_seat ON seat_applications (member_id) WHERE status = 'approved';
CREATE INDEX seat_applications_queue ON seat_applications (status, created_at);
CREATE INDEX seat_applications_member ON seat_applications (member_id, created_at DESC);
CREATE UNIQUE INDEX seat_applications_client_key ON seat_applications (member_id, client_key) WHERE client_key IS NOT NULL;
