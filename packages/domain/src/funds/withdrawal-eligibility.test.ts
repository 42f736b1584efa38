import { describe, expect, it } from 'vitest';
import { withdrawalBlocker, type WithdrawalFacts } from './withdrawal-eligibility.ts';
import { amountLimitIssue } from './amount-limits.ts';
import { Decimal } from '../money.ts';

const ready: WithdrawalFacts = {
  restrictions: [],
  cardCount: 1,
  hasFundPassword: true,
  pendingWithdrawal: false,
  creditScore: 90,
  creditThreshold: 60,
  windowOpen: true,
};

describe('withdrawal eligibility, most fundamental blocker first', () => {
  it('lets a ready member withdraw', () => expect(withdrawalBlocker(ready)).toBeNull());

  it('names each blocker on its own', () => {
    expect(withdrawalBlocker({ ...ready, restrictions: ['frozen'] })).toBe('frozen');
    expect(withdrawalBlocker({ ...ready, restrictions: ['no_withdrawal'] })).toBe('noWithdrawal');
    expect(withdrawalBlocker({ ...ready, cardCount: 0 })).toBe('noCard');
    expect(withdrawalBlocker({ ...ready, hasFundPassword: false })).toBe('noFundPassword');
    expect(withdrawalBlocker({ ...ready, pendingWithdrawal: true })).toBe('pendingWithdrawal');
    expect(withdrawalBlocker({ ...ready, creditScore: 59 })).toBe('creditScoreTooLow');
    expect(withdrawalBlocker({ ...ready, windowOpen: false })).toBe('windowClosed');
  });

  it('reports the restriction before anything else', () => {
    expect(withdrawalBlocker({ ...ready, restrictions: ['no_withdrawal'], cardCount: 0, windowOpen: false })).toBe(
      'noWithdrawal',
    );
  });

  it('treats a score equal to the threshold as enough', () =>
    expect(withdrawalBlocker({ ...ready, creditScore: 60 })).toBeNull());
});

describe('amount limits are inclusive', () => {
  it('accepts the bounds and refuses outside them', () => {
    expect(amountLimitIssue(new Decimal('1000'), '1000', '5000')).toBeNull();
    expect(amountLimitIssue(new Decimal('5000'), '1000', '5000')).toBeNull();
    expect(amountLimitIssue(new Decimal('999'), '1000', '5000')).toBe('belowMin');
    expect(amountLimitIssue(new Decimal('5000.01'), '1000', '5000')).toBe('aboveMax');
  });
});
