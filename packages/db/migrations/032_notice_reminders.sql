-- Issue 27 "Notices": reminders before a member's deadline (an IPO win's payment deadline, a loan's due date) and the
-- margin warning before a forced close — each written once, whoever runs the job or engine and however often.

-- A reminder's notice carries its key (e.g. `ipo.payBy:<entry>`, `loan.due:<loan>:<date>`): one notice per key, ever.
ALTER TABLE notices ADD COLUMN reminder_key text UNIQUE CHECK (reminder_key ~ '^[a-zA-Z]{1,32}\.[a-zA-Z]{1,32}:[A-Za-z0-9:-]{1,120}$');

-- When the trigger engine warned the member that this position nears its margin call (once per cushion: adding margin
-- clears it, so the next approach warns again).
ALTER TABLE trade_positions ADD COLUMN margin_warned_at timestamptz;
