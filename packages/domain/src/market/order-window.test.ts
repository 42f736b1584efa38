import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jstInstant } from '../calendar/jst.ts';
import { indicativeOpen, nextSessionLimits, orderWindow } from './order-window.ts';

const at = (y: number, mo: number, d: number, h: number, mi = 0) => jstInstant(y, mo, d, h * 60 + mi);

describe('orderWindow (issue 26: pre-market and after-hours)', () => {
  it('the demo market is always open', () => {
    expect(orderWindow('demo', at(2026, 11, 28, 3))).toEqual({ kind: 'open' });
  });

  it('under tse: the session takes orders now, the closing auction included', () => {
    for (const [h, m] of [
      [9, 0],
      [11, 29],
      [12, 30],
      [15, 27],
    ] as const)
      expect(orderWindow('tse', at(2026, 11, 27, h, m)).kind).toBe('open');
  });

  it('08:00–09:00 queues for the morning opening auction; the lunch break for the afternoon one', () => {
    expect(orderWindow('tse', at(2026, 11, 27, 8, 0))).toEqual({
      kind: 'preOpen',
      opensAt: at(2026, 11, 27, 9),
      sessionDay: '2026-11-27',
      newDay: true,
    });
    expect(orderWindow('tse', at(2026, 11, 27, 11, 45))).toEqual({
      kind: 'preOpen',
      opensAt: at(2026, 11, 27, 12, 30),
      sessionDay: '2026-11-27',
      newDay: false,
    });
  });

  it('after 15:30 and before 08:00 orders are for the next session; a Friday evening is for Monday', () => {
    expect(orderWindow('tse', at(2026, 11, 27, 15, 30))).toEqual({
      kind: 'afterHours',
      opensAt: at(2026, 11, 30, 9),
      sessionDay: '2026-11-30',
      newDay: true,
    });
    expect(orderWindow('tse', at(2026, 11, 27, 7, 59))).toEqual({
      kind: 'afterHours',
      opensAt: at(2026, 11, 27, 9),
      sessionDay: '2026-11-27',
      newDay: true,
    });
  });

  it('a weekend or a holiday is after hours until the next trading day, across the year-end break', () => {
    expect(orderWindow('tse', at(2026, 11, 28, 10))).toMatchObject({ kind: 'afterHours', sessionDay: '2026-11-30' });
    // 23 November 2026 is Labour Thanksgiving Day (observed on Monday 23rd).
    expect(orderWindow('tse', at(2026, 11, 23, 8, 30))).toMatchObject({ kind: 'afterHours', sessionDay: '2026-11-24' });
    expect(orderWindow('tse', at(2026, 12, 30, 16))).toMatchObject({ kind: 'afterHours', sessionDay: '2027-01-04' });
  });
});

describe('nextSessionLimits', () => {
  it('takes the last price as the next session’s base', () => {
    expect(nextSessionLimits('1000', 'standard')).toEqual({ limitUp: '1300', limitDown: '700' });
  });
});

describe('indicativeOpen (itayose)', () => {
  it('no buy meets a sell: no indicative price', () => {
    expect(indicativeOpen([{ price: '99', shares: '500' }], [{ price: '101', shares: '500' }], '100')).toEqual({
      price: null,
      shares: '0',
    });
  });

  it('prints where the most shares deal, then the smallest imbalance', () => {
    const bids = [
      { price: '103', shares: '300' },
      { price: '101', shares: '400' },
      { price: '99', shares: '1000' },
    ];
    const asks = [
      { price: '100', shares: '200' },
      { price: '102', shares: '600' },
      { price: '104', shares: '500' },
    ];
    // At 101: buys ≥101 = 700, sells ≤101 = 200 → 200. At 102: buys 300, sells 800 → 300. At 103: 300 vs 800 → 300.
    // 102 and 103 tie on 300 shares and imbalance 500; 102 is nearer the base 100.
    expect(indicativeOpen(bids, asks, '100')).toEqual({ price: '102', shares: '300' });
  });

  it('never deals more than either side offers, and the price is one of the book’s (property)', () => {
    const level = fc.record({
      price: fc.integer({ min: 90, max: 110 }).map(String),
      shares: fc.integer({ min: 1, max: 50 }).map((n) => String(n * 100)),
    });
    fc.assert(
      fc.property(fc.array(level, { maxLength: 8 }), fc.array(level, { maxLength: 8 }), (bids, asks) => {
        const r = indicativeOpen(bids, asks, '100');
        if (r.price === null) {
          // Nothing crosses: every bid is below every ask.
          for (const b of bids) for (const a of asks) expect(Number(b.price)).toBeLessThan(Number(a.price));
          return;
        }
        const total = (ls: typeof bids) => ls.reduce((s, l) => s + Number(l.shares), 0);
        expect(Number(r.shares)).toBeLessThanOrEqual(total(bids.filter((b) => Number(b.price) >= Number(r.price))));
        expect(Number(r.shares)).toBeLessThanOrEqual(total(asks.filter((a) => Number(a.price) <= Number(r.price))));
        expect([...bids, ...asks].map((l) => l.price)).toContain(r.price);
      }),
    );
  });
});
