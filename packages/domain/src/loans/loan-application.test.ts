import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { money } from '../money.ts';
import { checkLoanApplication, loanAmountOf, type ApplicationFacts } from './loan-application.ts';

const facts: ApplicationFacts = {
  terms: { open: true, dailyRate: '0.0004', minTermDays: 7, maxTermDays: 365, yenPerPoint: '10000', scoreFloor: 60 },
  score: 90,
  outstanding: money('0'),
  hasOpenLoan: false,
  realNameVerified: true,
  amount: '100000',
  termDays: 30,
};

describe('a loan application (issue 26, SPEC §8 Funds)', () => {
  it('accepts an amount within borrowable and a term within the range', () => {
    expect(checkLoanApplication(facts)).toEqual({ ok: { amount: money('100000') } });
    expect(checkLoanApplication({ ...facts, amount: '300000' })).toEqual({ ok: { amount: money('300000') } });
  });

  it('refuses amounts that are not whole yen above zero, strictly', () => {
    for (const amount of ['0', '-5', '1.5', '100.00', '1e3', 'abc', '', ' 100', '+100', '０１', '0100'])
      expect([amount, checkLoanApplication({ ...facts, amount })]).toEqual([amount, { refused: 'amountInvalid' }]);
  });

  it('refuses above borrowable, a term outside the range, an open loan and closed lending', () => {
    expect(checkLoanApplication({ ...facts, amount: '300001' })).toEqual({ refused: 'quotaInsufficient' });
    expect(checkLoanApplication({ ...facts, outstanding: money('250000'), amount: '60000' })).toEqual({
      refused: 'quotaInsufficient',
    });
    for (const termDays of [0, 6, 366, 10_000, 1.5, Number.NaN])
      expect(checkLoanApplication({ ...facts, termDays })).toEqual({ refused: 'termInvalid' });
    expect(checkLoanApplication({ ...facts, hasOpenLoan: true })).toEqual({ refused: 'unpaidFirst' });
    expect(checkLoanApplication({ ...facts, realNameVerified: false })).toEqual({ refused: 'realNameRequired' });
    expect(checkLoanApplication({ ...facts, terms: { ...facts.terms, open: false } })).toEqual({ refused: 'closed' });
  });

  it('never accepts more than the limit minus what is outstanding (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (score, outstanding, amount) => {
          const r = checkLoanApplication({
            ...facts,
            score,
            outstanding: money(String(outstanding)),
            amount: String(amount),
          });
          const limit = Math.max(0, score - 60) * 10_000;
          expect('ok' in r).toBe(amount <= limit - outstanding);
        },
      ),
    );
  });

  it('reads an amount strictly', () => {
    expect(loanAmountOf('5000')?.toFixed()).toBe('5000');
    expect(loanAmountOf('5e3')).toBeNull();
  });
});
