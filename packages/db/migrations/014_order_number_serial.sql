-- Order numbers end in six digits drawn from this sequence (apps/server/src/funds/order-number.ts), not at random:
-- random digits collided under load (two orders in one second with the same number, one failing), a sequence cannot
-- within a million numbers.
CREATE SEQUENCE order_number_serial MINVALUE 0 MAXVALUE 999999 START 0 CYCLE;
