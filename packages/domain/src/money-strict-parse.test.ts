import { describe, expect, it } from 'vitest';
import { Decimal as BaseDecimal } from 'decimal.js';
import { Decimal, InvalidAmountError, money, tryMoney } from './money.ts';

describe('money parses amounts strictly', () => {
  it.each(['0', '-0', '1', '-1', '007', '1234.5', '0.000000000000000001', '9999999999999999999999.999999999999999999'])(
    'accepts %s',
    (input) => {
      expect(money(input).eq(new Decimal(input))).toBe(true);
    },
  );

  it.each([
    '',
    ' ',
    ' 1',
    '1 ',
    '+1',
    '.5',
    '5.',
    '1e3',
    '1E-3',
    '0x10',
    'NaN',
    'Infinity',
    '-Infinity',
    '1,000',
    '1_000',
    '--1',
    '1.2.3',
    '¥100',
    '１２３',
    '12345678901234567890123', // 23 integer digits
    '0.1234567890123456789', // 19 fraction digits
  ])('rejects %j with InvalidAmountError', (input) => {
    expect(() => money(input)).toThrow(InvalidAmountError);
  });

  it('carries the input and a catalogue message key on the error', () => {
    try {
      money('1e3');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidAmountError);
      expect(error).toMatchObject({ key: 'errors.request.invalid', input: '1e3', name: 'InvalidAmountError' });
    }
  });

  it('rejects non-finite decimals and values that are not strings or decimals', () => {
    expect(() => money(new Decimal(NaN))).toThrow(InvalidAmountError);
    expect(() => money(new Decimal(Infinity))).toThrow(InvalidAmountError);
    // A number sneaking past the types at run time is refused, never coerced.
    expect(() => money(0.1 as unknown as string)).toThrow(InvalidAmountError);
  });

  it('re-wraps decimals from the base library into the app clone', () => {
    const wrapped = money(new BaseDecimal('12.5'));
    expect(wrapped.eq('12.5')).toBe(true);
    expect(wrapped).toBeInstanceOf(Decimal);
  });

  it('tryMoney answers null instead of throwing', () => {
    expect(tryMoney('abc')).toBeNull();
    expect(tryMoney('')).toBeNull();
    expect(tryMoney(null)).toBeNull();
    expect(tryMoney(undefined)).toBeNull();
    expect(tryMoney('2.50')?.eq('2.5')).toBe(true);
  });
});
