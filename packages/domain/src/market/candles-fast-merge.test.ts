import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jstInstant, jstParts } from '../calendar/jst.ts';
import { money, toWire } from '../money.ts';
import { aggregate, bucketStart, rollUp } from './candles.ts';

describe("a day's candle starts at JST midnight (worked out by arithmetic, issue 17 §13)", () => {
  it('agrees with the calendar for any instant from 1990 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const p = jstParts(new Date(ms));
        expect(bucketStart('1d', new Date(ms)).getTime()).toBe(jstInstant(p.year, p.month, p.day, 0).getTime());
      }),
      { numRuns: 5000 },
    );
  });

  it('puts 23:59:59.999 and 00:00 JST in different days', () => {
    const midnight = jstInstant(2026, 11, 26, 0);
    expect(bucketStart('1d', new Date(midnight.getTime() - 1)).getTime()).toBe(jstInstant(2026, 11, 25, 0).getTime());
    expect(bucketStart('1d', midnight).getTime()).toBe(midnight.getTime());
  });
});

// Prices as the feed prints them (wire form, tenths of a yen now and then) and now and then in another spelling.
const price = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 9 }), fc.boolean())
  .map(([whole, tenth, padded]) => (tenth === 0 ? `${whole}` : `${whole}.${tenth}${padded ? '0' : ''}`));

describe('candles merged on the digits of their prices (issue 17 §13)', () => {
  it('have the extremes, close and sums a decimal library gives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(price, fc.integer({ min: 1, max: 50 })), { minLength: 1, maxLength: 40 }),
        (trades) => {
          const at = new Date(Date.UTC(2026, 10, 25, 1, 0));
          const prints = trades.map(([p, lots]) => ({ price: p, volume: lots * 100, at }));
          const [candle] = aggregate(prints, '1m');
          const values = prints.map((p) => money(p.price));
          const max = values.reduce((a, b) => (b.gt(a) ? b : a));
          const min = values.reduce((a, b) => (b.lt(a) ? b : a));
          const turnover = prints.reduce((sum, p) => sum.plus(money(p.price).times(p.volume)), money('0'));
          expect(money(candle?.high ?? 'x').eq(max)).toBe(true);
          expect(money(candle?.low ?? 'x').eq(min)).toBe(true);
          expect(candle?.close).toBe(toWire(money(prints.at(-1)?.price ?? 'x')));
          expect(candle?.turnover).toBe(toWire(turnover));
          const [week] = rollUp(aggregate(prints, '1d'), '1w');
          expect(week?.turnover).toBe(toWire(turnover));
          expect(money(week?.high ?? 'x').eq(max)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
