import { describe, expect, it } from 'vitest';
import { isMoneyDay, moneyWindow } from './money-window.ts';

// Instants are given in UTC; JST = UTC+9.
const at = (iso: string) => new Date(iso);

describe('deposit and withdrawal window (tse profile)', () => {
  it('is open on a weekday at 09:30 JST and closed at 19:30 JST', () => {
    expect(moneyWindow('tse', at('2026-11-20T00:30:00Z')).open).toBe(true); // Fri 09:30 JST
    expect(moneyWindow('tse', at('2026-11-20T00:29:59Z')).open).toBe(false); // Fri 09:29:59
    expect(moneyWindow('tse', at('2026-11-20T10:29:00Z')).open).toBe(true); // Fri 19:29
    expect(moneyWindow('tse', at('2026-11-20T10:30:00Z')).open).toBe(false); // Fri 19:30
  });

  it('is closed at weekends and reopens Monday 09:30 JST — unless Monday is a holiday', () => {
    const saturday = moneyWindow('tse', at('2026-11-21T03:00:00Z'));
    expect(saturday.open).toBe(false);
    // Mon 23 Nov 2026 is Labour Thanksgiving Day, so the next opening is Tue 24 Nov 09:30 JST.
    expect(saturday.opensAt?.toISOString()).toBe('2026-11-24T00:30:00.000Z');
  });

  it('is closed on a Japanese public holiday that falls on a weekday', () => {
    expect(isMoneyDay(2026, 11, 23)).toBe(false);
    expect(moneyWindow('tse', at('2026-11-23T03:00:00Z')).open).toBe(false);
  });

  it('is closed from 31 December to 3 January and reopens on the first business day', () => {
    expect(isMoneyDay(2026, 12, 31)).toBe(false);
    expect(isMoneyDay(2027, 1, 1)).toBe(false);
    const newYear = moneyWindow('tse', at('2026-12-31T03:00:00Z'));
    expect(newYear.open).toBe(false);
    expect(newYear.opensAt?.toISOString()).toBe('2027-01-04T00:30:00.000Z'); // Mon 4 Jan 2027
  });

  it('before opening on a business day points at today’s opening', () => {
    expect(moneyWindow('tse', at('2026-11-19T22:00:00Z')).opensAt?.toISOString()).toBe('2026-11-20T00:30:00.000Z');
  });

  it('the demo rule is always open', () => {
    expect(moneyWindow('always', at('2026-12-31T15:00:00Z'))).toEqual({ rule: 'always', open: true, opensAt: null });
  });
});
