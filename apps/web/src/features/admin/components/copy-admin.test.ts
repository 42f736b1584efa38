import { describe, expect, it } from 'vitest';
import { feeFraction } from './copy-admin.tsx';

describe('the copy-trading fee as staff type it (issue 26)', () => {
  it('turns a percent into the fraction the call takes, without floating point', () => {
    expect(feeFraction('10')).toBe('0.1');
    expect(feeFraction('5')).toBe('0.05');
    expect(feeFraction('12.5')).toBe('0.125');
    expect(feeFraction('0')).toBe('0');
    expect(feeFraction('50')).toBe('0.5');
    expect(feeFraction('1e1')).toBeNull();
    expect(feeFraction('100')).toBeNull();
    expect(feeFraction('')).toBeNull();
  });
});
