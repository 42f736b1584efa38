-- The double-entry ledger (DESIGN "Money and the ledger").
-- Balances live on ledger_accounts and change only by postings of a balanced journal entry.

CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id uuid REFERENCES members (id),
  book text CHECK (book IN ('available', 'frozen', 'margin', 'loan')),
  house text CHECK (house IN ('bank_clearing', 'fees', 'interest', 'trading', 'fx', 'ipo_escrow', 'referral_rewards')),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  balance numeric(38, 8) NOT NULL DEFAULT 0,
  CHECK ((member_id IS NOT NULL AND book IS NOT NULL AND house IS NULL) OR (member_id IS NULL AND book IS NULL AND house IS NOT NULL)),
  -- A member's available and frozen money can never go below zero.
  CONSTRAINT ledger_member_balance_not_negative CHECK (book IS NULL OR book NOT IN ('available', 'frozen') OR balance >= 0)
);
CREATE UNIQUE INDEX ledger_accounts_member ON ledger_accounts (member_id, book, currency) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_house ON ledger_accounts (house, currency) WHERE house IS NOT NULL;

CREATE TABLE journal_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  -- The reason a member reads in their timeline (a message key) and the business row it belongs to.
  reason text NOT NULL,
  ref_type text NOT NULL,
  ref_id text NOT NULL,
  request_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
CREATE INDEX journal_entries_ref ON journal_entries (ref_type, ref_id);

CREATE TABLE postings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES journal_entries (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  currency text NOT NULL,
  amount numeric(38, 8) NOT NULL CHECK (amount <> 0)
);
CREATE INDEX postings_entry ON postings (entry_id);
CREATE INDEX postings_account ON postings (account_id);

-- The journal is append-only, like the audit log.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the journal is append-only';
END
$$;
CREATE TRIGGER journal_entries_no_change BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER postings_no_change BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- At commit, every entry touched must sum to zero in each currency (a second guard after the code's own check).
CREATE FUNCTION postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM postings WHERE entry_id = NEW.entry_id GROUP BY currency HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'journal entry % does not balance', NEW.entry_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION postings_balanced();
