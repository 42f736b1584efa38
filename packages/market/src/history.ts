import { jstInstant, jstParts } from '@kabuto/domain/calendar/jst';
import { addDays, isTradingDay } from '@kabuto/domain/calendar/trading-day';
import type { CalendarDate } from '@kabuto/domain/calendar/trading-day';
import { bucketStart, rollUp } from '@kabuto/domain/market/candles';
import type { Candle, CandlePeriod } from '@kabuto/domain/market/candles';
import { priceLimits } from '@kabuto/domain/market/price-limit';
import { roundToTick, stepTick } from '@kabuto/domain/market/tick-size';
import { TSE_HOURS } from '@kabuto/domain/market/trading-session';
import { Decimal, money, toWire } from '@kabuto/domain/money';
import { hashSeed, mulberry32, randomInt } from './prng.ts';
import type { SimulatedCompany } from './simulator.ts';

// Issue 7: "history back-filled on first start so every period shows a full chart". Simulated, not
// recorded: a seeded walk that ends at the base price just before the live feed starts (the anchor).

/** Calendar days of daily history behind the anchor (about two years of trading days). */
export const HISTORY_CALENDAR_DAYS = 730;
/** Trading sessions before the anchor that get one-minute candles (5, 10 and 30 minutes roll up from them). */
export const INTRADAY_SESSIONS = 1;

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

/** `ticks` grid steps from a price (negative goes down), stopping at the grid's ends and the band. */
function move(price: Decimal, ticks: number, company: SimulatedCompany, lower: Decimal, upper: Decimal): Decimal {
  let current = price;
  for (let i = 0; i < Math.abs(ticks); i++) {
    const next = stepTick(current, company.tickTable, ticks > 0 ? 'up' : 'down');
    if (next === null || next.gt(upper) || next.lt(lower)) break;
    current = next;
  }
  return current;
}

const clamp = (price: Decimal, lower: Decimal, upper: Decimal): Decimal =>
  Decimal.max(lower, Decimal.min(upper, price));
const ticksOf = (random: () => number, spread: number): number => Math.round((random() - 0.5) * 2 * spread);

interface Day {
  date: CalendarDate;
  prevClose: Decimal;
  open: Decimal;
  close: Decimal;
}

/** One-minute candles of a TSE session from open to close, inside the day's limits. */
function sessionMinutes(day: Day, company: SimulatedCompany, random: () => number): Candle[] {
  const limits = priceLimits(day.prevClose);
  const lower = roundToTick(limits.lower, company.tickTable, 'up');
  const upper = roundToTick(limits.upper, company.tickTable, 'down');
  const minutes: number[] = [];
  for (let m = TSE_HOURS.morningOpen; m < TSE_HOURS.morningClose; m++) minutes.push(m);
  for (let m = TSE_HOURS.afternoonOpen; m < TSE_HOURS.close; m++) minutes.push(m);
  // A random walk tied down at both ends (a bridge), so the last minute closes at the day's close.
  const walk: number[] = [0];
  for (let i = 1; i <= minutes.length; i++) walk.push((walk[i - 1] ?? 0) + ticksOf(random, 2));
  const end = walk[minutes.length] ?? 0;
  const span = day.close.minus(day.open);
  const tick = (price: Decimal) => stepTick(price, company.tickTable, 'up')?.minus(price) ?? new Decimal(1);
  let previous = day.open;
  return minutes.map((minute, i) => {
    const share = (i + 1) / minutes.length;
    const noise = Math.round((walk[i + 1] ?? 0) - end * share);
    const target = day.open.plus(span.times(share)).plus(tick(previous).times(noise));
    const close =
      i === minutes.length - 1
        ? day.close
        : clamp(roundToTick(Decimal.max(target, lower), company.tickTable, 'nearest'), lower, upper);
    const open = previous;
    const high = move(Decimal.max(open, close), randomInt(random, 0, 1), company, lower, upper);
    const low = move(Decimal.min(open, close), -randomInt(random, 0, 1), company, lower, upper);
    const volume = randomInt(random, 1, 40) * LOT;
    previous = close;
    const start = jstInstant(day.date.year, day.date.month, day.date.day, minute);
    return {
      period: '1m',
      start,
      open: toWire(open),
      high: toWire(high),
      low: toWire(low),
      close: toWire(close),
      volume,
      turnover: toWire(close.times(volume)),
    };
  });
}

/**
 * Simulated history of one stock for every chart period, oldest first per period: daily candles for
 * the given trading days walking back from the base price, one-minute candles for the last session(s),
 * and the longer periods rolled up. Only buckets wholly before the anchor's own bucket are returned,
 * so the live feed's candles never collide with them. Same seed, stock and days → same candles.
 */
export function historyCandles(
  seed: number,
  company: SimulatedCompany,
  anchor: Date,
  tradingDays: readonly CalendarDate[],
): Map<CandlePeriod, Candle[]> {
  const random = mulberry32(hashSeed(seed, `history:${company.code}`));
  const days: Day[] = [];
  let close = roundToTick(money(company.basePrice), company.tickTable, 'nearest');
  // Walk backwards: each day's previous close is chosen so the day's close sits inside its limits.
  for (let i = tradingDays.length - 1; i >= 0; i--) {
    const date = tradingDays[i] as CalendarDate;
    const drift = ticksOf(random, 1) + ticksOf(random, 1);
    const changePercent = new Decimal(drift).times(random() * 1.5);
    let prevClose = roundToTick(close.div(new Decimal(1).plus(changePercent.div(100))), company.tickTable, 'nearest');
    const limits = priceLimits(prevClose);
    if (close.gt(limits.upper) || close.lt(limits.lower)) prevClose = close;
    const band = priceLimits(prevClose);
    const lower = roundToTick(band.lower, company.tickTable, 'up');
    const upper = roundToTick(band.upper, company.tickTable, 'down');
    const open = move(prevClose, ticksOf(random, 3), company, lower, upper);
    days.unshift({ date, prevClose, open, close });
    close = prevClose;
  }
  const intradayFrom = Math.max(0, days.length - INTRADAY_SESSIONS);
  const minutes: Candle[] = [];
  const daily: Candle[] = days.map((day, i) => {
    const start = jstInstant(day.date.year, day.date.month, day.date.day, 0);
    if (i >= intradayFrom) {
      const session = sessionMinutes(day, company, random);
      minutes.push(...session);
      const [first] = rollUp(session, '1d');
      if (first !== undefined) return { ...first, start };
    }
    const band = priceLimits(day.prevClose);
    const lower = roundToTick(band.lower, company.tickTable, 'up');
    const upper = roundToTick(band.upper, company.tickTable, 'down');
    const high = move(Decimal.max(day.open, day.close), randomInt(random, 0, 6), company, lower, upper);
    const low = move(Decimal.min(day.open, day.close), -randomInt(random, 0, 6), company, lower, upper);
    const volume = randomInt(random, 200, 20_000) * LOT;
    return {
      period: '1d',
      start,
      open: toWire(day.open),
      high: toWire(high),
      low: toWire(low),
      close: toWire(day.close),
      volume,
      turnover: toWire(day.close.times(volume)),
    };
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
