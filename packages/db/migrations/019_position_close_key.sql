-- Issue 24 §7: a member's close in the TSE closing auction posts nothing until the 15:30 print (the position waits as
-- "closing"), so no journal entry carries its Idempotency-Key. The position carries it instead, committed with the
-- status change: a retry after a crash between the commit and the answer is answered from the row.
ALTER TABLE trade_positions ADD COLUMN close_key text;
CREATE UNIQUE INDEX trade_positions_close_key ON trade_positions (member_id, close_key) WHERE close_key IS NOT NULL;
