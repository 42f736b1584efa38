-- Issue 25 "Staff accounts": an admin disables and re-enables a staff account. A disabled one cannot sign in and
-- its sessions are refused; its role and history stay, so re-enabling gives back exactly what it had.
ALTER TABLE members ADD COLUMN staff_disabled_at timestamptz;
ALTER TABLE members ADD CONSTRAINT members_staff_disabled_has_role
  CHECK (staff_disabled_at IS NULL OR staff_role IS NOT NULL);
-- The back office's staff list and the count of active admins read only staff rows.
CREATE INDEX members_staff ON members (account) WHERE staff_role IS NOT NULL;
