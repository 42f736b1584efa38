import { describe, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { amountError, atLeast, minAmount, sanitizeAmount, shareOf } from './amount.ts';

describe('amount fields (SPEC §5, decimal strings only)', () => {
  it('strips disallowed characters and extra decimals', () => {
    expect(sanitizeAmount('1,000円', 0)).toBe('1000');
    expect(sanitizeAmount('12.345', 2)).toBe('12.34');
    expect(sanitizeAmount('1.2.3', 2)).toBe('1.23');
    expect(sanitizeAmount('007', 2)).toBe('7');
    expect(sanitizeAmount('.5', 2)).toBe('0.5');
    expect(sanitizeAmount('12.5', 0)).toBe('12');
  });

  it('checks the grammar, the limits and the balance in that order', () => {
    const limits = {
      min: '1000',
      max: '5000000',
      balance: '20000',
      belowMinKey: errorKeys.funds.withdrawBelowMin,
      aboveMaxKey: errorKeys.funds.withdrawAboveMax,
      aboveBalanceKey: errorKeys.funds.insufficientWithdrawable,
    };
    expect(amountError('', limits)).toBe(errorKeys.funds.amountInvalid);
    expect(amountError('0', limits)).toBe(errorKeys.funds.amountInvalid);
    expect(amountError('999.99', limits)).toBe(errorKeys.funds.withdrawBelowMin);
    expect(amountError('5000000.01', limits)).toBe(errorKeys.funds.withdrawAboveMax);
    expect(amountError('20000.01', limits)).toBe(errorKeys.funds.insufficientWithdrawable);
    expect(amountError('20000', limits)).toBeNull();
  });

  it('computes chip amounts rounded down', () => {
    expect(shareOf('10001', '0.25', 0)).toBe('2500');
    expect(shareOf('10001', '0.5', 2)).toBe('5000.5');
    expect(shareOf('123.456', '1', 2)).toBe('123.45');
    expect(minAmount('5000', '3000')).toBe('3000');
    expect(atLeast('3000', '3000.00')).toBe(true);
  });
});
