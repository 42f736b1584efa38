import { describe, expect, it } from 'vitest';
import { amountTone, moneyText, signedMoneyText } from './money-text.ts';

describe('money on screen', () => {
  it('shows the yen sign for JPY and the ISO code for other currencies', () => {
    expect(moneyText('1234567.5')).toBe('¥1,234,567.50');
    expect(moneyText('12.3', 'USD')).toBe('USD 12.30');
    expect(moneyText('-5', 'JPY')).toBe('-¥5.00');
  });

  it('signs and colours by the decimal string, without float parsing', () => {
    expect(signedMoneyText('0.100000000000000001')).toBe('+¥0.10');
    expect(amountTone('0.000000000000000001')).toBe('rise');
    expect(amountTone('-3')).toBe('fall');
    expect(amountTone('0')).toBe('flat');
    expect(signedMoneyText('-1000', 'USD')).toBe('-USD 1,000.00');
  });
});
