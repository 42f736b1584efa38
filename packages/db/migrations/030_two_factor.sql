-- Issue 27: two-step sign-in (TOTP, RFC 6238). A member (staff must) turns it on with a secret from the QR code,
-- confirmed by a first code; then sign-in, withdrawals and bank-card changes ask for a code. Owned by the twofactor
-- module (apps/server/src/twofactor).

-- One row a member: the secret (base32; answered only while set-up is pending, never once confirmed), when it was
-- confirmed (NULL: set-up pending), the last time step a code was accepted at (a code of that step or earlier is a
-- replay), and the attempt ladder of wrong codes (the fund PIN's: counted before checking).
CREATE TABLE member_two_factor (
  member_id uuid PRIMARY KEY REFERENCES members (id),
  secret text NOT NULL CHECK (secret ~ '^[A-Z2-7]{32}$'),
  created_at timestamptz NOT NULL,
  enabled_at timestamptz,
  last_step bigint CHECK (last_step >= 0),
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  locked_until timestamptz
);

-- Ten one-time recovery codes a confirmation, kept as SHA-256 hashes only; a used code keeps its row (used_at).
CREATE TABLE two_factor_recovery_codes (
  member_id uuid NOT NULL REFERENCES member_two_factor (member_id) ON DELETE CASCADE,
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  used_at timestamptz,
  PRIMARY KEY (member_id, code_hash)
);

-- The second step of a sign-in: a right password with two-step sign-in on leaves this short-lived challenge (its
-- SHA-256 only); the session is issued once a code passes, and the challenge is used up with it.
CREATE TABLE sign_in_challenges (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  member_id uuid NOT NULL REFERENCES members (id),
  remember boolean NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at),
  used_at timestamptz
);
CREATE INDEX sign_in_challenges_member ON sign_in_challenges (member_id, created_at);
