-- Money flows: uploads, real-name verification, bank cards, deposit channels, deposits,
-- withdrawals, exchanges, credit score events and idempotent retries.

CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members (id),
  purpose text NOT NULL CHECK (purpose IN ('id_front', 'id_back', 'deposit_receipt')),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/gif')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  sha256 text NOT NULL,
  -- A random name in the private upload folder, never under a public path.
  stored_name text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
CREATE INDEX uploads_member ON uploads (member_id);

CREATE TABLE real_name_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members (id),
  real_name text NOT NULL,
  id_number text NOT NULL,
  front_upload_id uuid NOT NULL REFERENCES uploads (id),
  back_upload_id uuid NOT NULL REFERENCES uploads (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text NOT NULL DEFAULT '',
  decided_by uuid REFERENCES members (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL
);
-- One submission under review at a time per member.
CREATE UNIQUE INDEX real_name_one_pending ON real_name_submissions (member_id) WHERE status = 'pending';
ALTER TABLE members ADD COLUMN real_name text;

CREATE TABLE bank_cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members (id),
  holder_name text NOT NULL,
  bank_name text NOT NULL,
  branch_name text NOT NULL,
  branch_code text NOT NULL,
  card_number text NOT NULL,
  card_type text NOT NULL CHECK (card_type IN ('ordinary', 'current', 'savings')),
  ifsc text,
  upi text,
  created_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE UNIQUE INDEX bank_cards_unique_active ON bank_cards (member_id, bank_name, card_number) WHERE removed_at IS NULL;

CREATE TABLE deposit_channels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  bank_name text NOT NULL,
  branch_name text NOT NULL,
  account_type text NOT NULL,
  account_number text NOT NULL,
  account_holder text NOT NULL,
  currency text NOT NULL DEFAULT 'JPY',
  min_amount numeric(38, 8) NOT NULL CHECK (min_amount > 0),
  max_amount numeric(38, 8) NOT NULL,
  -- 'profile' follows the market profile's deposit window; 'always' is open around the clock.
  window_rule text NOT NULL DEFAULT 'profile' CHECK (window_rule IN ('profile', 'always')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_amount >= min_amount)
);

CREATE TABLE deposits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_no text NOT NULL UNIQUE,
  member_id uuid NOT NULL REFERENCES members (id),
  channel_id uuid NOT NULL REFERENCES deposit_channels (id),
  currency text NOT NULL,
  amount numeric(38, 8) NOT NULL CHECK (amount > 0),
  reference_code text NOT NULL,
  receipt_upload_id uuid NOT NULL REFERENCES uploads (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  remarks text NOT NULL DEFAULT '',
  decided_by uuid REFERENCES members (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX deposits_member ON deposits (member_id, created_at DESC);
CREATE INDEX deposits_status ON deposits (status, created_at);

CREATE TABLE withdrawals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_no text NOT NULL UNIQUE,
  member_id uuid NOT NULL REFERENCES members (id),
  bank_card_id uuid NOT NULL REFERENCES bank_cards (id),
  currency text NOT NULL,
  amount numeric(38, 8) NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  remarks text NOT NULL DEFAULT '',
  decided_by uuid REFERENCES members (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL
);
-- SPEC §8 "user has another fund operation": one withdrawal under review at a time.
CREATE UNIQUE INDEX withdrawals_one_pending ON withdrawals (member_id) WHERE status = 'pending';
CREATE INDEX withdrawals_member ON withdrawals (member_id, created_at DESC);

CREATE TABLE exchange_quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members (id),
  from_currency text NOT NULL,
  to_currency text NOT NULL,
  amount numeric(38, 8) NOT NULL CHECK (amount > 0),
  rate numeric(38, 12) NOT NULL CHECK (rate > 0),
  to_amount numeric(38, 8) NOT NULL CHECK (to_amount > 0),
  source text NOT NULL,
  as_of timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE exchanges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_no text NOT NULL UNIQUE,
  member_id uuid NOT NULL REFERENCES members (id),
  quote_id uuid NOT NULL UNIQUE REFERENCES exchange_quotes (id),
  from_currency text NOT NULL,
  to_currency text NOT NULL,
  amount numeric(38, 8) NOT NULL,
  rate numeric(38, 12) NOT NULL,
  to_amount numeric(38, 8) NOT NULL,
  source text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX exchanges_member ON exchanges (member_id, created_at DESC);

-- The credit score is computed from these events by published rules; each has a reason.
CREATE TABLE credit_score_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members (id),
  delta integer NOT NULL,
  rule text NOT NULL,
  ref_type text NOT NULL,
  ref_id text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (member_id, rule, ref_type, ref_id)
);

-- Idempotency-Key: a retry gets the first answer; the same key with another body is refused.
CREATE TABLE idempotency_keys (
  member_id uuid NOT NULL REFERENCES members (id),
  key text NOT NULL,
  path text NOT NULL,
  body_hash text NOT NULL,
  http_status integer,
  response jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, key)
);
