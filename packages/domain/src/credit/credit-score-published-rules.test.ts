import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  creditRules,
  creditScore,
  creditScoreBase,
  isCreditRule,
  mayWithdraw,
  publishedCreditRules,
  withdrawalThreshold,
  type CreditRule,
} from './credit-score.ts';

const ev = (...rules: CreditRule[]) => rules.map((rule) => ({ delta: creditRules[rule] }));

describe('credit score by published rules', () => {
  it('starts at 80 with a withdrawal threshold of 60', () => {
    expect(creditScoreBase).toBe(80);
    expect(withdrawalThreshold).toBe(60);
    expect(creditScore([])).toBe(80);
  });

  it('publishes exactly three rules: real name +10, each approved deposit +2, each rejected deposit −10', () => {
    expect(publishedCreditRules()).toEqual([
      { rule: 'realNameVerified', delta: 10 },
      { rule: 'depositApproved', delta: 2 },
      { rule: 'depositRejected', delta: -10 },
    ]);
    expect(isCreditRule('depositApproved')).toBe(true);
    expect(isCreditRule('toString')).toBe(false);
    expect(isCreditRule('bonus')).toBe(false);
  });

  it('adds the deltas to the base', () => {
    expect(creditScore(ev('realNameVerified'))).toBe(90);
    expect(creditScore(ev('realNameVerified', 'depositApproved', 'depositApproved'))).toBe(94);
    expect(creditScore(ev('depositRejected', 'depositRejected'))).toBe(60);
    expect(creditScore(ev('depositRejected', 'depositRejected', 'depositRejected'))).toBe(50);
  });

  it('clamps to 0–100', () => {
    expect(creditScore(ev('realNameVerified', ...Array<CreditRule>(10).fill('depositApproved')))).toBe(100);
    expect(creditScore(ev(...Array<CreditRule>(9).fill('depositRejected')))).toBe(0);
  });

  it('lets a member withdraw at 60 and not at 59', () => {
    expect(mayWithdraw(60)).toBe(true);
    expect(mayWithdraw(59)).toBe(false);
    expect(mayWithdraw(creditScore(ev('depositRejected', 'depositRejected')))).toBe(true);
    expect(mayWithdraw(creditScore(ev('depositRejected', 'depositRejected', 'depositRejected')))).toBe(false);
  });

  it('stays within 0–100 and does not depend on the order of events', () => {
    const rule = fc.constantFrom<CreditRule>('realNameVerified', 'depositApproved', 'depositRejected');
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 60 }), (rules) => {
        const score = creditScore(ev(...rules));
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
        expect(Number.isInteger(score)).toBe(true);
        expect(creditScore(ev(...[...rules].reverse()))).toBe(score);
      }),
    );
  });
});
