import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, InvalidAmountError, minusWire, money, percentWire, plusWire, toWire, wireOf } from './money.ts';

// Amounts in the wire grammar, with leading and trailing zeros now and then.
const amount = fc
  .tuple(fc.boolean(), fc.stringMatching(/^\d{1,22}$/), fc.option(fc.stringMatching(/^\d{1,18}$/), { nil: undefined }))
  .map(
    ([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`,
  );

describe('amounts added and normalised on their digits (issue 17 §13: the feed merges trades without a decimal library)', () => {
  it('wireOf gives what toWire(money(x)) gives', () => {
    fc.assert(
      fc.property(amount, (x) => {
        expect(wireOf(x)).toBe(toWire(money(x)));
      }),
      { numRuns: 2000 },
    );
    expect(wireOf('0012.50')).toBe('12.5');
    expect(wireOf('-0.000')).toBe('0');
  });

  it('plusWire gives what toWire(money(a).plus(money(b))) gives', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(plusWire(a, b)).toBe(toWire(money(a).plus(money(b))));
      }),
      { numRuns: 2000 },
    );
    expect(plusWire('0.1', '0.2')).toBe('0.3');
    expect(plusWire('-2.5', '2.5')).toBe('0');
    expect(plusWire('1.05', '-3')).toBe('-1.95');
  });

  it('minusWire gives what toWire(money(a).minus(money(b))) gives', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(minusWire(a, b)).toBe(toWire(money(a).minus(money(b))));
      }),
      { numRuns: 1000 },
    );
    expect(minusWire('5', '5')).toBe('0');
    expect(minusWire('0', '0')).toBe('0');
  });

  it('percentWire rounds the exact quotient half away from zero to two decimals', () => {
    // The reference divides with enough digits that no rounding before the last step can move it.
    const exact = (a: string, b: string): string => {
      const q = money(a).times(100).div(money(b));
      const r = q.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      return r.isZero() ? '0.00' : r.toFixed(2);
    };
    const price = fc
      .tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: 0, max: 9 }))
      .map(([w, t]) => (t === 0 ? String(w) : `${w < 0 ? '-' : ''}${Math.abs(w)}.${t}`));
    fc.assert(
      fc.property(price, price, (a, b) => {
        expect(percentWire(a, b)).toBe(money(b).isZero() ? '0.00' : exact(a, b));
      }),
      { numRuns: 3000 },
    );
    expect(percentWire('60', '3000')).toBe('2.00');
    expect(percentWire('-2', '2900')).toBe('-0.07');
    expect(percentWire('-0.5', '100000')).toBe('0.00');
    expect(percentWire('1', '8')).toBe('12.50');
    expect(percentWire('-1', '8')).toBe('-12.50');
    expect(percentWire('1', '800')).toBe('0.13');
    expect(percentWire('-1', '800')).toBe('-0.13');
    expect(percentWire('5', '0')).toBe('0.00');
  });

  it('refuses what money refuses', () => {
    for (const bad of ['', '1e5', '.5', '5.', '+1', ' 1', 'NaN']) {
      expect(() => wireOf(bad)).toThrow(InvalidAmountError);
      expect(() => plusWire('1', bad)).toThrow(InvalidAmountError);
    }
  });
});
