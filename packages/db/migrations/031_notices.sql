-- Issue 27 "Notices and price alerts". A notice stores its text key and parameters, never rendered text: the screen
-- says it in the member's language of the moment. Notices come from the member events the outbox already carries
-- (one notice per event at most: `source_seq` is the event's outbox id, unique) or from a price alert that fired (one
-- notice per alert: `alert_id`, unique).

CREATE TABLE price_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members (id),
  symbol text NOT NULL REFERENCES market_symbols (code),
  -- above / below: the last price reaches `price`; move: the day's change from the previous close reaches ±`percent`.
  kind text NOT NULL CHECK (kind IN ('above', 'below', 'move')),
  price numeric(20, 4),
  percent numeric(5, 2),
  -- Each alert fires once and is then off (the leader's UPDATE ... WHERE state = 'active' decides it, once).
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'fired')),
  created_at timestamptz NOT NULL,
  fired_at timestamptz,
  fired_price numeric(20, 4),
  CHECK (
    (kind IN ('above', 'below') AND price IS NOT NULL AND price > 0 AND percent IS NULL)
    OR (kind = 'move' AND percent IS NOT NULL AND percent > 0 AND percent < 100 AND price IS NULL)
  ),
  CHECK ((state = 'fired') = (fired_at IS NOT NULL))
);
-- What the leader's index is rebuilt from, and what a member lists.
CREATE INDEX price_alerts_active ON price_alerts (symbol) WHERE state = 'active';
CREATE INDEX price_alerts_member ON price_alerts (member_id, created_at DESC);

CREATE TABLE notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members (id),
  -- What it is about (the screen's icon and group): deposit, withdrawal, realName, seat, block, loan, daytrade,
  -- trade, ipo, copy, support, alert.
  topic text NOT NULL CHECK (topic ~ '^[a-zA-Z]{1,32}$'),
  -- A catalogue key (`notices.text.…`) and its parameters (strings only).
  text_key text NOT NULL CHECK (text_key ~ '^notices\.text\.[a-zA-Z.]{1,80}$'),
  params jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(params) = 'object'),
  -- The in-app address the notice opens (a SPEC §2 route, with its query), or none.
  link text CHECK (link IS NULL OR link ~ '^/[A-Za-z0-9/]+(\?[A-Za-z0-9=&%._-]*)?$'),
  source_seq bigint UNIQUE,
  alert_id uuid UNIQUE REFERENCES price_alerts (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  read_at timestamptz
);
CREATE INDEX notices_member ON notices (member_id, id DESC);
CREATE INDEX notices_unread ON notices (member_id) WHERE read_at IS NULL;
