import { jstInstant, jstParts } from './jst.ts';
import { isTradingDay } from './trading-day.ts';

// SPEC §9: deposits (and, by the same rule, withdrawals) on weekdays 09:30–19:30 JST, closed on
// Japanese public holidays and over the year-end break (31 Dec–3 Jan) under the `tse` profile.
// The embedded `demo` profile keeps them open around the clock, as it keeps the market open.
export const moneyWindowHours = { opensAtMinute: 9 * 60 + 30, closesAtMinute: 19 * 60 + 30 } as const;

export type WindowRule = 'tse' | 'always';

export interface WindowState {
  rule: WindowRule;
  open: boolean;
  /** When closed: the next opening instant. */
  opensAt: Date | null;
}

/** A JST business day for money: the exchange's trading days (one calendar for both). */
export function isMoneyDay(year: number, month: number, day: number): boolean {
  return isTradingDay(year, month, day);
}

export function moneyWindow(rule: WindowRule, now: Date): WindowState {
  if (rule === 'always') return { rule, open: true, opensAt: null };
  const p = jstParts(now);
  const { opensAtMinute, closesAtMinute } = moneyWindowHours;
  if (isMoneyDay(p.year, p.month, p.day) && p.minuteOfDay >= opensAtMinute && p.minuteOfDay < closesAtMinute) {
    return { rule, open: true, opensAt: null };
  }
  // Today's opening if it is still ahead, else the next money day's.
  if (isMoneyDay(p.year, p.month, p.day) && p.minuteOfDay < opensAtMinute) {
    return { rule, open: false, opensAt: jstInstant(p.year, p.month, p.day, opensAtMinute) };
  }
  for (let ahead = 1; ahead <= 30; ahead++) {
    const d = new Date(Date.UTC(p.year, p.month - 1, p.day + ahead));
    const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    if (isMoneyDay(y, m, day)) return { rule, open: false, opensAt: jstInstant(y, m, day, opensAtMinute) };
  }
  return { rule, open: false, opensAt: null };
}
