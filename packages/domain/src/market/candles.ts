import { jstInstant, jstParts } from '../calendar/jst.ts';
import { addDays } from '../calendar/trading-day.ts';
import { money, plusWire, toWire, wireOf } from '../money.ts';
import { compareDecimals } from './ranking.ts';

// SPEC §9 / DESIGN "Market and trading model": candles of 1, 5, 10 and 30 minutes, day, week, month.
export type CandlePeriod = '1m' | '5m' | '10m' | '30m' | '1d' | '1w' | '1M';

export const CANDLE_PERIODS: readonly CandlePeriod[] = ['1m', '5m', '10m', '30m', '1d', '1w', '1M'];

/** One trade: price and turnover as decimal strings, volume in shares. */
export interface TradePrint {
  price: string;
  volume: number;
  at: Date;
  /** Yen traded; price × volume when the feed does not say. */
  turnover?: string;
}

export interface Candle {
  period: CandlePeriod;
  /** The bucket's first instant. */
  start: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  turnover: string;
}

const minutes: Partial<Record<CandlePeriod, number>> = { '1m': 1, '5m': 5, '10m': 10, '30m': 30 };
const dayMs = 86_400_000;
const jstOffsetMs = 9 * 3_600_000;

/** The first instant of the candle an instant belongs to, counted in JST (weeks start Monday 00:00 JST). */
export function bucketStart(period: CandlePeriod, instant: Date): Date {
  const length = minutes[period];
  // JST is UTC+9 whole hours, so minute buckets up to 30 line up the same in UTC and JST.
  if (length !== undefined) return new Date(Math.floor(instant.getTime() / (length * 60_000)) * length * 60_000);
  // JST has no daylight saving: its midnight is the UTC day boundary shifted by nine hours.
  if (period === '1d') return new Date(Math.floor((instant.getTime() + jstOffsetMs) / dayMs) * dayMs - jstOffsetMs);
  const p = jstParts(instant);
  if (period === '1M') return jstInstant(p.year, p.month, 1, 0);
  const monday = addDays(p, -((p.weekday + 6) % 7));
  return jstInstant(monday.year, monday.month, monday.day, 0);
}

const checkVolume = (volume: number): number => {
  if (!Number.isSafeInteger(volume) || volume < 0)
    throw new RangeError(`Volume must be a whole number of shares: ${volume}`);
  return volume;
};

const turnoverOf = (print: TradePrint): string =>
  print.turnover === undefined ? toWire(money(print.price).times(checkVolume(print.volume))) : wireOf(print.turnover);

// Issue 17 §13: the leader merges every trade into seven candles, so merging compares and adds the decimal strings
// on their digits (`compareDecimals`, `plusWire`, exact) instead of parsing each into a decimal object.

/** A new candle holding one trade. */
export function openCandle(period: CandlePeriod, print: TradePrint): Candle {
  const price = wireOf(print.price);
  return {
    period,
    start: bucketStart(period, print.at),
    open: price,
    high: price,
    low: price,
    close: price,
    volume: checkVolume(print.volume),
    turnover: turnoverOf(print),
  };
}

/** The candle with one more trade of its own bucket; a trade of another bucket is the caller's mistake. */
export function mergeTick(candle: Candle, print: TradePrint): Candle {
  if (bucketStart(candle.period, print.at).getTime() !== candle.start.getTime()) {
    throw new RangeError(
      `Trade at ${print.at.toISOString()} is outside the ${candle.period} candle of ${candle.start.toISOString()}`,
    );
  }
  const price = wireOf(print.price);
  return {
    ...candle,
    high: compareDecimals(price, candle.high) > 0 ? price : candle.high,
    low: compareDecimals(price, candle.low) < 0 ? price : candle.low,
    close: price,
    volume: checkVolume(candle.volume + checkVolume(print.volume)),
    turnover: plusWire(candle.turnover, turnoverOf(print)),
  };
}

/** Candles of one period from trades in any order, oldest first; trades at the same instant keep their order. */
export function aggregate(prints: readonly TradePrint[], period: CandlePeriod): Candle[] {
  const ordered = prints.map((print, index) => ({ print, index }));
  ordered.sort((a, b) => a.print.at.getTime() - b.print.at.getTime() || a.index - b.index);
  const candles: Candle[] = [];
  for (const { print } of ordered) {
    const last = candles.at(-1);
    if (last !== undefined && last.start.getTime() === bucketStart(period, print.at).getTime()) {
      candles[candles.length - 1] = mergeTick(last, print);
    } else {
      candles.push(openCandle(period, print));
    }
  }
  return candles;
}

/** Candles of a longer period from shorter ones (1m → 5m, 1d → 1w): first open, last close, extremes, sums. */
export function rollUp(candles: readonly Candle[], period: CandlePeriod): Candle[] {
  const ordered = [...candles].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Candle[] = [];
  for (const c of ordered) {
    const start = bucketStart(period, c.start);
    const last = out.at(-1);
    if (last === undefined || last.start.getTime() !== start.getTime()) {
      out.push({ ...c, period, start });
      continue;
    }
    out[out.length - 1] = {
      ...last,
      high: compareDecimals(c.high, last.high) > 0 ? c.high : last.high,
      low: compareDecimals(c.low, last.low) < 0 ? c.low : last.low,
      close: c.close,
      volume: checkVolume(last.volume + c.volume),
      turnover: plusWire(last.turnover, c.turnover),
    };
  }
  return out;
}
