-- Issue 18: orders and positions (one row from pending to closed), the trading terms staff set, and per-product
-- sale rules. Money moves only through the journal; these rows say why, and carry the figures charged.

CREATE TABLE trade_positions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_no text NOT NULL UNIQUE,
  member_id uuid NOT NULL REFERENCES members (id),
  symbol text NOT NULL REFERENCES market_symbols (code),
  side text NOT NULL CHECK (side IN ('long', 'short')),
  order_type text NOT NULL CHECK (order_type IN ('market', 'limit')),
  status text NOT NULL CHECK (status IN ('pending', 'holding', 'closing', 'closed', 'cancelled')),
  quantity numeric(20, 0) NOT NULL CHECK (quantity > 0 AND quantity % 100 = 0),
  leverage integer NOT NULL CHECK (leverage >= 1),
  limit_price numeric(38, 8) CHECK (limit_price > 0),
  stop_loss numeric(38, 8) CHECK (stop_loss > 0),
  take_profit numeric(38, 8) CHECK (take_profit > 0),
  -- A pending order's hold in `frozen` (margin and purchase fee at its limit price).
  held numeric(38, 8) NOT NULL DEFAULT 0 CHECK (held >= 0),
  open_price numeric(38, 8),
  opened_at timestamptz,
  close_price numeric(38, 8),
  closed_at timestamptz,
  close_reason text CHECK (close_reason IN ('member', 'stopLoss', 'takeProfit', 'marginCall', 'delisted')),
  margin numeric(38, 8) NOT NULL DEFAULT 0 CHECK (margin >= 0),
  -- Added by the member, less financing that `available` could not pay (may go below zero: equity shrinks).
  added_margin numeric(38, 8) NOT NULL DEFAULT 0,
  purchase_fee numeric(38, 8) NOT NULL DEFAULT 0,
  selling_fee numeric(38, 8) NOT NULL DEFAULT 0,
  stamp_duty numeric(38, 8) NOT NULL DEFAULT 0,
  financing numeric(38, 8) NOT NULL DEFAULT 0,
  realised_pnl numeric(38, 8),
  -- The terms it opened on (staff changes apply to new orders only).
  maintenance_ratio numeric(10, 6) NOT NULL,
  fee_terms jsonb NOT NULL,
  financing_rate numeric(10, 6) NOT NULL,
  -- The day financing was last charged for (JST date): the daily job charges each position once a day.
  financed_through date,
  client_key text,
  created_at timestamptz NOT NULL,
  CHECK ((status IN ('pending', 'cancelled')) = (opened_at IS NULL)),
  CHECK (status NOT IN ('closed') OR (closed_at IS NOT NULL AND close_price IS NOT NULL AND close_reason IS NOT NULL)),
  CHECK (order_type = 'market' OR limit_price IS NOT NULL)
);
CREATE UNIQUE INDEX trade_positions_client_key ON trade_positions (member_id, client_key) WHERE client_key IS NOT NULL;
CREATE INDEX trade_positions_member ON trade_positions (member_id, status, created_at DESC);
-- What the trigger engine rebuilds its index from on start.
CREATE INDEX trade_positions_open ON trade_positions (symbol) WHERE status IN ('pending', 'holding', 'closing');

CREATE TABLE trade_terms (
  id integer PRIMARY KEY CHECK (id = 1),
  terms jsonb NOT NULL,
  changed_by uuid REFERENCES members (id),
  changed_at timestamptz
);

CREATE TABLE trade_product_rules (
  symbol text PRIMARY KEY REFERENCES market_symbols (code),
  same_day_ban boolean NOT NULL DEFAULT false,
  t_plus_one_ban boolean NOT NULL DEFAULT false,
  min_holding_minutes integer NOT NULL DEFAULT 0 CHECK (min_holding_minutes >= 0),
  lock_up_until timestamptz,
  changed_by uuid REFERENCES members (id),
  changed_at timestamptz NOT NULL
);
