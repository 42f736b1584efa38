import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidAmountError, money, plusWire, toWire, wireOf } from './money.ts';

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

  it('refuses what money refuses', () => {
    for (const bad of ['', '1e5', '.5', '5.', '+1', ' 1', 'NaN']) {
      expect(() => wireOf(bad)).toThrow(InvalidAmountError);
      expect(() => plusWire('1', bad)).toThrow(InvalidAmountError);
    }
  });
});
