import { Decimal, money, roundYen } from '../money.ts';

/**
 * Issue 26: interest accrues daily on the outstanding principal at the loan's daily rate; each day's charge is
 * rounded half-up to the whole yen on its own (the `yen-charge` rounding point), so n days cost n × one day's charge
 * whether one run charges them or n runs do. A loan pays for every JST day after the day it was paid out, up to and
 * including today; a loan repaid on the day it was paid out costs nothing.
 */
export function dailyInterest(principal: Decimal, dailyRate: string): Decimal {
  if (principal.lte(0)) return new Decimal(0);
  return roundYen(principal.times(money(dailyRate)));
}

const dayMs = 86_400_000;
const dateOnly = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The number of JST days (YYYY-MM-DD) after `through` up to and including `today` that still owe interest. */
export function interestDaysDue(through: string, today: string): number {
  const days = Math.round((dateOnly(today) - dateOnly(through)) / dayMs);
  return days > 0 ? days : 0;
}

/** The first day a charge covers (the day after `through`). */
export const dayAfter = (through: string): string => isoOf(dateOnly(through) + dayMs);

/** Interest for `days` days on an unchanged principal: each day's charge as a day run alone would have charged it. */
export const interestFor = (principal: Decimal, dailyRate: string, days: number): Decimal =>
  dailyInterest(principal, dailyRate).times(days);

/**
 * The total interest of a loan repaid in one go at the end of its term (the "any time" plan, shown before the member
 * confirms): `termDays` days on the whole principal.
 */
export const totalInterestAnytime = (principal: Decimal, dailyRate: string, termDays: number): Decimal =>
  interestFor(principal, dailyRate, termDays);
