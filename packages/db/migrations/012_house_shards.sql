-- Issue 18 (order placement bench): every order posted its purchase fee to the one house `fees` account, and its row
-- lock, held to commit, queued every order behind the one before. House accounts are now split into shards (an
-- entry's shard is chosen from its business row, so spread evenly); each shard is an ordinary ledger account, so the
-- journal, the balance guards and reconciliation are unchanged, and a house balance is the sum of its shards.
ALTER TABLE ledger_accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0 CHECK (shard >= 0 AND shard < 64);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_member_accounts_unsharded CHECK (house IS NOT NULL OR shard = 0);
DROP INDEX ledger_accounts_house;
CREATE UNIQUE INDEX ledger_accounts_house ON ledger_accounts (house, currency, shard) WHERE house IS NOT NULL;

CREATE OR REPLACE FUNCTION ledger_balance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND coalesce(current_setting('kabuto.posting', true), '') <> 'on' THEN
    RAISE EXCEPTION 'ledger balances change only through a journal entry';
  END IF;
  IF NEW.member_id IS DISTINCT FROM OLD.member_id OR NEW.book IS DISTINCT FROM OLD.book OR NEW.house IS DISTINCT FROM OLD.house
     OR NEW.currency IS DISTINCT FROM OLD.currency OR NEW.shard IS DISTINCT FROM OLD.shard THEN
    RAISE EXCEPTION 'ledger accounts keep their owner, book, currency and shard';
  END IF;
  RETURN NEW;
END
$$;
