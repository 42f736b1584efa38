import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lotsOf, quantityProblem, sharesOfLots } from './quantity.ts';

describe('order quantity in units of 100 shares, 1 lot = 1,000 (SPEC §5, §9)', () => {
  it('accepts whole multiples of 100 shares', () => {
    expect(quantityProblem('100')).toBeNull();
    expect(quantityProblem('1000')).toBeNull();
    expect(quantityProblem('123400')).toBeNull();
  });

  it('refuses fractional, negative, zero and off-unit quantities', () => {
    expect(quantityProblem('150')).toBe('notUnit');
    expect(quantityProblem('100.5')).toBe('notWhole');
    expect(quantityProblem('-100')).toBe('notWhole');
    expect(quantityProblem('0')).toBe('notWhole');
    expect(quantityProblem('abc')).toBe('notWhole');
    expect(quantityProblem('10000100')).toBe('tooLarge');
  });

  it('converts lots and shares both ways; 0.1 lot is one unit, 0.15 lot is none', () => {
    expect(lotsOf('2500').toFixed()).toBe('2.5');
    expect(sharesOfLots('0.1')).toBe('100');
    expect(sharesOfLots('2')).toBe('2000');
    expect(sharesOfLots('0.15')).toBeNull();
    expect(sharesOfLots('-1')).toBeNull();
  });

  it('round-trips every valid quantity through lots', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (units) => {
        const shares = String(units * 100);
        expect(sharesOfLots(lotsOf(shares).toFixed())).toBe(shares);
      }),
    );
  });
});
