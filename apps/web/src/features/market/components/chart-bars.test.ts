import { describe, expect, it } from 'vitest';
import type { CandleWire } from '@kabuto/contracts/market/fields';
import { VISIBLE_BARS, canApplyLive, initialRange, toChartBar, toChartSeries } from './chart-bars.ts';

const candle = (start: string, open: string, close: string, volume = 100): CandleWire => ({
  start,
  open,
  high: open > close ? open : close,
  low: open > close ? close : open,
  close,
  volume,
  turnover: '0',
});

describe('candles as the chart draws them', () => {
  it('moves times by nine hours so the axis reads JST (a JST day starts at 00:00 on it)', () => {
    // 2026-11-23 00:00 JST is 2026-11-22 15:00 UTC.
    const bar = toChartBar(candle('2026-11-22T15:00:00.000Z', '2450.5', '2460'));
    expect(new Date(bar.time * 1000).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(bar).toMatchObject({ open: 2450.5, close: 2460, high: 2460, low: 2450.5 });
  });

  it('orders the series by time, keeps the last copy of a bucket, and skips an unreadable candle', () => {
    const { bars, volumes } = toChartSeries([
      candle('2026-11-23T00:02:00.000Z', '101', '102'),
      candle('2026-11-23T00:01:00.000Z', '100', '99', 50),
      candle('2026-11-23T00:02:00.000Z', '101', '103'),
      candle('not a time', '1', '2'),
      { ...candle('2026-11-23T00:03:00.000Z', '1', '2'), close: 'x' },
    ]);
    expect(bars.map((b) => b.close)).toEqual([99, 103]);
    expect(bars[0]!.time).toBeLessThan(bars[1]!.time);
    expect(volumes).toEqual([
      { time: bars[0]!.time, value: 50, direction: 'down' },
      { time: bars[1]!.time, value: 100, direction: 'up' },
    ]);
  });

  it('applies a live candle to the last bar or after it, never before it', () => {
    const bar = toChartBar(candle('2026-11-23T00:02:00.000Z', '1', '2'));
    expect(canApplyLive(null, bar)).toBe(true);
    expect(canApplyLive(bar.time, bar)).toBe(true);
    expect(canApplyLive(bar.time + 60, bar)).toBe(false);
  });

  it('shows every bar when they fit a phone, else the latest sixty', () => {
    expect(initialRange(0)).toBe('fit');
    expect(initialRange(VISIBLE_BARS)).toBe('fit');
    expect(initialRange(300)).toEqual({ from: 240, to: 301 });
    expect(initialRange(VISIBLE_BARS + 1)).toEqual({ from: 1, to: VISIBLE_BARS + 2 });
  });
});
