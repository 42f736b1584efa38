import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DECIMAL_PATTERN, Decimal, MAX_FRACTION_DIGITS, MAX_INTEGER_DIGITS, money, sum, toWire } from './money.ts';

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

// Any string in the wire grammar, leading zeros and trailing zeros included.
const decimalString = fc
  .tuple(fc.boolean(), digits(1, MAX_INTEGER_DIGITS), fc.option(digits(1, MAX_FRACTION_DIGITS), { nil: undefined }))
  .map(([negative, int, frac]) => `${negative ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);

// Oracle for sums: amounts as bigint counts of 10^-18, printed without any decimal library.
const SCALE = 10n ** 18n;
const unitsToString = (units: bigint): string => {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const frac = (abs % SCALE).toString().padStart(18, '0');
  return `${negative ? '-' : ''}${abs / SCALE}.${frac}`;
};
const units = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });

describe('amounts survive parse → toWire → parse', () => {
  it('keeps the value of any decimal string', () => {
    fc.assert(
      fc.property(decimalString, (input) => {
        const wire = toWire(money(input));
        expect(wire).toMatch(DECIMAL_PATTERN);
        expect(money(wire).eq(money(input))).toBe(true);
        // The wire form is canonical: printing it again changes nothing.
        expect(toWire(money(wire))).toBe(wire);
      }),
    );
  });

  it('prints plain notation, shortest digits and no negative zero', () => {
    expect(toWire(money('1.50'))).toBe('1.5');
    expect(toWire(money('100.00'))).toBe('100');
    expect(toWire(money('007.10'))).toBe('7.1');
    expect(toWire(money('-0'))).toBe('0');
    expect(toWire(money('-0.000'))).toBe('0');
    expect(toWire(money('0.000000000000000001'))).toBe('0.000000000000000001');
    expect(toWire(new Decimal('1e-7'))).toBe('0.0000001');
    expect(toWire(new Decimal('1e25'))).toBe('10000000000000000000000000');
    expect(String(new Decimal('1e-7'))).toBe('0.0000001');
    expect(JSON.stringify({ amount: new Decimal('1e21') })).toBe('{"amount":"1000000000000000000000"}');
  });

  it('refuses to print NaN or Infinity', () => {
    expect(() => toWire(new Decimal(NaN))).toThrow();
    expect(() => toWire(new Decimal(-Infinity))).toThrow();
  });
});

describe('sums are exact', () => {
  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    expect(toWire(sum(['0.1', '0.2']))).toBe('0.3');
    expect(toWire(sum(Array.from({ length: 10 }, () => '0.1')))).toBe('1');
    expect(toWire(sum([]))).toBe('0');
  });

  it('matches integer arithmetic on scaled amounts', () => {
    fc.assert(
      fc.property(fc.array(units, { maxLength: 30 }), (amounts) => {
        const expected = amounts.reduce((a, b) => a + b, 0n);
        expect(sum(amounts.map(unitsToString)).eq(money(unitsToString(expected)))).toBe(true);
      }),
    );
  });

  it('undoes an addition exactly', () => {
    fc.assert(
      fc.property(decimalString, decimalString, (a, b) => {
        expect(money(a).plus(money(b)).minus(money(b)).eq(money(a))).toBe(true);
      }),
    );
  });
});
