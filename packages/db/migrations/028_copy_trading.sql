-- Issue 26: copy trading. Staff mark a member as a lead trader and publish strategies led by that member; members
-- follow a strategy with capital moved into their own `copy` book; every fill and close of the lead's positions is
-- mirrored into each follow in progress (copy_mirrors, exactly once per lead event and follow).

-- A member's follows hold their capital in a member book of its own, never negative; each follow's part of it is
-- proven from its entries (ref 'copy' / follow id, and ref 'trade' / the order numbers of its mirrored positions).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_book_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_book_check
  CHECK (book IN ('available', 'frozen', 'margin', 'loan', 'copy'));
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_member_balance_not_negative;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_member_balance_not_negative
  CHECK (book IS NULL OR book NOT IN ('available', 'frozen', 'copy') OR balance >= 0);

CREATE TABLE copy_leads (
  member_id uuid PRIMARY KEY REFERENCES members (id),
  -- The issuer's name members read on the strategy card (not the member's account).
  display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 60),
  active boolean NOT NULL,
  set_by uuid NOT NULL REFERENCES members (id),
  set_at timestamptz NOT NULL,
  reason text NOT NULL
);

CREATE TABLE copy_strategies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_member_id uuid NOT NULL REFERENCES copy_leads (member_id),
  names jsonb NOT NULL,
  min_investment numeric(38, 8) NOT NULL CHECK (min_investment > 0),
  -- The lead's trades are scaled into a follow by follow capital / capital_base.
  capital_base numeric(38, 8) NOT NULL CHECK (capital_base >= min_investment),
  term_days integer NOT NULL CHECK (term_days BETWEEN 1 AND 365),
  follow_deadline timestamptz NOT NULL,
  -- The lead's performance fee: a fraction of a follow's profit at its end; nothing on a loss.
  performance_fee numeric(6, 4) NOT NULL CHECK (performance_fee >= 0 AND performance_fee <= 0.5),
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'closed')),
  published_by uuid NOT NULL REFERENCES members (id),
  published_at timestamptz NOT NULL,
  closed_by uuid REFERENCES members (id),
  closed_at timestamptz,
  close_reason text,
  CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
CREATE INDEX copy_strategies_lead ON copy_strategies (lead_member_id) WHERE status = 'published';

CREATE TABLE copy_follows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  strategy_id uuid NOT NULL REFERENCES copy_strategies (id),
  member_id uuid NOT NULL REFERENCES members (id),
  capital numeric(38, 8) NOT NULL CHECK (capital > 0),
  stop_loss_yen numeric(38, 8) CHECK (stop_loss_yen > 0),
  stop_loss_percent numeric(6, 2) CHECK (stop_loss_percent > 0 AND stop_loss_percent < 100),
  status text NOT NULL DEFAULT 'inProgress' CHECK (status IN ('inProgress', 'ended')),
  end_reason text CHECK (end_reason IN ('stopped', 'stopLoss', 'termEnd', 'strategyClosed')),
  started_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  ended_at timestamptz,
  -- At the end: capital ± P&L (the follow's balance), the fee taken, what returned to available.
  profit numeric(38, 8),
  fee numeric(38, 8),
  returned numeric(38, 8),
  client_key text,
  stop_key text,
  CHECK (stop_loss_yen IS NULL OR stop_loss_percent IS NULL),
  CHECK ((status = 'ended') = (ended_at IS NOT NULL AND end_reason IS NOT NULL AND returned IS NOT NULL))
);
-- One follow in progress per member and strategy, under parallel tries.
CREATE UNIQUE INDEX copy_follows_one_open ON copy_follows (strategy_id, member_id) WHERE status = 'inProgress';
CREATE INDEX copy_follows_strategy ON copy_follows (strategy_id, started_at) WHERE status = 'inProgress';
CREATE INDEX copy_follows_member ON copy_follows (member_id, started_at DESC);
CREATE INDEX copy_follows_term ON copy_follows (ends_at) WHERE status = 'inProgress';
CREATE UNIQUE INDEX copy_follows_client_key ON copy_follows (member_id, client_key) WHERE client_key IS NOT NULL;
CREATE UNIQUE INDEX copy_follows_stop_key ON copy_follows (member_id, stop_key) WHERE stop_key IS NOT NULL;

CREATE TABLE copy_mirrors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_position_id uuid NOT NULL REFERENCES trade_positions (id),
  -- The lead's event mirrored: its fill (open) or its close.
  event text NOT NULL CHECK (event IN ('open', 'close')),
  follow_id uuid NOT NULL REFERENCES copy_follows (id),
  outcome text NOT NULL CHECK (outcome IN ('mirrored', 'belowUnit', 'noCapital')),
  follower_position_id uuid REFERENCES trade_positions (id),
  follower_order_no text,
  lead_quantity numeric(20, 0) NOT NULL,
  lead_price numeric(38, 8) NOT NULL,
  lead_at timestamptz NOT NULL,
  -- The exact proportional quantity before rounding down to units.
  proportional numeric(38, 8) NOT NULL,
  quantity numeric(20, 0) NOT NULL DEFAULT 0,
  price numeric(38, 8),
  at timestamptz NOT NULL,
  CHECK ((outcome = 'mirrored') = (follower_position_id IS NOT NULL AND price IS NOT NULL AND quantity > 0)),
  -- A lead's event is mirrored into a follow at most once, whatever the crashes and takeovers.
  UNIQUE (lead_position_id, event, follow_id)
);
CREATE INDEX copy_mirrors_follow ON copy_mirrors (follow_id, at);
