import { describe, expect, it } from 'vitest';
import { directionOf, priceText, signedText } from './price-change.ts';

describe('price changes as a member reads them (UX "Visual language")', () => {
  it('tells a rise, a fall and no change apart from the decimal string', () => {
    expect(directionOf('12.50')).toBe('up');
    expect(directionOf('+0.01')).toBe('up');
    expect(directionOf('-3')).toBe('down');
    expect(directionOf('0.00')).toBe('flat');
    expect(directionOf('-0.00')).toBe('flat');
  });

  it('always writes the sign, with a true minus, and none at zero', () => {
    expect(signedText('1.25')).toBe('+1.25');
    expect(signedText('-0.40')).toBe('−0.40');
    expect(signedText('0.00')).toBe('0.00');
  });

  it('groups a price by thousands with two decimals, as the lists write it; anything else shows a dash', () => {
    expect(priceText('12345.5')).toBe('12,345.50');
    expect(priceText('999')).toBe('999.00');
    expect(priceText('1000000')).toBe('1,000,000.00');
    expect(priceText('-1234.25')).toBe('-1,234.25');
    expect(priceText(null)).toBe('—');
    expect(priceText('abc')).toBe('—');
  });
});
