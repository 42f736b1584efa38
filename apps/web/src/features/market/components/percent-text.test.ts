import { describe, expect, it } from 'vitest';
import { twoDecimals } from './percent-text.ts';

describe('percent change with two decimals', () => {
  it('pads whole numbers and one decimal', () => {
    expect(twoDecimals('2')).toBe('2.00');
    expect(twoDecimals('0')).toBe('0.00');
    expect(twoDecimals('0.1')).toBe('0.10');
    expect(twoDecimals('-0.5')).toBe('-0.50');
    expect(twoDecimals('+1.')).toBe('+1.00');
  });

  it('keeps two decimals and cuts more', () => {
    expect(twoDecimals('1.38')).toBe('1.38');
    expect(twoDecimals('-12.345')).toBe('-12.34');
  });

  it('gives back what it cannot read', () => {
    expect(twoDecimals('')).toBe('');
    expect(twoDecimals('n/a')).toBe('n/a');
  });
});
