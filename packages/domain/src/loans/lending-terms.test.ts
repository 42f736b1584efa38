import { describe, expect, it } from 'vitest';
import { money } from '../money.ts';
import { apr, borrowable, checkLendingTerms, creditLimit, type LendingTerms } from './lending-terms.ts';

const terms: LendingTerms = {
  open: true,
  dailyRate: '0.0004',
  minTermDays: 7,
  maxTermDays: 365,
  yenPerPoint: '10000',
  scoreFloor: 60,
};

describe('lending terms and the published credit-limit rule (issue 26)', () => {
  it('turns the credit score into a limit: (score − floor) × yen a point, never below zero', () => {
    expect(creditLimit(90, terms).toFixed()).toBe('300000');
    expect(creditLimit(60, terms).toFixed()).toBe('0');
    expect(creditLimit(12, terms).toFixed()).toBe('0');
    expect(creditLimit(100, { yenPerPoint: '2500', scoreFloor: 0 }).toFixed()).toBe('250000');
  });

  it('borrowable is limit − outstanding, never negative', () => {
    expect(borrowable(money('300000'), money('120000')).toFixed()).toBe('180000');
    expect(borrowable(money('300000'), money('400000')).toFixed()).toBe('0');
  });

  it('APR is the daily rate × 365', () => {
    expect(apr('0.0004').toFixed()).toBe('0.146');
    expect(apr('0').toFixed()).toBe('0');
  });

  it('accepts sane terms and names each problem', () => {
    expect(checkLendingTerms(terms)).toBeNull();
    expect(checkLendingTerms({ ...terms, dailyRate: '0.0006' })).toBe('dailyRate'); // 21.9 % a year
    expect(checkLendingTerms({ ...terms, dailyRate: '0.000547' })).toBeNull(); // 19.97 %
    for (const dailyRate of ['-0.0001', '1', '1e-4', 'abc', '', '.0004'])
      expect(checkLendingTerms({ ...terms, dailyRate })).toBe('dailyRate');
    expect(checkLendingTerms({ ...terms, minTermDays: 0 })).toBe('termRange');
    expect(checkLendingTerms({ ...terms, maxTermDays: 10_000 })).toBe('termRange');
    expect(checkLendingTerms({ ...terms, minTermDays: 400 })).toBe('termRange');
    expect(checkLendingTerms({ ...terms, minTermDays: 1.5 })).toBe('termRange');
    expect(checkLendingTerms({ ...terms, yenPerPoint: '10.5' })).toBe('yenPerPoint');
    expect(checkLendingTerms({ ...terms, yenPerPoint: '20000000' })).toBe('yenPerPoint');
    expect(checkLendingTerms({ ...terms, scoreFloor: 101 })).toBe('scoreFloor');
  });
});
