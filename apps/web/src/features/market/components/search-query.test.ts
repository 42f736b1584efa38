import { describe, expect, it } from 'vitest';
import { maxSearchLength, normaliseSearchQuery } from './search-query.ts';

describe('search field text to query', () => {
  it('sends nothing for an empty or blank field', () => {
    expect(normaliseSearchQuery('')).toBeNull();
    expect(normaliseSearchQuery('   ')).toBeNull();
    expect(normaliseSearchQuery('\u3000\u3000')).toBeNull();
    expect(normaliseSearchQuery('\n\t')).toBeNull();
  });

  it('trims and collapses spaces, including the ideographic space', () => {
    expect(normaliseSearchQuery('  7203 ')).toBe('7203');
    expect(normaliseSearchQuery('toyota   motor')).toBe('toyota motor');
    expect(normaliseSearchQuery('トヨタ\u3000自動車')).toBe('トヨタ 自動車');
  });

  it('keeps names in every language as typed', () => {
    expect(normaliseSearchQuery('トヨタ')).toBe('トヨタ');
    expect(normaliseSearchQuery('豐田')).toBe('豐田');
    expect(normaliseSearchQuery('７２０３')).toBe('７２０３');
  });

  it('cuts a long paste to the call’s limit without splitting a character', () => {
    const long = '株'.repeat(100);
    expect(normaliseSearchQuery(long)).toBe('株'.repeat(maxSearchLength));
    const emoji = '😀'.repeat(70);
    expect([...(normaliseSearchQuery(emoji) ?? '')]).toHaveLength(maxSearchLength);
  });
});
