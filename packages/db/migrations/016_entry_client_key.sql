-- Issue 24 §7: a money call that changes an existing row (close, cancel, add margin) carries the member's
-- Idempotency-Key on its journal entry, committed with the money, so a retry after a crash between the commit and
-- the reply is answered from that entry instead of running twice.
ALTER TABLE journal_entries ADD COLUMN client_key text;
CREATE INDEX journal_entries_client_key ON journal_entries (client_key) WHERE client_key IS NOT NULL;
