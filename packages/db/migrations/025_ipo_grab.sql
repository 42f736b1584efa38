-- Issue 25 "grab shares": the shares of lapsed wins re-offered first come first served in a window staff set once,
-- and the published serving order (one 100-share unit a member, paid at once).
ALTER TABLE ipo_offerings
  ADD COLUMN grab_opens_at timestamptz,
  ADD COLUMN grab_closes_at timestamptz,
  ADD COLUMN grab_shares numeric(20, 0),
  ADD COLUMN grab_taken numeric(20, 0) NOT NULL DEFAULT 0,
  ADD COLUMN grab_set_by uuid REFERENCES members (id),
  ADD CONSTRAINT ipo_offerings_grab_window CHECK (
    (grab_opens_at IS NULL) = (grab_closes_at IS NULL) AND (grab_opens_at IS NULL) = (grab_shares IS NULL)
    AND (grab_opens_at IS NULL OR grab_opens_at < grab_closes_at)),
  -- Never oversold: what was served never passes what was re-offered.
  ADD CONSTRAINT ipo_offerings_grab_taken CHECK (grab_taken >= 0 AND (grab_shares IS NULL OR grab_taken <= grab_shares));

CREATE TABLE ipo_grabs (
  offering_id bigint NOT NULL REFERENCES ipo_offerings (id),
  -- The place in the serving order (1, 2, …), published with the masked account.
  seq integer NOT NULL CHECK (seq > 0),
  member_id uuid NOT NULL REFERENCES members (id),
  shares numeric(20, 0) NOT NULL CHECK (shares > 0),
  amount numeric(38, 8) NOT NULL CHECK (amount > 0),
  position_id uuid NOT NULL REFERENCES trade_positions (id),
  client_key text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (offering_id, seq),
  UNIQUE (offering_id, member_id)
);
CREATE INDEX ipo_grabs_member ON ipo_grabs (member_id, created_at DESC);
