-- Issue 24 §7: a money call that changes an existing row (close, cancel, add margin) carries the member's
-- Idempotency-Key on its journal entry, committed with the money, so a retry after a crash between the commit and
-- the reply is answered from that entry instead of running twice. Unique per business row: should a retry run again
-- while the first run still commits (a holder wrongly taken for dead), the second entry is refused, not posted.
ALTER TABLE journal_entries ADD COLUMN client_key text;
CREATE UNIQUE INDEX journal_entries_client_key ON journal_entries (ref_type, ref_id, client_key) WHERE client_key IS NOT NULL;
