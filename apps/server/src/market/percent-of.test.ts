import { describe, expect, it } from 'vitest';
import { money } from '@kabuto/domain/money';
import { percentOf } from './market-indices.ts';

describe('a change as a percent of the previous close (contracts: two decimals)', () => {
  it('always writes two decimals, on the API and the stream alike', () => {
    expect(percentOf(money('60'), money('3000'))).toBe('2.00');
    expect(percentOf(money('3'), money('3000'))).toBe('0.10');
    expect(percentOf(money('-2'), money('2900'))).toBe('-0.07');
  });

  it('writes no change as 0.00, never −0.00, and a zero base as no change', () => {
    expect(percentOf(money('-0.5'), money('100000'))).toBe('0.00');
    expect(percentOf(money('0'), money('2900'))).toBe('0.00');
    expect(percentOf(money('5'), money('0'))).toBe('0.00');
  });
});
