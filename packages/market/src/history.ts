import { jstInstant, jstParts } from '@kabuto/domain/calendar/jst';
import { addDays, isTradingDay } from '@kabuto/domain/calendar/trading-day';
import type { CalendarDate } from '@kabuto/domain/calendar/trading-day';
import { bucketStart, rollUp } from '@kabuto/domain/market/candles';
import type { Candle, CandlePeriod } from '@kabuto/domain/market/candles';
import { dailyPriceLimits } from '@kabuto/domain/market/price-limit';
import { roundToTick } from '@kabuto/domain/market/tick-size';
import { TSE_HOURS } from '@kabuto/domain/market/trading-session';
import { Decimal, money, toWire } from '@kabuto/domain/money';
import { hashSeed, mulberry32 } from './prng.ts';
import {
  CLOSING_AUCTION_SHARE,
  CONTINUOUS_MINUTES,
  dailyVolumeOf,
  dayVolumeFactor,
  gaussian,
  gridPrice,
  minuteSigma,
  minuteVolumeShare,
  OVERNIGHT_SHARE,
} from './price-model.ts';
import type { SimulatedCompany } from './simulator.ts';

// Issue 7: "history back-filled on first start so every period shows a full chart". Simulated, not
// recorded: a seeded walk that ends at the base price just before the live feed starts (the anchor).
// Issue 17 §10/§14: the same model as the live feed (`price-model.ts`) — per-minute moves and volumes
// of the same size, the TSE sessions with their lunch break and one closing-auction print at 15:30 —
// so the chart has no seam where history ends and the live feed begins.

/** Calendar days of daily history behind the anchor (about two years of trading days). */
export const HISTORY_CALENDAR_DAYS = 730;
/** Trading sessions before the anchor that get one-minute candles (5, 10 and 30 minutes roll up from them). */
export const INTRADAY_SESSIONS = 3;

const LOT = 100;

/** The trading days before the anchor's JST date, oldest first; shared by every symbol of one back-fill. */
export function historyTradingDays(anchor: Date, calendarDays = HISTORY_CALENDAR_DAYS): CalendarDate[] {
  const p = jstParts(anchor);
  const today: CalendarDate = { year: p.year, month: p.month, day: p.day };
  const days: CalendarDate[] = [];
  for (let back = calendarDays; back >= 1; back--) {
    const d = addDays(today, -back);
    if (isTradingDay(d.year, d.month, d.day)) days.push(d);
  }
  return days;
}

interface Day {
  date: CalendarDate;
  /** `YYYY-MM-DD`, as the live feed names its days. */
  name: string;
  lower: Decimal;
  upper: Decimal;
  open: Decimal;
  close: Decimal;
}

const dayName = (d: CalendarDate): string =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/**
 * The highest (or, with `sign` -1, lowest) log price reached between two points of a random walk of
 * deviation `sigma` — drawn exactly from the distribution of a Brownian bridge's extreme.
 */
function extreme(random: () => number, from: number, to: number, sigma: number, sign: 1 | -1): number {
  const reach = Math.sqrt((to - from) ** 2 - 2 * sigma * sigma * Math.log(Math.max(random(), Number.EPSILON)));
  return (from + to + sign * reach) / 2;
}

/** The continuous minutes of a TSE session in JST minutes of the day: 09:00–11:29 and 12:30–15:24. */
const continuousMinutes = (): number[] => {
  const out: number[] = [];
  for (let m = TSE_HOURS.morningOpen; m < TSE_HOURS.morningClose; m++) out.push(m);
  for (let m = TSE_HOURS.afternoonOpen; m < TSE_HOURS.closingAuction; m++) out.push(m);
  return out;
};
const SESSION_MINUTES = continuousMinutes();

/**
 * One-minute candles of a TSE session: a random walk of log prices tied to the day's open and
 * close (a Brownian bridge), each minute's volume its share of the day's (the intraday U shape),
 * minutes without a lot traded left out, and the closing auction as one print at 15:30.
 */
function sessionMinutes(day: Day, company: SimulatedCompany, dayVolume: number, random: () => number): Candle[] {
  const sigma = minuteSigma(company);
  const n = SESSION_MINUTES.length;
  const walk: number[] = [0];
  for (let i = 1; i <= n; i++) walk.push((walk[i - 1] ?? 0) + sigma * gaussian(random));
  const from = Math.log(day.open.toNumber());
  const drift = Math.log(day.close.toNumber()) - from - (walk[n] ?? 0);
  const logAt = (i: number) => from + (walk[i] ?? 0) + (drift * i) / n;
  const price = (log: number) => gridPrice(Math.exp(log), company.tickTable, day.lower, day.upper);
  const candle = (
    minute: number,
    open: Decimal,
    high: Decimal,
    low: Decimal,
    close: Decimal,
    lots: number,
  ): Candle => ({
    period: '1m',
    start: jstInstant(day.date.year, day.date.month, day.date.day, minute),
    open: toWire(open),
    high: toWire(high),
    low: toWire(low),
    close: toWire(close),
    volume: lots * LOT,
    turnover: toWire(close.times(lots * LOT)),
  });
  const candles: Candle[] = [];
  let previous = day.open;
  SESSION_MINUTES.forEach((minute, i) => {
    const expected = (dayVolume * minuteVolumeShare('tse', minute)) / LOT;
    const edge = i === 0 || i === n - 1;
    // The opening and the last continuous minute always trade, so the day opens and closes where it says.
    const lots = Math.max(edge ? 1 : 0, Math.round(expected * Math.exp(0.5 * gaussian(random) - 0.125)));
    const a = logAt(i);
    const b = logAt(i + 1);
    const high = extreme(random, a, b, sigma, 1);
    const low = extreme(random, a, b, sigma, -1);
    if (lots === 0) return;
    const open = i === 0 ? day.open : previous;
    const close = i === n - 1 ? day.close : price(b);
    candles.push(
      candle(minute, open, Decimal.max(open, close, price(high)), Decimal.min(open, close, price(low)), close, lots),
    );
    previous = close;
  });
  const auctionLots = Math.max(1, Math.round((dayVolume * CLOSING_AUCTION_SHARE) / LOT));
  candles.push(candle(TSE_HOURS.close, day.close, day.close, day.close, day.close, auctionLots));
  return candles;
}

/** A day's candle without minutes: open to close with the day's extremes and volume. */
function dailyCandle(day: Day, company: SimulatedCompany, dayVolume: number, random: () => number): Candle {
  const sigma = minuteSigma(company) * Math.sqrt(CONTINUOUS_MINUTES);
  const from = Math.log(day.open.toNumber());
  const to = Math.log(day.close.toNumber());
  const price = (log: number) => gridPrice(Math.exp(log), company.tickTable, day.lower, day.upper);
  const volume = Math.max(1, Math.round(dayVolume / LOT)) * LOT;
  return {
    period: '1d',
    start: jstInstant(day.date.year, day.date.month, day.date.day, 0),
    open: toWire(day.open),
    high: toWire(Decimal.max(day.open, day.close, price(extreme(random, from, to, sigma, 1)))),
    low: toWire(Decimal.min(day.open, day.close, price(extreme(random, from, to, sigma, -1)))),
    close: toWire(day.close),
    volume,
    turnover: toWire(day.close.times(volume)),
  };
}

/**
 * Simulated history of one stock for every chart period, oldest first per period: daily candles for
 * the given trading days walking back from the base price, one-minute candles for the last
 * `INTRADAY_SESSIONS` sessions, and the longer periods rolled up. Only buckets wholly before the
 * anchor's own bucket are returned, so the live feed's candles never collide with them. Same seed,
 * stock and days → same candles.
 */
export function historyCandles(
  seed: number,
  company: SimulatedCompany,
  anchor: Date,
  tradingDays: readonly CalendarDate[],
): Map<CandlePeriod, Candle[]> {
  const random = mulberry32(hashSeed(seed, `history:${company.code}`));
  const daySigma = minuteSigma(company) * Math.sqrt(CONTINUOUS_MINUTES);
  const days: Day[] = [];
  let close = roundToTick(money(company.basePrice), company.tickTable, 'nearest');
  // Walk backwards: the day's move from the open, then the night's from the previous close.
  for (let i = tradingDays.length - 1; i >= 0; i--) {
    const date = tradingDays[i] as CalendarDate;
    const openValue = close.toNumber() / Math.exp(daySigma * gaussian(random));
    const prevValue = openValue / Math.exp(daySigma * OVERNIGHT_SHARE * gaussian(random));
    let prevClose = roundToTick(new Decimal(prevValue.toPrecision(12)), company.tickTable, 'nearest');
    let band = dailyPriceLimits(prevClose, company.tickTable);
    // A move past the limits cannot have happened: such a day is drawn as a quiet one.
    if (close.gt(band.upper) || close.lt(band.lower)) {
      prevClose = close;
      band = dailyPriceLimits(prevClose, company.tickTable);
    }
    const { lower, upper } = band;
    const open = gridPrice(openValue, company.tickTable, lower, upper);
    days.unshift({ date, name: dayName(date), lower, upper, open, close });
    close = prevClose;
  }
  const intradayFrom = Math.max(0, days.length - INTRADAY_SESSIONS);
  const minutes: Candle[] = [];
  const daily: Candle[] = days.map((day, i) => {
    const dayVolume = dailyVolumeOf(company) * dayVolumeFactor(seed, company.code, day.name);
    if (i < intradayFrom) return dailyCandle(day, company, dayVolume, random);
    const session = sessionMinutes(day, company, dayVolume, random);
    minutes.push(...session);
    const [whole] = rollUp(session, '1d');
    return { ...(whole as Candle), start: jstInstant(day.date.year, day.date.month, day.date.day, 0) };
  });
  const before = (period: CandlePeriod, candles: Candle[]): Candle[] =>
    candles.filter((c) => c.start.getTime() < bucketStart(period, anchor).getTime());
  return new Map<CandlePeriod, Candle[]>([
    ['1m', before('1m', minutes)],
    ['5m', before('5m', rollUp(minutes, '5m'))],
    ['10m', before('10m', rollUp(minutes, '10m'))],
    ['30m', before('30m', rollUp(minutes, '30m'))],
    ['1d', before('1d', daily)],
    ['1w', before('1w', rollUp(daily, '1w'))],
    ['1M', before('1M', rollUp(daily, '1M'))],
  ]);
}
