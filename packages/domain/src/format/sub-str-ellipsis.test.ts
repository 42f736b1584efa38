import { describe, expect, it } from 'vitest';
import { subStr } from './sub-str.ts';

describe('subStr shortens strings over 20 characters to first 6 … last 6 (SPEC §9)', () => {
  it('leaves strings of up to 20 characters alone', () => {
    expect(subStr('')).toBe('');
    expect(subStr('12345678901234567890')).toBe('12345678901234567890');
  });

  it('shortens a 21-character string', () => {
    expect(subStr('123456789012345678901')).toBe('123456...678901');
  });

  it('shortens a long address', () => {
    expect(subStr('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x5290...169EE7');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(subStr('😀'.repeat(21))).toBe(`${'😀'.repeat(6)}...${'😀'.repeat(6)}`);
  });

  it('shows nothing for a missing value', () => {
    expect(subStr(null)).toBe('');
    expect(subStr(undefined)).toBe('');
  });
});
