-- Issue 7: the simulated TSE market — listed symbols and their status, the live state a new
-- leader continues from, stored candles, members' watchlists and search history, and news.

-- The universe (packages/market tse-companies.ts), with the staff-set trading status.
CREATE TABLE market_symbols (
  code text PRIMARY KEY CHECK (code ~ '^[0-9A-Z]{4}$'),
  name_jp text NOT NULL,
  name_en text NOT NULL,
  name_tw text NOT NULL,
  sector_code text NOT NULL,
  topix500 boolean NOT NULL,
  base_price numeric NOT NULL CHECK (base_price > 0),
  status text NOT NULL DEFAULT 'listed' CHECK (status IN ('listed', 'halted', 'delisted')),
  status_reason text,
  status_by uuid REFERENCES members (id),
  status_at timestamptz,
  -- Back-filled history ends just before this instant at the base price (deterministic from the seed).
  history_anchor_at timestamptz NOT NULL,
  history_filled_at timestamptz,
  CHECK ((status = 'listed') = (status_reason IS NULL))
);

-- The leader writes this about once a second; a new leader starts its simulator from it.
CREATE TABLE market_live_state (
  symbol text PRIMARY KEY REFERENCES market_symbols (code),
  day date NOT NULL,
  last numeric NOT NULL CHECK (last > 0),
  prev_close numeric NOT NULL CHECK (prev_close > 0),
  open numeric,
  high numeric,
  low numeric,
  volume bigint NOT NULL CHECK (volume >= 0),
  turnover numeric NOT NULL CHECK (turnover >= 0),
  -- Trades since the feed began: the quote/depth/candle stream sequence number of the symbol.
  seq bigint NOT NULL CHECK (seq >= 0),
  updated_at timestamptz NOT NULL
);

-- One row for the whole feed: steps taken and the index stream's sequence number.
CREATE TABLE market_feed_state (
  id smallint PRIMARY KEY CHECK (id = 1),
  steps bigint NOT NULL,
  index_seq bigint NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE market_candles (
  symbol text NOT NULL REFERENCES market_symbols (code),
  period text NOT NULL CHECK (period IN ('1m', '5m', '10m', '30m', '1d', '1w', '1M')),
  bucket_start timestamptz NOT NULL,
  open numeric NOT NULL,
  high numeric NOT NULL,
  low numeric NOT NULL,
  close numeric NOT NULL,
  volume bigint NOT NULL CHECK (volume >= 0),
  turnover numeric NOT NULL CHECK (turnover >= 0),
  PRIMARY KEY (symbol, period, bucket_start),
  CHECK (low <= open AND low <= close AND high >= open AND high >= close)
);

-- SPEC §7 /user/Optionallist: a member's watchlist.
CREATE TABLE watchlist_items (
  member_id uuid NOT NULL REFERENCES members (id),
  symbol text NOT NULL REFERENCES market_symbols (code),
  added_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, symbol)
);

-- The member's recent searches; the service keeps the last 20.
CREATE TABLE market_search_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members (id),
  query text NOT NULL CHECK (length(query) BETWEEN 1 AND 64),
  searched_at timestamptz NOT NULL
);
CREATE INDEX market_search_history_member ON market_search_history (member_id, id DESC);

-- News staff publish (one language per article); text only, rendered as text by the client.
CREATE TABLE news_articles (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lang text NOT NULL CHECK (lang IN ('en', 'tw', 'jp')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
  source text NOT NULL,
  created_by uuid REFERENCES members (id),
  published_at timestamptz NOT NULL,
  unpublished_at timestamptz,
  unpublished_by uuid REFERENCES members (id)
);
CREATE INDEX news_articles_listing ON news_articles (lang, published_at DESC) WHERE unpublished_at IS NULL;
