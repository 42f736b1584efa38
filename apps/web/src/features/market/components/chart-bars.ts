import type { CandleWire } from '@kabuto/contracts/market/fields';

/** JST is UTC+9 all year; the chart writes its axis in UTC, so times are moved by nine hours to read as JST. */
const jstOffsetSeconds = 9 * 60 * 60;

export interface ChartBar {
  /** Seconds, shifted so the chart's UTC axis reads JST. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface VolumeBar {
  time: number;
  value: number;
  direction: 'up' | 'down';
}

/**
 * A candle as the chart draws it. Prices become numbers here only to place pixels: nothing computed from them
 * goes back to a price or an amount (those stay decimal strings everywhere else).
 */
export function toChartBar(candle: CandleWire): ChartBar {
  return {
    time: Math.floor(Date.parse(candle.start) / 1000) + jstOffsetSeconds,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

export function toVolumeBar(candle: CandleWire): VolumeBar {
  const bar = toChartBar(candle);
  return { time: bar.time, value: candle.volume, direction: bar.close >= bar.open ? 'up' : 'down' };
}

/**
 * The series in the order the chart requires (strictly increasing time): a bucket sent twice keeps its last
 * version, and an unreadable candle is left out rather than breaking the chart.
 */
export function toChartSeries(candles: readonly CandleWire[]): { bars: ChartBar[]; volumes: VolumeBar[] } {
  const byTime = new Map<number, CandleWire>();
  for (const candle of candles) {
    const time = Date.parse(candle.start);
    if (
      Number.isFinite(time) &&
      [candle.open, candle.high, candle.low, candle.close].every((p) => Number.isFinite(Number(p)))
    )
      byTime.set(time, candle);
  }
  const ordered = [...byTime.entries()].sort(([a], [b]) => a - b).map(([, candle]) => candle);
  return { bars: ordered.map(toChartBar), volumes: ordered.map(toVolumeBar) };
}

/** A live candle may replace the last bar or add a newer one; an older one would make the chart throw. */
export function canApplyLive(lastTime: number | null, bar: ChartBar): boolean {
  return lastTime === null || bar.time >= lastTime;
}

/** About as many candles as a phone's width shows readably (lightweight-charts' default 6 px per bar on ~390 px). */
export const VISIBLE_BARS = 60;

/**
 * What the chart shows first: every bar when they fit, else the latest `VISIBLE_BARS` (the member scrolls back for
 * the rest), with two bars' room on the right for the live candle. Fitting 300 bars into a phone's width made each
 * one a pixel wide and drew five times the bars.
 */
export function initialRange(count: number): { from: number; to: number } | 'fit' {
  return count <= VISIBLE_BARS ? 'fit' : { from: count - VISIBLE_BARS, to: count + 1 };
}
