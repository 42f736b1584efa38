-- Balances move only with a journal entry: postEntry marks its transaction (SET LOCAL kabuto.posting),
-- and any other UPDATE of a balance — a stray code path or a hand-typed statement — is refused.
CREATE FUNCTION ledger_balance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND coalesce(current_setting('kabuto.posting', true), '') <> 'on' THEN
    RAISE EXCEPTION 'ledger balances change only through a journal entry';
  END IF;
  IF NEW.member_id IS DISTINCT FROM OLD.member_id OR NEW.book IS DISTINCT FROM OLD.book OR NEW.house IS DISTINCT FROM OLD.house OR NEW.currency IS DISTINCT FROM OLD.currency THEN
    RAISE EXCEPTION 'ledger accounts keep their owner, book and currency';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER ledger_balance_guard BEFORE UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_balance_guard();

CREATE FUNCTION ledger_account_insert_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance <> 0 THEN
    RAISE EXCEPTION 'a ledger account opens at zero';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER ledger_account_insert_guard BEFORE INSERT ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_account_insert_guard();
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
