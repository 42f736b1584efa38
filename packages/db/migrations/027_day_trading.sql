-- Issue 26: day trading (一日信用取引 / 當沖). A member applies for a quota; staff decide it through the one review
-- lifecycle (review_decisions); an approved quota is in progress until the member ends it. Day trades are positions of
-- origin 'daytrade' (migration 017), closed at the day's cut-off with the reason 'daytradeCutOff'.

CREATE TABLE daytrade_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_no text NOT NULL UNIQUE,
  member_id uuid NOT NULL REFERENCES members (id),
  -- Whole yen above zero (the domain's readQuota also caps it).
  quota numeric(38, 8) NOT NULL CHECK (quota > 0 AND quota = trunc(quota)),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  -- SPEC §4 "day trade: in progress, ended": approved quotas only.
  state text CHECK (state IN ('inProgress', 'ended')),
  remarks text NOT NULL DEFAULT '',
  decided_by uuid REFERENCES members (id),
  decided_at timestamptz,
  ended_at timestamptz,
  client_key text,
  created_at timestamptz NOT NULL,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'approved') = (state IS NOT NULL)),
  CHECK ((state = 'ended') = (ended_at IS NOT NULL))
);
-- One application or quota in force a member at a time: parallel applications cannot both be written. The row in
-- force is also the lock every day-trade order of the member takes (FOR UPDATE) before counting its quota.
CREATE UNIQUE INDEX daytrade_applications_in_force ON daytrade_applications (member_id)
  WHERE status = 'pending' OR state = 'inProgress';
CREATE INDEX daytrade_applications_queue ON daytrade_applications (status, created_at);
CREATE INDEX daytrade_applications_member ON daytrade_applications (member_id, created_at DESC);
CREATE UNIQUE INDEX daytrade_applications_client_key ON daytrade_applications (member_id, client_key)
  WHERE client_key IS NOT NULL;

-- Staff-set day-trading terms (one row): the demo market's daily cut-off, HH:MM JST.
CREATE TABLE daytrade_terms (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  demo_cut_off text NOT NULL CHECK (demo_cut_off ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  updated_by uuid REFERENCES members (id),
  updated_at timestamptz
);
INSERT INTO daytrade_terms (demo_cut_off) VALUES ('15:30');

-- The cut-off is a close reason of its own.
ALTER TABLE trade_positions DROP CONSTRAINT trade_positions_close_reason_check;
ALTER TABLE trade_positions ADD CONSTRAINT trade_positions_close_reason_check
  CHECK (close_reason IN ('member', 'stopLoss', 'takeProfit', 'marginCall', 'delisted', 'daytradeCutOff'));
-- The cut-off job finds the open day trades.
CREATE INDEX trade_positions_open_daytrades ON trade_positions (created_at)
  WHERE origin = 'daytrade' AND status IN ('pending', 'holding', 'closing');
