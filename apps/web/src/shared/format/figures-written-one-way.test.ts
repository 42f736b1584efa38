import { describe, expect, it } from 'vitest';
import { changeText, percentText, priceText } from './price-change.ts';

// Issue 16 §3.3: each kind of figure written one way on every screen (index list, home strip, constituents, detail).
describe('figures written one way everywhere', () => {
  it('writes an index value with comma thousands and always two decimals, whatever the wire carries', () => {
    expect(priceText('10001.06')).toBe('10,001.06');
    expect(priceText('1000.9')).toBe('1,000.90');
    expect(priceText('1000')).toBe('1,000.00');
    expect(priceText('54870')).toBe('54,870.00');
  });

  it('rounds a third decimal half away from zero on the digits, carrying through nines', () => {
    expect(priceText('10001.065')).toBe('10,001.07');
    expect(priceText('999.995')).toBe('1,000.00');
    expect(priceText('-999.995')).toBe('-1,000.00');
    expect(priceText('0.004')).toBe('0.00');
    expect(priceText('-0.004')).toBe('0.00');
    expect(priceText('+12.3')).toBe('12.30');
  });

  it('writes a change in points with its sign, grouped, two decimals', () => {
    expect(changeText('0.9')).toBe('+0.90');
    expect(changeText('-1234.5')).toBe('−1,234.50');
    expect(changeText('0')).toBe('0.00');
    expect(changeText('-0.00')).toBe('0.00');
    expect(changeText(undefined)).toBe('—');
  });

  it('writes a percent change with its sign and two decimals, and zero without a sign', () => {
    expect(percentText('1.5')).toBe('+1.50%');
    expect(percentText('-0.07')).toBe('−0.07%');
    expect(percentText('0.00')).toBe('0.00%');
    expect(percentText('-0')).toBe('0.00%');
    expect(percentText('12')).toBe('+12.00%');
    expect(percentText('n/a')).toBe('—');
  });

  it('writes a share of a whole (an index weight) as a percent without a sign', () => {
    expect(percentText('12.5', { signed: false })).toBe('12.50%');
    expect(percentText('0', { signed: false })).toBe('0.00%');
  });
});
