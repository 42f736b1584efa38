import { describe, expect, it } from 'vitest';
import { sub9 } from './sub9.ts';

describe('sub9 truncates to 10 characters when longer than 9 (SPEC §9, literally)', () => {
  it('leaves strings of up to 9 characters alone', () => {
    expect(sub9('')).toBe('');
    expect(sub9('123456789')).toBe('123456789');
  });

  it('keeps a 10-character string whole, since truncating to 10 changes nothing', () => {
    expect(sub9('1234567890')).toBe('1234567890');
  });

  it('cuts longer strings to their first 10 characters, with no ellipsis', () => {
    expect(sub9('12345678901')).toBe('1234567890');
    expect(sub9('トヨタ自動車株式会社本社営業部')).toBe('トヨタ自動車株式会社');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(sub9('𠮷'.repeat(12))).toBe('𠮷'.repeat(10));
  });

  it('shows nothing for a missing value', () => {
    expect(sub9(null)).toBe('');
    expect(sub9(undefined)).toBe('');
  });
});
