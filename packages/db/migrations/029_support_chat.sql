-- Issue 27: online customer service. One conversation per member (or per visitor, until they sign in and it joins
-- their account), kept for good: staff close it, the member's next message opens it again. Messages are text
-- (stored verbatim, rendered as text) or an image uploaded through the real-name upload checks.

CREATE TABLE support_threads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Exactly one owner: a member, or a visitor known only by the SHA-256 of the random token their browser keeps.
  member_id uuid UNIQUE REFERENCES members (id),
  visitor_key text UNIQUE CHECK (visitor_key ~ '^[0-9a-f]{64}$'),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  assigned_to uuid REFERENCES members (id),
  -- Read receipts: the last message id of the other side each has read (message ids rise in time).
  member_read_through bigint NOT NULL DEFAULT 0,
  staff_read_through bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  last_message_at timestamptz NOT NULL,
  closed_at timestamptz,
  closed_by uuid REFERENCES members (id),
  CHECK ((member_id IS NULL) <> (visitor_key IS NULL)),
  CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
CREATE INDEX support_threads_inbox ON support_threads (status, last_message_at DESC);
CREATE INDEX support_threads_assigned ON support_threads (assigned_to, status, last_message_at DESC);

CREATE TABLE support_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id uuid NOT NULL REFERENCES support_threads (id),
  author text NOT NULL CHECK (author IN ('member', 'visitor', 'staff')),
  staff_id uuid REFERENCES members (id),
  -- The domain's limit (packages/domain/src/support/message-text.ts) is also the database's.
  body text NOT NULL DEFAULT '' CHECK (char_length(body) <= 2000),
  upload_id uuid REFERENCES uploads (id),
  created_at timestamptz NOT NULL,
  CHECK (body <> '' OR upload_id IS NOT NULL),
  CHECK ((author = 'staff') = (staff_id IS NOT NULL)),
  -- Visitors cannot send images.
  CHECK (author <> 'visitor' OR upload_id IS NULL)
);
CREATE INDEX support_messages_thread ON support_messages (thread_id, id);
CREATE UNIQUE INDEX support_messages_upload ON support_messages (upload_id) WHERE upload_id IS NOT NULL;

-- Chat images go through the real-name upload checks under their own purpose (served to the thread's member and to
-- support and admin staff only).
ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check;
ALTER TABLE uploads
  ADD CONSTRAINT uploads_purpose_check CHECK (purpose IN ('id_front', 'id_back', 'deposit_receipt', 'support_chat'));

-- A reply to a visitor leaves its transaction as a broadcast (no member to sequence it by): topic 'support'.
ALTER TABLE outbox
  ADD CONSTRAINT outbox_support_is_broadcast CHECK (topic <> 'support' OR (member_id IS NULL AND prev_seq IS NULL));
