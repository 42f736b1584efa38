import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.ts';
import { convert } from './convert.ts';

describe('convert abbreviates 7+ digits as juta and 4+ digits as K (SPEC §9)', () => {
  it.each([
    ['12345678', '12.35juta'],
    ['1000000', '1.00juta'],
    ['9999999', '10.00juta'],
    ['123456789012', '123456.79juta'],
    ['1234567.89', '1.23juta'],
    ['-12345678', '-12.35juta'],
  ])('millions: %s → %s', (input, expected) => {
    expect(convert(input)).toBe(expected);
  });

  it.each([
    ['1000', '1.00K'],
    ['1234', '1.23K'],
    ['12345', '12.35K'],
    ['999994', '999.99K'],
    ['1005.5', '1.01K'],
    ['-12345', '-12.35K'],
  ])('thousands: %s → %s', (input, expected) => {
    expect(convert(input)).toBe(expected);
  });

  it('moves a thousands figure that rounds to 1000.00K up to juta', () => {
    expect(convert('999995')).toBe('1.00juta');
    expect(convert('-999999.99')).toBe('-1.00juta');
  });

  it.each(['0', '7', '999', '999.999', '-999', '0.5', '007'])('leaves %s unchanged', (input) => {
    expect(convert(input)).toBe(input);
  });

  it('takes decimals, printing small ones in wire form', () => {
    expect(convert(new Decimal('12345'))).toBe('12.35K');
    expect(convert(new Decimal('12.50'))).toBe('12.5');
    expect(convert(new Decimal('-0'))).toBe('0');
  });

  it('returns non-numbers unchanged and nothing for a missing value', () => {
    expect(convert('abc')).toBe('abc');
    expect(convert('')).toBe('');
    expect(convert(null)).toBe('');
    expect(convert(undefined)).toBe('');
  });
});
