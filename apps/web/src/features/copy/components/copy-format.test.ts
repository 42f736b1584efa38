import { describe, expect, it } from 'vitest';
import { fractionPercent } from './copy-format.ts';

describe('the fee as a percent', () => {
  it('moves the point two places without floating point', () => {
    expect(fractionPercent('0.1')).toBe('10');
    expect(fractionPercent('0.125')).toBe('12.5');
    expect(fractionPercent('0')).toBe('0');
    expect(fractionPercent('0.0005')).toBe('0.05');
    expect(fractionPercent('0.5')).toBe('50');
  });
});
