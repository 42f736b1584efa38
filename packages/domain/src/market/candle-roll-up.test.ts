import { describe, expect, it } from 'vitest';
import { aggregate, rollUp } from './candles.ts';
import type { TradePrint } from './candles.ts';

const print = (iso: string, price: string, volume = 100): TradePrint => ({ price, volume, at: new Date(iso) });

describe('rolling short candles up into longer ones', () => {
  it('gives the same 5-minute and weekly candles as aggregating the trades directly', () => {
    const prints = [
      print('2026-11-16T00:00:10Z', '100'),
      print('2026-11-16T00:01:10Z', '103'),
      print('2026-11-16T00:04:59Z', '99'),
      print('2026-11-16T00:05:00Z', '101'),
      print('2026-11-18T02:00:00Z', '110', 300),
      print('2026-11-24T00:00:00Z', '95'),
    ];
    expect(rollUp(aggregate(prints, '1m'), '5m')).toEqual(aggregate(prints, '5m'));
    expect(rollUp(aggregate(prints, '1d'), '1w')).toEqual(aggregate(prints, '1w'));
  });

  it('orders candles given out of order', () => {
    const prints = [print('2026-11-16T00:00:10Z', '100'), print('2026-11-16T00:03:00Z', '104')];
    const minutes = aggregate(prints, '1m').reverse();
    expect(rollUp(minutes, '10m')).toEqual(aggregate(prints, '10m'));
  });
});
