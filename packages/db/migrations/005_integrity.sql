-- Issue 6 §1–2: one review lifecycle with four eyes, the fund PIN ladder, idempotency that
-- survives a crash, and postings that cannot name a currency other than their account's.

-- Every staff decision on any application kind, first approvals included. The kind's own table
-- holds the outcome; this log holds who decided what, and lets the database refuse a second
-- decision by the same person on the same application.
CREATE TABLE review_decisions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  subject_id text NOT NULL,
  staff_id uuid NOT NULL REFERENCES members (id),
  decision text NOT NULL CHECK (decision IN ('approve', 'reject')),
  reason text NOT NULL,
  -- false: a first approval that waits for a second, different reviewer.
  final boolean NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (kind, subject_id, staff_id)
);
CREATE FUNCTION review_decisions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'review_decisions is append-only';
END
$$;
CREATE TRIGGER review_decisions_no_change BEFORE UPDATE OR DELETE ON review_decisions
  FOR EACH ROW EXECUTE FUNCTION review_decisions_append_only();
CREATE TRIGGER review_decisions_no_truncate BEFORE TRUNCATE ON review_decisions
  FOR EACH STATEMENT EXECUTE FUNCTION review_decisions_append_only();

-- The fund PIN gets the sign-in ladder: attempts started without success, and the wait or lock.
ALTER TABLE members
  ADD COLUMN fund_pin_failures integer NOT NULL DEFAULT 0 CHECK (fund_pin_failures >= 0),
  ADD COLUMN fund_pin_locked_until timestamptz;

-- Idempotency keys expire (the leader's job deletes them; an expired key is free again).
ALTER TABLE idempotency_keys ADD COLUMN expires_at timestamptz;
UPDATE idempotency_keys SET expires_at = created_at + interval '24 hours';
ALTER TABLE idempotency_keys ALTER COLUMN expires_at SET NOT NULL;
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- The client's key on the business row itself: the row and the key commit together, so a
-- process that dies between commit and reply leaves an answer that can be rebuilt.
ALTER TABLE deposits ADD COLUMN client_key text;
CREATE UNIQUE INDEX deposits_client_key ON deposits (member_id, client_key) WHERE client_key IS NOT NULL;
ALTER TABLE withdrawals ADD COLUMN client_key text;
CREATE UNIQUE INDEX withdrawals_client_key ON withdrawals (member_id, client_key) WHERE client_key IS NOT NULL;
ALTER TABLE exchanges ADD COLUMN client_key text;
CREATE UNIQUE INDEX exchanges_client_key ON exchanges (member_id, client_key) WHERE client_key IS NOT NULL;

-- A posting's currency is its account's currency: the database refuses anything else.
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_id_currency UNIQUE (id, currency);
ALTER TABLE postings ADD CONSTRAINT postings_currency_is_account_currency
  FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency);
