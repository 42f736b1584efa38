import { describe, expect, it } from 'vitest';
import { activeSaleRules, noSaleRules, saleBlock } from './sale-rules.ts';

// Friday 2026-11-20 10:00 JST; the next trading day is Monday 2026-11-24 (23 Nov is Labour Thanksgiving Day, observed... on Monday the 23rd).
const friday = new Date('2026-11-20T01:00:00Z');

describe('per-product sale rules (SPEC §4, off for ordinary TSE stocks)', () => {
  it('blocks nothing with no rules set', () => {
    expect(saleBlock(noSaleRules, friday, friday)).toBeNull();
    expect(activeSaleRules(noSaleRules)).toEqual([]);
  });

  it('same-day ban: blocked until JST midnight', () => {
    const rules = { ...noSaleRules, sameDayBan: true };
    expect(saleBlock(rules, friday, new Date('2026-11-20T14:59:00Z'))).toBe('sameDay');
    expect(saleBlock(rules, friday, new Date('2026-11-20T15:00:00Z'))).toBeNull();
  });

  it('T+1: blocked until the next trading day opens, over the weekend and the holiday', () => {
    const rules = { ...noSaleRules, tPlusOneBan: true };
    expect(saleBlock(rules, friday, new Date('2026-11-23T03:00:00Z'))).toBe('tPlusOne');
    expect(saleBlock(rules, friday, new Date('2026-11-24T00:00:00Z'))).toBeNull();
  });

  it('minimum holding minutes and lock-up', () => {
    expect(saleBlock({ ...noSaleRules, minHoldingMinutes: 30 }, friday, new Date('2026-11-20T01:29:59Z'))).toBe(
      'minHolding',
    );
    expect(saleBlock({ ...noSaleRules, minHoldingMinutes: 30 }, friday, new Date('2026-11-20T01:30:00Z'))).toBeNull();
    const lock = { ...noSaleRules, lockUpUntil: '2026-12-01T00:00:00Z' };
    expect(saleBlock(lock, friday, new Date('2026-11-30T23:59:59Z'))).toBe('lockUp');
    expect(saleBlock(lock, friday, new Date('2026-12-01T00:00:00Z'))).toBeNull();
    expect(activeSaleRules({ ...lock, sameDayBan: true })).toEqual(['lockUp', 'sameDay']);
  });
});
