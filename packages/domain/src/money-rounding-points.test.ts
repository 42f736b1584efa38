import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROUNDING_DECIMALS, money, round2, roundAt, roundYen, toWire } from './money.ts';

describe('rounding at named points, half away from zero', () => {
  it('round2 rounds to two decimals for display and the ledger', () => {
    expect(toWire(round2('1.005'))).toBe('1.01');
    expect(toWire(round2('1.004999'))).toBe('1');
    expect(toWire(round2('-1.005'))).toBe('-1.01');
    expect(toWire(round2('2.675'))).toBe('2.68'); // 2.675 as a float would give 2.67
    expect(toWire(round2('-0.004'))).toBe('0');
    expect(round2('-0.004').isNegative()).toBe(false);
  });

  it('roundYen rounds to whole yen for fees, stamp duty, interest and FX into JPY', () => {
    expect(toWire(roundYen('1234.5'))).toBe('1235');
    expect(toWire(roundYen('1234.49'))).toBe('1234');
    expect(toWire(roundYen('-0.5'))).toBe('-1');
    expect(toWire(roundYen('-0.4'))).toBe('0');
  });

  it('names every point with its scale', () => {
    expect(ROUNDING_DECIMALS).toEqual({ display: 2, ledger: 2, 'yen-charge': 0 });
    expect(toWire(roundAt('ledger', '10.125'))).toBe('10.13');
  });

  it('never moves a value by more than half a unit of the last kept place', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 6 }))
      .map(([n, scale]) => money(n.toString()).dividedBy(10 ** scale));
    fc.assert(
      fc.property(amount, (value) => {
        expect(round2(value).minus(value).abs().lte('0.005')).toBe(true);
        expect(roundYen(value).minus(value).abs().lte('0.5')).toBe(true);
        expect(round2(value).decimalPlaces()).toBeLessThanOrEqual(2);
      }),
    );
  });
});
