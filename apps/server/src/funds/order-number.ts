import { randomInt } from 'node:crypto';
import { jstParts } from '@kabuto/domain/calendar/jst';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** D/W/X/T (deposit, withdrawal, exchange, trade) + JST date and time + six random digits, e.g. D20261120093012345678. */
export function orderNumber(prefix: 'D' | 'W' | 'X' | 'T', at: Date): string {
  const p = jstParts(at);
  const hhmm = `${pad(Math.floor(p.minuteOfDay / 60))}${pad(p.minuteOfDay % 60)}`;
  return `${prefix}${p.year}${pad(p.month)}${pad(p.day)}${hhmm}${pad(at.getUTCSeconds())}${pad(randomInt(1_000_000), 6)}`;
}
