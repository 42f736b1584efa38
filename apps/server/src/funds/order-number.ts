import { jstParts } from '@kabuto/domain/calendar/jst';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** D/W/X/T/I/B/S/N (deposit, withdrawal, exchange, trade, IPO allotment, block-trade position, seat application, block-trade application, Q day-trading application, L credit loan, C copy-trading position) + JST date and time: the first 15 characters of an order number. */
export function orderNumberStem(
  prefix: 'D' | 'W' | 'X' | 'T' | 'I' | 'B' | 'S' | 'N' | 'Q' | 'L' | 'C',
  at: Date,
): string {
  const p = jstParts(at);
  const hhmm = `${pad(Math.floor(p.minuteOfDay / 60))}${pad(p.minuteOfDay % 60)}`;
  return `${prefix}${p.year}${pad(p.month)}${pad(p.day)}${hhmm}${pad(at.getUTCSeconds())}`;
}

/**
 * SQL for a whole order number, e.g. D20261120093012345678, from the stem passed as parameter `$param`: six digits
 * follow from migration 014's cycling sequence, spread by a multiplier prime to 10⁶ (a permutation, so no two serials
 * give the same digits and the numbers do not read as a count). Two orders share a number only if a million are
 * numbered within one second. (Six random digits collided: at 200 orders a second, two in a second shared a number
 * about once a minute, and the order failed with a 500.)
 */
export const orderSerialSql = `lpad(((nextval('order_number_serial') * 738197) % 1000000)::text, 6, '0')`;

export const orderNumberSql = (param: number): string => `$${param}::text || ${orderSerialSql}`;
