import { jstParts } from '@kabuto/domain/calendar/jst';
import { roundToTick } from '@kabuto/domain/market/tick-size';
import type { TickTable } from '@kabuto/domain/market/tick-size';
import { TSE_HOURS } from '@kabuto/domain/market/trading-session';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import { Decimal } from '@kabuto/domain/money';
import { hashSeed, mulberry32 } from './prng.ts';

// Issue 17 §14: one model of prices and volumes for the live feed and the back-filled history, so a
// chart shows no seam where history ends and live trades begin. Prices follow a random walk of log
// prices scaled to the time it covers (the stock's daily volatility spread over the trading minutes);
// what prints is the nearest price on the tick grid inside the day's limits. Model values are
// floating point; every price that leaves this file is a decimal on the grid.

/** Continuous trading minutes of a TSE day (09:00–11:30, 12:30–15:25): a day's variance is spread over them. */
export const CONTINUOUS_MINUTES =
  TSE_HOURS.morningClose - TSE_HOURS.morningOpen + (TSE_HOURS.closingAuction - TSE_HOURS.afternoonOpen);

/** Share of a day's volume that trades in the closing auction (15:30), the rest in continuous trading. */
export const CLOSING_AUCTION_SHARE = 0.08;

/** What the model needs of a company; a company given without figures trades like a liquid large cap. */
export interface ModelledCompany {
  code: string;
  tickTable: TickTable;
  /** Average shares traded a day. */
  dailyVolume?: number;
  /** One standard deviation of a day's return, in percent. */
  volatility?: number;
}

const DEFAULT_DAILY_VOLUME = 5_000_000;
const DEFAULT_VOLATILITY = 1.5;

export const dailyVolumeOf = (company: Pick<ModelledCompany, 'dailyVolume'>): number =>
  company.dailyVolume ?? DEFAULT_DAILY_VOLUME;

/** Standard deviation of the log return over one continuous trading minute. */
export const minuteSigma = (company: Pick<ModelledCompany, 'volatility'>): number =>
  (company.volatility ?? DEFAULT_VOLATILITY) / 100 / Math.sqrt(CONTINUOUS_MINUTES);

/** Standard deviation of the overnight move (close to next open), as a share of the daily one. */
export const OVERNIGHT_SHARE = 0.3;

/** A standard normal draw (Box–Muller). */
export function gaussian(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * The intraday U shape: how much of the continuous volume each minute gets, by minutes since the
 * session's open, heavy after each open and before the lunch break and the close.
 */
function shapeWeights(): number[] {
  const weights: number[] = [];
  const morning = TSE_HOURS.morningClose - TSE_HOURS.morningOpen;
  const afternoon = TSE_HOURS.closingAuction - TSE_HOURS.afternoonOpen;
  for (let m = 0; m < morning; m++) weights.push(1 + 2.5 * Math.exp(-m / 15) + 0.5 * Math.exp(-(morning - 1 - m) / 10));
  for (let m = 0; m < afternoon; m++)
    weights.push(1 + 0.8 * Math.exp(-m / 10) + 1.2 * Math.exp(-(afternoon - 1 - m) / 20));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (w / total) * (1 - CLOSING_AUCTION_SHARE));
}

const SHAPE = shapeWeights();
const AVERAGE_MINUTE = (1 - CLOSING_AUCTION_SHARE) / CONTINUOUS_MINUTES;

/**
 * Share of a day's volume that trades in the continuous minute starting at `minuteOfDay` (JST).
 * Under `demo`, which trades around the clock, every minute gets the average continuous minute's
 * share, so a demo minute looks like a TSE minute (and a demo day, 24 hours long, trades more).
 */
export function minuteVolumeShare(profile: SessionProfile, minuteOfDay: number): number {
  if (profile === 'demo') return AVERAGE_MINUTE;
  const h = TSE_HOURS;
  if (minuteOfDay >= h.morningOpen && minuteOfDay < h.morningClose) return SHAPE[minuteOfDay - h.morningOpen] ?? 0;
  if (minuteOfDay >= h.afternoonOpen && minuteOfDay < h.closingAuction)
    return SHAPE[h.morningClose - h.morningOpen + minuteOfDay - h.afternoonOpen] ?? 0;
  return 0;
}

/** A day's volume relative to the average (lognormal, mean 1): busy and quiet days, the same for live and history. */
export function dayVolumeFactor(seed: number, code: string, day: string): number {
  const random = mulberry32(hashSeed(seed, `volume:${code}:${day}`));
  const spread = 0.35;
  return Math.exp(spread * gaussian(random) - (spread * spread) / 2);
}

/** Minutes of continuous trading between two instants of one JST day (`tse`), or wall-clock minutes (`demo`). */
export function tradingMinutesBetween(profile: SessionProfile, from: Date, to: Date): number {
  const elapsed = (to.getTime() - from.getTime()) / 60_000;
  if (profile === 'demo' || elapsed <= 0) return Math.max(0, elapsed);
  const end = jstParts(to);
  const endMinute = end.minuteOfDay + (to.getTime() % 60_000) / 60_000;
  // A trade on an earlier day: count from today's midnight, so the night adds no trading time.
  const startMinute = Math.max(0, endMinute - elapsed);
  const overlap = (open: number, close: number) =>
    Math.max(0, Math.min(close, endMinute) - Math.max(open, startMinute));
  const h = TSE_HOURS;
  return overlap(h.morningOpen, h.morningClose) + overlap(h.afternoonOpen, h.closingAuction);
}

/** The price on the grid nearest a model value, inside the day's limits. */
export function gridPrice(value: number, table: TickTable, lower: Decimal, upper: Decimal): Decimal {
  const smallest = lower.toNumber();
  const price = roundToTick(new Decimal(Math.max(value, smallest).toPrecision(12)), table, 'nearest');
  return Decimal.max(lower, Decimal.min(upper, price));
}
