-- Issue 25: block trades (立会外分売). Staff list products; members apply; staff decide through the one review
-- lifecycle (review_decisions), and an approved application becomes a position of origin 'block'.

CREATE TABLE block_products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  symbol text NOT NULL REFERENCES market_symbols (code),
  price numeric(38, 8) NOT NULL CHECK (price > 0),
  min_amount numeric(38, 8) NOT NULL CHECK (min_amount > 0),
  max_shares numeric(20, 0) NOT NULL CHECK (max_shares > 0 AND max_shares % 100 = 0),
  daily_limit integer NOT NULL CHECK (daily_limit BETWEEN 1 AND 100),
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  lock_up_until timestamptz,
  -- argon2id of the channel password, or null when the product has none.
  password_hash text,
  seat_only boolean NOT NULL,
  created_by uuid NOT NULL REFERENCES members (id),
  created_at timestamptz NOT NULL,
  withdrawn_at timestamptz,
  withdraw_reason text,
  withdrawn_by uuid REFERENCES members (id),
  CHECK (opens_at < closes_at),
  CHECK (lock_up_until IS NULL OR lock_up_until >= closes_at),
  CHECK ((withdrawn_at IS NULL) = (withdraw_reason IS NULL))
);
CREATE INDEX block_products_open ON block_products (closes_at) WHERE withdrawn_at IS NULL;

CREATE TABLE block_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_no text NOT NULL UNIQUE,
  product_id uuid NOT NULL REFERENCES block_products (id),
  member_id uuid NOT NULL REFERENCES members (id),
  shares numeric(20, 0) NOT NULL CHECK (shares > 0 AND shares % 100 = 0),
  -- Price × shares: held (available → frozen) while pending; on approval the turnover.
  amount numeric(38, 8) NOT NULL CHECK (amount > 0),
  turnover numeric(38, 8) NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  remarks text NOT NULL DEFAULT '',
  position_id uuid REFERENCES trade_positions (id),
  decided_by uuid REFERENCES members (id),
  decided_at timestamptz,
  client_key text,
  created_at timestamptz NOT NULL,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'approved') = (position_id IS NOT NULL)),
  CHECK (turnover = CASE WHEN status = 'approved' THEN amount ELSE 0 END)
);
CREATE INDEX block_applications_queue ON block_applications (status, created_at);
CREATE INDEX block_applications_member ON block_applications (member_id, created_at DESC);
CREATE INDEX block_applications_product ON block_applications (product_id, member_id);
CREATE UNIQUE INDEX block_applications_client_key ON block_applications (member_id, client_key)
  WHERE client_key IS NOT NULL;

-- A member's applications to one product on one JST day: the counter row is taken (upsert) first in every application's
-- transaction, so a member's parallel applications to a product wait for each other and the limits hold.
CREATE TABLE block_daily_counts (
  product_id uuid NOT NULL REFERENCES block_products (id),
  member_id uuid NOT NULL REFERENCES members (id),
  day date NOT NULL,
  applications integer NOT NULL CHECK (applications >= 0),
  PRIMARY KEY (product_id, member_id, day)
);

-- The channel password's guesses get the fund PIN's ladder, per member (issue 25).
ALTER TABLE members
  ADD COLUMN channel_pw_failures integer NOT NULL DEFAULT 0 CHECK (channel_pw_failures >= 0),
  ADD COLUMN channel_pw_locked_until timestamptz;

-- A position's own lock-up (an approved block trade's), on top of its stock's sale rule.
ALTER TABLE trade_positions ADD COLUMN locked_until timestamptz;
