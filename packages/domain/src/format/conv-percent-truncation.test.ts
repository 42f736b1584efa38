import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../money.ts';
import { conv } from './conv.ts';

describe('conv multiplies by 100 and truncates toward zero (SPEC §9)', () => {
  it.each([
    ['0.12345', '12'],
    ['0.129', '12'],
    ['0.999', '99'],
    ['1', '100'],
    ['1.5', '150'],
    ['0', '0'],
    ['0.001', '0'],
    ['-0.129', '-12'],
    ['-0.001', '0'],
    ['12.3456', '1234'],
  ])('%s → %s', (input, expected) => {
    expect(conv(input)).toBe(expected);
  });

  it('is exact where float maths is not', () => {
    // 0.57 * 100 is 56.99999999999999 in floating point.
    expect(conv('0.57')).toBe('57');
    expect(conv(new Decimal('0.29'))).toBe('29');
  });

  it('gives an empty string for invalid or missing values', () => {
    expect(conv('abc')).toBe('');
    expect(conv('')).toBe('');
    expect(conv(null)).toBe('');
    expect(conv(undefined)).toBe('');
  });

  it('never moves away from zero and loses less than one point', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (n) => {
        const value = new Decimal(n.toString()).dividedBy(10 ** 6);
        const result = new Decimal(conv(value));
        const exact = value.times(100);
        expect(result.abs().lte(exact.abs())).toBe(true);
        expect(exact.minus(result).abs().lt(1)).toBe(true);
        expect(result.isInteger()).toBe(true);
      }),
    );
  });
});
