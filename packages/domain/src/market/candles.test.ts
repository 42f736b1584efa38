import { describe, expect, it } from 'vitest';
import { aggregate, bucketStart, mergeTick, openCandle } from './candles.ts';
import type { CandlePeriod, TradePrint } from './candles.ts';

const at = (iso: string) => new Date(iso);
const start = (period: CandlePeriod, iso: string) => bucketStart(period, at(iso)).toISOString();
const trade = (iso: string, price: string, volume = 100): TradePrint => ({ at: at(iso), price, volume });

describe('candle buckets in JST', () => {
  it('minute buckets floor to 1, 5, 10 and 30 minutes', () => {
    const iso = '2026-11-20T01:47:31.250Z'; // 10:47:31 JST
    expect(start('1m', iso)).toBe('2026-11-20T01:47:00.000Z');
    expect(start('5m', iso)).toBe('2026-11-20T01:45:00.000Z');
    expect(start('10m', iso)).toBe('2026-11-20T01:40:00.000Z');
    expect(start('30m', iso)).toBe('2026-11-20T01:30:00.000Z');
    expect(start('5m', '2026-11-20T01:45:00Z')).toBe('2026-11-20T01:45:00.000Z'); // a boundary opens its own bucket
  });

  it('days start at JST midnight, which is 15:00Z the day before', () => {
    expect(start('1d', '2026-11-20T14:59:59Z')).toBe('2026-11-19T15:00:00.000Z'); // Fri 23:59:59 JST
    expect(start('1d', '2026-11-20T15:00:00Z')).toBe('2026-11-20T15:00:00.000Z'); // Sat 00:00 JST
  });

  it('weeks start on Monday 00:00 JST', () => {
    // Sun 22 Nov 23:59 JST belongs to the week of Mon 16 Nov; Mon 23 Nov 00:00 JST opens the next.
    expect(start('1w', '2026-11-22T14:59:00Z')).toBe('2026-11-15T15:00:00.000Z');
    expect(start('1w', '2026-11-22T15:00:00Z')).toBe('2026-11-22T15:00:00.000Z');
    expect(start('1w', '2026-11-20T03:00:00Z')).toBe('2026-11-15T15:00:00.000Z'); // Friday
    expect(start('1w', '2027-01-01T03:00:00Z')).toBe('2026-12-27T15:00:00.000Z'); // across the year: Mon 28 Dec
  });

  it('months follow the JST calendar', () => {
    expect(start('1M', '2026-11-30T14:59:59Z')).toBe('2026-10-31T15:00:00.000Z'); // 30 Nov 23:59 JST → November
    expect(start('1M', '2026-11-30T15:00:00Z')).toBe('2026-11-30T15:00:00.000Z'); // 1 Dec 00:00 JST → December
  });
});

describe('aggregating trades into candles', () => {
  it('builds open, high, low, close, volume and turnover per bucket, oldest first', () => {
    const trades = [
      trade('2026-11-20T00:01:10Z', '1001.5', 300), // out of order on purpose
      trade('2026-11-20T00:00:05Z', '1000', 100),
      trade('2026-11-20T00:00:40Z', '998.5', 200),
      trade('2026-11-20T00:00:59.999Z', '1002', 100),
    ];
    expect(aggregate(trades, '1m')).toEqual([
      {
        period: '1m',
        start: at('2026-11-20T00:00:00Z'),
        open: '1000',
        high: '1002',
        low: '998.5',
        close: '1002',
        volume: 400,
        turnover: '399900', // 100 000 + 199 700 + 100 200
      },
      {
        period: '1m',
        start: at('2026-11-20T00:01:00Z'),
        open: '1001.5',
        high: '1001.5',
        low: '1001.5',
        close: '1001.5',
        volume: 300,
        turnover: '300450',
      },
    ]);
  });

  it('keeps the given order of trades printed at the same instant', () => {
    const [candle] = aggregate([trade('2026-11-20T00:00:00Z', '10'), trade('2026-11-20T00:00:00Z', '12')], '1d');
    expect([candle?.open, candle?.close]).toEqual(['10', '12']);
  });

  it('uses the turnover the feed reports when present', () => {
    const [candle] = aggregate([{ ...trade('2026-11-20T00:00:00Z', '10', 100), turnover: '999.5' }], '5m');
    expect(candle?.turnover).toBe('999.5');
  });

  it('a month candle spans every trading day of the JST month', () => {
    const candles = aggregate(
      [trade('2026-11-02T00:00:00Z', '50'), trade('2026-11-30T06:29:00Z', '55'), trade('2026-11-30T23:00:00Z', '60')],
      '1M',
    );
    expect(candles.map((c) => [c.start.toISOString(), c.open, c.close])).toEqual([
      ['2026-10-31T15:00:00.000Z', '50', '55'],
      ['2026-11-30T15:00:00.000Z', '60', '60'],
    ]);
  });

  it('has nothing to show for no trades', () => {
    expect(aggregate([], '1w')).toEqual([]);
  });
});

describe('merging a live trade into the current candle', () => {
  it('moves high, low and close and adds volume', () => {
    const candle = openCandle('5m', trade('2026-11-20T00:00:00Z', '500', 100));
    const merged = mergeTick(
      mergeTick(candle, trade('2026-11-20T00:01:00Z', '503', 200)),
      trade('2026-11-20T00:04:59Z', '499', 100),
    );
    // turnover 50 000 + 100 600 + 49 900
    expect(merged).toMatchObject({
      open: '500',
      high: '503',
      low: '499',
      close: '499',
      volume: 400,
      turnover: '200500',
    });
  });

  it('refuses a trade from another bucket', () => {
    const candle = openCandle('5m', trade('2026-11-20T00:00:00Z', '500'));
    expect(() => mergeTick(candle, trade('2026-11-20T00:05:00Z', '501'))).toThrow(RangeError);
  });

  it('refuses a fractional or negative volume', () => {
    expect(() => openCandle('1m', trade('2026-11-20T00:00:00Z', '500', 1.5))).toThrow(RangeError);
    expect(() => openCandle('1m', trade('2026-11-20T00:00:00Z', '500', -100))).toThrow(RangeError);
  });
});
