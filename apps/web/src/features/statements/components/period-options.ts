import { jstParts } from '@kabuto/domain/calendar/jst';
import { firstStatementYear } from '@kabuto/domain/statements/statement-period';

/** The months a member picks from: this JST month and the eleven before it (none before the first statement year). */
export function monthOptions(now: Date, count = 12): string[] {
  const { year, month } = jstParts(now);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const index = year * 12 + (month - 1) - i;
    const y = Math.floor(index / 12);
    if (y < firstStatementYear) break;
    out.push(`${String(y)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}

/** The years a member picks from: this JST year and up to five before it. */
export function yearOptions(now: Date, count = 6): string[] {
  const { year } = jstParts(now);
  const out: string[] = [];
  for (let y = year; y > year - count && y >= firstStatementYear; y--) out.push(String(y));
  return out;
}
