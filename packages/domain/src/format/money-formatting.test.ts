import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../money.ts';
import { formatMoney } from './money.ts';

describe('formatMoney shows yen with two decimals and comma thousands', () => {
  it.each([
    ['0', '¥0.00'],
    ['1', '¥1.00'],
    ['999.999', '¥1,000.00'],
    ['1234.5', '¥1,234.50'],
    ['1234567.891', '¥1,234,567.89'],
    ['1000000', '¥1,000,000.00'],
    ['0.005', '¥0.01'],
    ['-1234.5', '-¥1,234.50'],
    ['-0.004', '¥0.00'],
    ['-0', '¥0.00'],
    ['12345678901234567890.125', '¥12,345,678,901,234,567,890.13'],
  ])('%s → %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it('takes decimals as well as strings', () => {
    expect(formatMoney(new Decimal('0.1').plus('0.2'))).toBe('¥0.30');
  });

  it('takes another symbol or none', () => {
    expect(formatMoney('-1234.5', { symbol: '$' })).toBe('-$1,234.50');
    expect(formatMoney('1234.5', { symbol: '' })).toBe('1,234.50');
  });

  it.each([null, undefined, '', 'abc', '1e3', 'NaN', ' 12'])(
    'shows a zero for %j by default (final version)',
    (input) => {
      expect(formatMoney(input)).toBe('¥0.00');
      expect(formatMoney(input, { symbol: '' })).toBe('0.00');
      expect(formatMoney(input, { empty: 'zero' })).toBe('¥0.00');
    },
  );

  it.each([null, undefined, '', 'abc'])('shows nothing for %j when asked for blanks', (input) => {
    expect(formatMoney(input, { empty: 'blank' })).toBe('');
  });

  it('keeps the digits of any amount once commas and the symbol are removed', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (cents) => {
        const value = new Decimal(cents.toString()).dividedBy(100);
        const shown = formatMoney(value);
        expect(shown).toMatch(/^-?¥\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(new Decimal(shown.replace('¥', '').replaceAll(',', '')).eq(value)).toBe(true);
      }),
    );
  });
});
