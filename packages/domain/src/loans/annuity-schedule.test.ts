import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { money, sum } from '../money.ts';
import { annuitySchedule, instalmentCount, scheduleInterest } from './annuity-schedule.ts';

describe('equal monthly instalments (issue 26: annuity formula, last instalment absorbs the rounding)', () => {
  it('gives the annuity payment for every instalment but the last', () => {
    // 120,000 yen over 90 days at 0.04 % a day: i = 1.2 % a month, A = 120000 × 0.012 / (1 − 1.012^−3) = 40,964 (rounded).
    const s = annuitySchedule('120000', '0.0004', 90);
    expect(s).toHaveLength(3);
    expect(s.map((x) => x.payment.toFixed())).toEqual(['40964', '40964', '40952']);
    expect(s[0]?.interest.toFixed()).toBe('1440'); // 30 days × 48 yen
    expect(s.map((x) => x.dueDay)).toEqual([30, 60, 90]);
    expect(s[2]?.balance.toFixed()).toBe('0');
  });

  it('counts one instalment for each started 30 days; a short last period pays only its days', () => {
    expect(instalmentCount(1)).toBe(1);
    expect(instalmentCount(30)).toBe(1);
    expect(instalmentCount(31)).toBe(2);
    const s = annuitySchedule('100000', '0.0004', 45);
    expect(s.map((x) => x.dueDay)).toEqual([30, 45]);
  });

  it('with no interest splits the principal evenly, the last taking the remainder', () => {
    const s = annuitySchedule('100000', '0', 90);
    expect(s.map((x) => x.payment.toFixed())).toEqual(['33333', '33333', '33334']);
  });

  it('sums to principal + interest exactly in whole yen, principal repaid in full (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 0, max: 547 }),
        fc.integer({ min: 1, max: 3650 }),
        (p, rateMillionths, termDays) => {
          const rate = money(String(rateMillionths)).div(1_000_000).toFixed();
          const s = annuitySchedule(String(p), rate, termDays);
          expect(s).toHaveLength(instalmentCount(termDays));
          const payments = sum(s.map((x) => x.payment));
          expect(payments.eq(money(String(p)).plus(scheduleInterest(s)))).toBe(true);
          expect(sum(s.map((x) => x.principal)).eq(money(String(p)))).toBe(true);
          for (const x of s) {
            expect(x.payment.isInteger() && x.interest.isInteger() && x.principal.isInteger()).toBe(true);
            expect(x.principal.gte(0) && x.balance.gte(0)).toBe(true);
          }
          expect(s.at(-1)?.balance.isZero()).toBe(true);
          // Every instalment but the last is the same annuity payment (or less, when tiny loans round to nothing).
          const level = s[0]?.payment;
          for (const x of s.slice(0, -1)) expect(x.payment.lte(level ?? x.payment)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
