-- Issue 25: new-share (IPO) offerings and members' entries, with a commit-reveal lottery (docs/ipo-lottery.md).

-- An offered stock is known before it lists: its code holds the positions of paid wins (their sale locked until the
-- listing and the lock-up) but it is in no market list, quote or feed until it lists.
ALTER TABLE market_symbols DROP CONSTRAINT market_symbols_status_check;
ALTER TABLE market_symbols ADD CONSTRAINT market_symbols_status_check
  CHECK (status IN ('listed', 'halted', 'delisted', 'upcoming'));
ALTER TABLE market_symbols DROP CONSTRAINT market_symbols_check;
ALTER TABLE market_symbols ADD CONSTRAINT market_symbols_check
  CHECK ((status IN ('listed', 'upcoming')) = (status_reason IS NULL));

CREATE TABLE ipo_offerings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE REFERENCES market_symbols (code),
  price numeric(38, 8) NOT NULL CHECK (price > 0),
  shares_on_offer numeric(20, 0) NOT NULL CHECK (shares_on_offer > 0 AND shares_on_offer % 100 = 0),
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  draw_at timestamptz NOT NULL,
  pay_by timestamptz NOT NULL,
  lists_at timestamptz NOT NULL,
  lock_up_until timestamptz,
  -- SHA-256 of the secret, published from creation; the secret is revealed only once drawn.
  commitment text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  secret text NOT NULL CHECK (secret ~ '^[0-9a-f]{64}$'),
  drawn_at timestamptz,
  winners integer,
  allocated numeric(20, 0),
  -- Wins whose purchase deadline passed unconfirmed have been lapsed (the job that does it, once).
  lapsed_at timestamptz,
  listed_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text,
  cancelled_by uuid REFERENCES members (id),
  created_by uuid NOT NULL REFERENCES members (id),
  created_at timestamptz NOT NULL,
  CHECK (opens_at < closes_at AND closes_at <= draw_at AND draw_at < pay_by AND pay_by <= lists_at),
  CHECK (lock_up_until IS NULL OR lock_up_until >= lists_at),
  CHECK ((drawn_at IS NULL) = (winners IS NULL) AND (drawn_at IS NULL) = (allocated IS NULL)),
  CHECK ((cancelled_at IS NULL) = (cancel_reason IS NULL)),
  CHECK (cancelled_at IS NULL OR drawn_at IS NULL)
);
-- What the leader's job looks for: offerings not yet drawn, or drawn with wins not yet lapsed.
CREATE INDEX ipo_offerings_due ON ipo_offerings (draw_at) WHERE cancelled_at IS NULL AND lapsed_at IS NULL;

CREATE TABLE ipo_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  offering_id bigint NOT NULL REFERENCES ipo_offerings (id),
  member_id uuid NOT NULL REFERENCES members (id),
  shares numeric(20, 0) NOT NULL CHECK (shares > 0 AND shares % 100 = 0),
  status text NOT NULL CHECK (status IN ('awaitingDraw', 'won', 'paid', 'notWon', 'lapsed', 'cancelled')),
  -- Held in `frozen` for this entry now.
  held numeric(38, 8) NOT NULL CHECK (held >= 0),
  won numeric(20, 0) NOT NULL DEFAULT 0 CHECK (won >= 0 AND won <= shares),
  amount_paid numeric(38, 8) NOT NULL DEFAULT 0 CHECK (amount_paid >= 0),
  position_id uuid REFERENCES trade_positions (id),
  -- The Idempotency-Keys of the subscription and of the purchase confirmation: a retry finds what it did.
  client_key text,
  pay_key text,
  created_at timestamptz NOT NULL,
  drawn_at timestamptz,
  paid_at timestamptz,
  ended_at timestamptz,
  end_reason text,
  -- SPEC §5: one subscription per member and new stock, however many tries arrive at once.
  UNIQUE (offering_id, member_id),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL AND position_id IS NOT NULL)),
  CHECK ((status IN ('lapsed', 'cancelled')) = (ended_at IS NOT NULL))
);
CREATE INDEX ipo_entries_member ON ipo_entries (member_id, created_at DESC);
CREATE INDEX ipo_entries_offering ON ipo_entries (offering_id, id);
CREATE UNIQUE INDEX ipo_entries_client_key ON ipo_entries (member_id, client_key) WHERE client_key IS NOT NULL;
CREATE UNIQUE INDEX ipo_entries_pay_key ON ipo_entries (member_id, pay_key) WHERE pay_key IS NOT NULL;
