-- Issue 24: a position says where it came from — an ordinary order, an IPO allocation, a block (off-session) deal,
-- a day-trade, or a copy of another member's trade — so the products that arrive later write their rows here and
-- each tab can list its own. Existing rows are ordinary orders.
ALTER TABLE trade_positions
  ADD COLUMN origin text NOT NULL DEFAULT 'order' CHECK (origin IN ('order', 'ipo', 'block', 'daytrade', 'copy'));
-- A member's list of one origin by tab (status): member first, as every member list filters on it.
CREATE INDEX trade_positions_member_origin ON trade_positions (member_id, origin, status);
