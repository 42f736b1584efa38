import { jstInstant, jstParts } from '../calendar/jst.ts';
import { isTradingDay, nextTradingDay, type CalendarDate } from '../calendar/trading-day.ts';
import { money, toWire, type Decimal } from '../money.ts';
import { dailyPriceLimits } from './price-limit.ts';
import type { TickTable } from './tick-size.ts';
import { sessionState, TSE_HOURS, type SessionProfile } from './trading-session.ts';

/** Issue 26: pre-opening orders are taken from 08:00 JST on a trading day, as Japanese online brokers take them. */
export const PRE_OPEN_FROM = 8 * 60;

/**
 * When an order placed now will meet the market (issue 26 "Pre-market and after-hours"), as Japanese brokers take
 * orders outside the session:
 * - `open`: the session takes it now (the demo profile is always here; under `tse` the morning, the afternoon and the
 *   closing auction);
 * - `preOpen`: 08:00–09:00 on a trading day, and the lunch break: it waits for the opening auction (寄付き, itayose)
 *   at `opensAt` — the morning's, or the afternoon's (後場寄り);
 * - `afterHours`: after 15:30, before 08:00, and on days the exchange is shut: it is for the next session, whose day
 *   is `sessionDay`.
 * Outside `open` only limit orders are taken, and they rest until the session they are for.
 */
export type OrderWindow =
  | { readonly kind: 'open' }
  | {
      readonly kind: 'preOpen' | 'afterHours';
      readonly opensAt: Date;
      readonly sessionDay: string;
      /** The session it is for opens a new trading day (not the lunch break's afternoon): its limits are from the close. */
      readonly newDay: boolean;
    };

const dayText = (d: CalendarDate): string =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

const opening = (d: CalendarDate, minute: number) => ({
  opensAt: jstInstant(d.year, d.month, d.day, minute),
  sessionDay: dayText(d),
  newDay: minute === TSE_HOURS.morningOpen,
});

export function orderWindow(profile: SessionProfile, now: Date): OrderWindow {
  const state = sessionState(profile, now);
  if (state.open) return { kind: 'open' };
  const p = jstParts(now);
  const today: CalendarDate = { year: p.year, month: p.month, day: p.day };
  if (!isTradingDay(p.year, p.month, p.day))
    return { kind: 'afterHours', ...opening(nextTradingDay(today), TSE_HOURS.morningOpen) };
  if (state.phase === 'lunch') return { kind: 'preOpen', ...opening(today, TSE_HOURS.afternoonOpen) };
  if (p.minuteOfDay < TSE_HOURS.morningOpen)
    return {
      kind: p.minuteOfDay >= PRE_OPEN_FROM ? 'preOpen' : 'afterHours',
      ...opening(today, TSE_HOURS.morningOpen),
    };
  return { kind: 'afterHours', ...opening(nextTradingDay(today), TSE_HOURS.morningOpen) };
}

/**
 * The price limits an order outside the session meets: those of the session it is for. Its base price is the last
 * price (the close, once the day has closed), as the TSE takes the previous close as the next day's base; during the
 * lunch break and the pre-opening of a day the last price is already that base or the morning's last, and the day's
 * limits from the previous close still hold, so the caller passes those (`sameDay`).
 */
export function nextSessionLimits(
  last: string | Decimal,
  table: TickTable,
): { readonly limitUp: string; readonly limitDown: string } {
  const { upper, lower } = dailyPriceLimits(money(last), table);
  return { limitUp: toWire(upper), limitDown: toWire(lower) };
}

/** One price level of a pre-opening book: a price and the shares wanting to deal there. */
export interface BookLevel {
  readonly price: string;
  readonly shares: string;
}

export interface IndicativeOpen {
  /** The price the opening auction would print at if the book stood as it is; null when no buy meets a sell. */
  readonly price: string | null;
  /** Shares that would deal at that price. */
  readonly shares: string;
}

/**
 * The indicative opening price (特別気配 / 寄付き予想) by the itayose rule: the price at which the most shares would
 * deal — buys at or above it, sells at or below it. Ties go to the smallest imbalance between the two sides, then to
 * the price nearest the base price, then to the lower price. Pure: the server passes the book it has (the simulated
 * depth and the members' queued limit orders) and the screen shows what it answers.
 */
export function indicativeOpen(
  bids: readonly BookLevel[],
  asks: readonly BookLevel[],
  base: string | Decimal,
): IndicativeOpen {
  const basePrice = money(base);
  const candidates = [...new Set([...bids, ...asks].map((l) => toWire(money(l.price))))].map((p) => money(p));
  let best: { price: Decimal; volume: Decimal; imbalance: Decimal } | null = null;
  for (const price of candidates) {
    const buy = bids.filter((b) => money(b.price).gte(price)).reduce((s, b) => s.plus(money(b.shares)), money('0'));
    const sell = asks.filter((a) => money(a.price).lte(price)).reduce((s, a) => s.plus(money(a.shares)), money('0'));
    const volume = buy.lt(sell) ? buy : sell;
    if (volume.lte(0)) continue;
    const imbalance = buy.minus(sell).abs();
    const better =
      best === null ||
      volume.gt(best.volume) ||
      (volume.eq(best.volume) &&
        (imbalance.lt(best.imbalance) ||
          (imbalance.eq(best.imbalance) &&
            (price.minus(basePrice).abs().lt(best.price.minus(basePrice).abs()) ||
              (price.minus(basePrice).abs().eq(best.price.minus(basePrice).abs()) && price.lt(best.price))))));
    if (better) best = { price, volume, imbalance };
  }
  return best ? { price: toWire(best.price), shares: toWire(best.volume) } : { price: null, shares: '0' };
}
