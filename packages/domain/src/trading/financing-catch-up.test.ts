import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.ts';
import { dailyFinancing, financingDaysDue, financingFor } from './financing.ts';

// 2026-11-20 10:00 JST.
const openedAt = new Date('2026-11-20T01:00:00Z');

describe('financing days due (issue 24 §2)', () => {
  it('owes nothing on the day it opened', () => {
    expect(financingDaysDue(openedAt, null, '2026-11-20')).toEqual([]);
  });

  it('owes each day after the opening day up to today, when no run has charged it yet', () => {
    expect(financingDaysDue(openedAt, null, '2026-11-23')).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
  });

  it('owes only the days after the last one charged: a failed run on day 1 is caught up on day 3, once each', () => {
    expect(financingDaysDue(openedAt, '2026-11-21', '2026-11-23')).toEqual(['2026-11-22', '2026-11-23']);
    expect(financingDaysDue(openedAt, '2026-11-23', '2026-11-23')).toEqual([]);
  });

  it('reads the opening day in JST: opened 23:30 UTC is the next JST day', () => {
    expect(financingDaysDue(new Date('2026-11-20T23:30:00Z'), null, '2026-11-22')).toEqual(['2026-11-22']);
  });

  it('crosses a month end', () => {
    expect(financingDaysDue(new Date('2026-11-29T01:00:00Z'), null, '2026-12-02')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('charges n days as n single days would have, each rounded to the yen', () => {
    const rates = { longAnnualRate: '0.028', shortAnnualRate: '0.011' };
    const borrowed = new Decimal('1234567');
    const one = dailyFinancing('long', borrowed, rates);
    expect(financingFor('long', borrowed, rates, 3).toFixed()).toBe(one.times(3).toFixed());
    expect(financingFor('short', borrowed, rates, 0).toFixed()).toBe('0');
  });
});
