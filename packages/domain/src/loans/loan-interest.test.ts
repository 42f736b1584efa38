import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { money } from '../money.ts';
import { dailyInterest, interestDaysDue, interestFor, totalInterestAnytime } from './loan-interest.ts';

describe('daily loan interest (issue 26, SPEC §9)', () => {
  it('charges principal × daily rate a day, rounded half-up to the yen', () => {
    expect(dailyInterest(money('100000'), '0.0004').toFixed()).toBe('40');
    expect(dailyInterest(money('1234'), '0.0004').toFixed()).toBe('0'); // 0.4936
    expect(dailyInterest(money('1250'), '0.0004').toFixed()).toBe('1'); // 0.5 rounds up
    expect(dailyInterest(money('0'), '0.0004').toFixed()).toBe('0');
  });

  it('counts the JST days after the last charged day up to today', () => {
    expect(interestDaysDue('2026-11-27', '2026-11-27')).toBe(0);
    expect(interestDaysDue('2026-11-27', '2026-11-28')).toBe(1);
    expect(interestDaysDue('2026-11-27', '2026-12-27')).toBe(30);
    expect(interestDaysDue('2026-11-28', '2026-11-27')).toBe(0);
    expect(interestDaysDue('2026-12-31', '2027-01-01')).toBe(1);
  });

  it('charges n days in one go exactly as n one-day runs would (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 400 }), (p, days) => {
        const principal = money(String(p));
        let split = money('0');
        for (let d = 0; d < days; d++) split = split.plus(dailyInterest(principal, '0.00037'));
        expect(interestFor(principal, '0.00037', days).eq(split)).toBe(true);
        expect(interestFor(principal, '0.00037', days).isInteger()).toBe(true);
      }),
    );
  });

  it('totals the interest of a loan repaid at the end of its term', () => {
    expect(totalInterestAnytime(money('100000'), '0.0004', 30).toFixed()).toBe('1200');
  });
});
