-- Foundation: settings, invitation codes, members and staff roles, restrictions, sessions,
-- password reset codes and the append-only audit log.

CREATE TABLE settings (
  name text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invitation_codes (
  code text PRIMARY KEY,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  fund_password_hash text,
  invite_code text NOT NULL UNIQUE,
  inviter_id uuid REFERENCES members (id),
  invited_with text NOT NULL,
  real_name_status text NOT NULL DEFAULT 'unverified'
    CHECK (real_name_status IN ('unverified', 'pending', 'verified', 'rejected')),
  staff_role text CHECK (staff_role IN ('admin', 'reviewer', 'support', 'auditor')),
  failed_logins integer NOT NULL DEFAULT 0 CHECK (failed_logins >= 0),
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- SPEC §6 restrictions; each carries the reason shown to the member. Lifting keeps the row.
CREATE TABLE member_restrictions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('frozen', 'login_banned', 'disabled', 'no_trading', 'no_withdrawal')),
  reason text NOT NULL CHECK (length(reason) > 0),
  set_by uuid REFERENCES members (id),
  set_at timestamptz NOT NULL DEFAULT now(),
  lifted_at timestamptz,
  lifted_by uuid REFERENCES members (id),
  lift_reason text
);
CREATE UNIQUE INDEX member_restrictions_active ON member_restrictions (member_id, kind) WHERE lifted_at IS NULL;

-- Session tokens are stored only as SHA-256 hashes.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members (id),
  remember boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX sessions_member ON sessions (member_id) WHERE ended_at IS NULL;

CREATE TABLE password_reset_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members (id),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX password_reset_codes_member ON password_reset_codes (member_id, created_at DESC);

-- Append-only: no update, delete or truncate path exists (promise 3).
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id uuid NOT NULL REFERENCES members (id),
  actor_role text NOT NULL,
  action text NOT NULL,
  target text NOT NULL DEFAULT '',
  reason text NOT NULL DEFAULT '',
  request_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created ON audit_log (created_at DESC, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
