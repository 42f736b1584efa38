-- Issue 25, the listing: an offered stock joins the market on its listing date (the leader's `ipo.steps` job).

-- When a stock offered in an IPO joined the market. The market carries its static universe plus every stored symbol
-- that listed this way (a process started later loads them too); a withdrawn offering's stock never did.
ALTER TABLE market_symbols ADD COLUMN listed_at timestamptz;
ALTER TABLE market_symbols ADD CONSTRAINT market_symbols_listed_check CHECK (status <> 'upcoming' OR listed_at IS NULL);

-- What the job looks for: drawn offerings not yet listed (the draw and lapse index ends at the lapse).
CREATE INDEX ipo_offerings_listing_due ON ipo_offerings (lists_at) WHERE cancelled_at IS NULL AND listed_at IS NULL;
