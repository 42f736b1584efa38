-- Issue 26: credit loans. Staff set the lending terms; a member applies (amount, term in days, repayment plan); staff
-- decide through the one review lifecycle (review_decisions); approval pays the loan out through the ledger
-- (loan → available), the leader job `loan.interest` charges each day's interest once (interest_through), and
-- repayments move cash back (available → loan), interest first.

-- The one row of lending terms staff set (absent until seeded or saved: lending is closed).
CREATE TABLE lending_terms (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  open boolean NOT NULL,
  -- Interest a day on the outstanding principal; ×365 stays within the 20 % a year of the Interest Rate Restriction Act.
  daily_rate numeric(12, 8) NOT NULL CHECK (daily_rate >= 0 AND daily_rate * 365 <= 0.2),
  min_term_days integer NOT NULL CHECK (min_term_days BETWEEN 1 AND 3650),
  max_term_days integer NOT NULL CHECK (max_term_days BETWEEN 1 AND 3650),
  -- The published credit-limit rule: (credit score − score_floor) × yen_per_point.
  yen_per_point numeric(20, 0) NOT NULL CHECK (yen_per_point >= 0),
  score_floor integer NOT NULL CHECK (score_floor BETWEEN 0 AND 100),
  updated_by uuid REFERENCES members (id),
  updated_at timestamptz,
  CHECK (min_term_days <= max_term_days)
);

CREATE TABLE loans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_no text NOT NULL UNIQUE,
  member_id uuid NOT NULL REFERENCES members (id),
  amount numeric(20, 0) NOT NULL CHECK (amount > 0),
  term_days integer NOT NULL CHECK (term_days BETWEEN 1 AND 3650),
  plan text NOT NULL CHECK (plan IN ('anytime', 'instalments')),
  -- The rate of the terms the member saw when applying: it is the loan's rate for its whole life.
  daily_rate numeric(12, 8) NOT NULL CHECK (daily_rate >= 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'repaid')),
  -- What is still owed: principal, and interest charged but not yet paid (whole yen).
  principal numeric(20, 0) NOT NULL DEFAULT 0 CHECK (principal >= 0),
  interest numeric(20, 0) NOT NULL DEFAULT 0 CHECK (interest >= 0),
  interest_charged numeric(20, 0) NOT NULL DEFAULT 0 CHECK (interest_charged >= 0),
  repaid_total numeric(20, 0) NOT NULL DEFAULT 0 CHECK (repaid_total >= 0),
  -- The last JST day interest has been charged for (the payout day at first): each day is charged once.
  interest_through date,
  remarks text NOT NULL DEFAULT '',
  client_key text,
  created_at timestamptz NOT NULL,
  decided_by uuid REFERENCES members (id),
  decided_at timestamptz,
  disbursed_at timestamptz,
  repaid_at timestamptz,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status IN ('approved', 'repaid')) = (disbursed_at IS NOT NULL AND interest_through IS NOT NULL)),
  CHECK ((status = 'repaid') = (repaid_at IS NOT NULL)),
  CHECK (status = 'approved' OR (principal = 0 AND interest = 0)),
  -- Nothing is lost: what was lent plus every yen of interest is either still owed or repaid.
  CHECK (status NOT IN ('approved', 'repaid') OR amount + interest_charged = principal + interest + repaid_total)
);
-- One loan at a time (SPEC §8 "unpaid credit loan must be repaid first"): an application waiting or a loan owed.
CREATE UNIQUE INDEX loans_one_open ON loans (member_id) WHERE status IN ('pending', 'approved');
CREATE UNIQUE INDEX loans_client_key ON loans (member_id, client_key) WHERE client_key IS NOT NULL;
CREATE INDEX loans_member ON loans (member_id, created_at DESC);
CREATE INDEX loans_queue ON loans (status, created_at);
-- The interest job's scan: loans owed, by id (keyset pages).
CREATE INDEX loans_accruing ON loans (id) WHERE status = 'approved';

CREATE TABLE loan_repayments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_id uuid NOT NULL REFERENCES loans (id),
  member_id uuid NOT NULL REFERENCES members (id),
  amount numeric(20, 0) NOT NULL CHECK (amount > 0),
  interest_paid numeric(20, 0) NOT NULL CHECK (interest_paid >= 0),
  principal_paid numeric(20, 0) NOT NULL CHECK (principal_paid >= 0),
  client_key text,
  created_at timestamptz NOT NULL,
  CHECK (amount = interest_paid + principal_paid)
);
CREATE UNIQUE INDEX loan_repayments_client_key ON loan_repayments (member_id, client_key) WHERE client_key IS NOT NULL;
CREATE INDEX loan_repayments_member ON loan_repayments (member_id, created_at DESC);
CREATE INDEX loan_repayments_loan ON loan_repayments (loan_id);

-- The member's `loan` book is what the member owes, as a negative balance (member books are what the house owes the
-- member). It never goes above zero: a repayment beyond the debt is refused by the database as well as the code.
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_member_loan_not_positive CHECK (book IS DISTINCT FROM 'loan' OR balance <= 0);
