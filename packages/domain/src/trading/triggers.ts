import { money, type Decimal } from '../money.ts';
import type { CloseReason, TradeSide, Touch } from './position.ts';
import { marginCallReached } from './margin.ts';

/** A position is valued and closed at the side of the book it would deal with: a long sells at the bid, a short buys at the ask. */
export const closingPrice = (side: TradeSide, touch: Touch): string => (side === 'long' ? touch.bid : touch.ask);

/** A market order opens at the ask (long) or the bid (short): DESIGN "Market and trading model". */
export const openingPrice = (side: TradeSide, touch: Touch): string => (side === 'long' ? touch.ask : touch.bid);

/** A resting limit order fills once the quote crosses it: the ask at or below a long's limit, the bid at or above a short's. */
export const limitCrossed = (side: TradeSide, limit: string, touch: Touch): boolean =>
  side === 'long' ? money(touch.ask).lte(money(limit)) : money(touch.bid).gte(money(limit));

export interface Levels {
  readonly stopLoss: string | null;
  readonly takeProfit: string | null;
  readonly marginCall: Decimal;
}

/**
 * What closes a holding position at this quote, if anything: its stop-loss, then a margin call, then its
 * take-profit (a stop the member set is named before the engine's own call when both are reached).
 */
export function closeTrigger(
  side: TradeSide,
  levels: Levels,
  touch: Touch,
): Exclude<CloseReason, 'member' | 'delisted'> | null {
  const price = money(closingPrice(side, touch));
  if (levels.stopLoss !== null && (side === 'long' ? price.lte(levels.stopLoss) : price.gte(levels.stopLoss)))
    return 'stopLoss';
  if (marginCallReached(side, price, levels.marginCall)) return 'marginCall';
  if (levels.takeProfit !== null && (side === 'long' ? price.gte(levels.takeProfit) : price.lte(levels.takeProfit)))
    return 'takeProfit';
  return null;
}

/**
 * Issue 27: whether a holding position the engine did not close at this quote is due its margin warning — the price
 * it would close at has reached the warning price, and it has not been warned since its margin last changed.
 */
export const marginWarningDue = (side: TradeSide, warningPrice: Decimal, warned: boolean, touch: Touch): boolean =>
  !warned && marginCallReached(side, closingPrice(side, touch), warningPrice);
