import { describe, expect, it } from 'vitest';
import { isTradingDay } from '../calendar/trading-day.ts';
import { isContinuousTrading, sessionDate, sessionState } from './trading-session.ts';

// Instants in UTC; JST = UTC+9, so 09:00 JST is 00:00Z.
const tse = (iso: string) => sessionState('tse', new Date(iso));
const next = (iso: string) => tse(iso).nextOpen?.toISOString() ?? null;

describe('TSE session (tse profile)', () => {
  it('trades 09:00–11:30 and not a second before', () => {
    expect(tse('2026-11-19T23:59:59Z')).toMatchObject({ phase: 'closed', open: false }); // Fri 08:59:59 JST
    expect(next('2026-11-19T23:59:59Z')).toBe('2026-11-20T00:00:00.000Z');
    expect(tse('2026-11-20T00:00:00Z')).toEqual({ phase: 'morning', open: true, nextOpen: null });
    expect(tse('2026-11-20T02:29:59Z').phase).toBe('morning'); // 11:29:59
  });

  it('breaks for lunch from 11:30 to 12:30 and points at the afternoon opening', () => {
    expect(tse('2026-11-20T02:30:00Z')).toMatchObject({ phase: 'lunch', open: false });
    expect(next('2026-11-20T02:30:00Z')).toBe('2026-11-20T03:30:00.000Z');
    expect(tse('2026-11-20T03:29:59Z').phase).toBe('lunch'); // 12:29:59
    expect(tse('2026-11-20T03:30:00Z')).toEqual({ phase: 'afternoon', open: true, nextOpen: null });
  });

  it('runs the closing auction from 15:25 to 15:30, then closes until the next trading day', () => {
    expect(tse('2026-11-20T06:24:59Z').phase).toBe('afternoon'); // 15:24:59
    expect(tse('2026-11-20T06:25:00Z')).toEqual({ phase: 'closingAuction', open: true, nextOpen: null });
    expect(isContinuousTrading(tse('2026-11-20T06:25:00Z'))).toBe(false);
    expect(tse('2026-11-20T06:29:59Z').phase).toBe('closingAuction');
    expect(tse('2026-11-20T06:30:00Z')).toMatchObject({ phase: 'closed', open: false }); // 15:30 close
    // Fri close → Mon 23 Nov is Labour Thanksgiving Day → Tue 24 Nov 09:00 JST.
    expect(next('2026-11-20T06:30:00Z')).toBe('2026-11-24T00:00:00.000Z');
  });

  it('is closed at weekends', () => {
    expect(isTradingDay(2026, 11, 21)).toBe(false);
    expect(tse('2026-11-21T01:00:00Z')).toMatchObject({ phase: 'closed', open: false }); // Sat 10:00 JST
    expect(next('2026-11-15T01:00:00Z')).toBe('2026-11-16T00:00:00.000Z'); // Sun → Mon 16 Nov
  });

  it('is closed on a Japanese public holiday that falls on a weekday', () => {
    expect(isTradingDay(2026, 11, 23)).toBe(false);
    expect(tse('2026-11-23T01:00:00Z')).toMatchObject({ phase: 'closed', open: false }); // Mon 10:00 JST
    expect(next('2026-11-23T01:00:00Z')).toBe('2026-11-24T00:00:00.000Z');
  });

  it('is closed from 31 December to 3 January and reopens on the first trading day', () => {
    expect(isTradingDay(2026, 12, 30)).toBe(true);
    expect(isTradingDay(2026, 12, 31)).toBe(false);
    expect(isTradingDay(2027, 1, 1)).toBe(false);
    expect(tse('2026-12-31T01:00:00Z').phase).toBe('closed'); // Thu 10:00 JST
    expect(next('2026-12-30T06:30:00Z')).toBe('2027-01-04T00:00:00.000Z'); // Wed 30 Dec close → Mon 4 Jan
  });

  it('counts the day in JST: 15:00Z on Friday is already Saturday 00:00 JST', () => {
    expect(tse('2026-11-20T15:30:00Z').phase).toBe('closed');
    expect(sessionDate(new Date('2026-11-20T15:30:00Z'))).toBe('2026-11-21');
    expect(sessionDate(new Date('2026-11-20T14:59:59Z'))).toBe('2026-11-20');
  });
});

describe('demo session', () => {
  it('is open at any hour, on holidays and over the year end', () => {
    for (const iso of ['2026-11-21T01:00:00Z', '2026-11-23T18:00:00Z', '2027-01-01T03:00:00Z']) {
      const state = sessionState('demo', new Date(iso));
      expect(state).toEqual({ phase: 'continuous', open: true, nextOpen: null });
      expect(isContinuousTrading(state)).toBe(true);
    }
  });
});
