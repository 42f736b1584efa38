import { describe, expect, it } from 'vitest';
import { compactAmount } from './compact-amount.ts';

describe('large yen figures shortened for a list row', () => {
  it('uses 万 and 億 in Japanese', () => {
    expect(compactAmount('123456789', 'jp')).toBe('1.2億');
    expect(compactAmount('34567890', 'jp')).toBe('3,456万');
    expect(compactAmount('10000', 'jp')).toBe('1万');
    expect(compactAmount('9999', 'jp')).toBe('9,999');
    expect(compactAmount('1234567890123.5', 'jp')).toBe('1.2兆');
  });

  it('uses 萬 and 億 in Traditional Chinese', () => {
    expect(compactAmount('56780000', 'tw')).toBe('5,678萬');
    expect(compactAmount('250000000', 'tw')).toBe('2.5億');
  });

  it('uses K, M and B in English', () => {
    expect(compactAmount('12345', 'en')).toBe('12.3K');
    expect(compactAmount('123456789', 'en')).toBe('123M');
    expect(compactAmount('1200000000', 'en')).toBe('1.2B');
    expect(compactAmount('999', 'en')).toBe('999');
  });

  it('truncates instead of rounding, keeps the sign and ignores decimals', () => {
    expect(compactAmount('199999999.99', 'jp')).toBe('1.9億');
    expect(compactAmount('-250000000', 'jp')).toBe('-2.5億');
    expect(compactAmount('0', 'en')).toBe('0');
    expect(compactAmount('0012.5', 'jp')).toBe('12');
  });

  it('gives back what it cannot read', () => {
    expect(compactAmount('', 'jp')).toBe('');
    expect(compactAmount('n/a', 'en')).toBe('n/a');
  });
});
