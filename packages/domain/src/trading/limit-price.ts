import { money } from '../money.ts';
import { isOnTickGrid, type TickTable } from '../market/tick-size.ts';
import type { TradeSide } from './position.ts';

export type PriceProblem = 'offGrid' | 'exceedsLimit';

/** Issue 18: a limit price (or a stop-loss / take-profit level) is on the tick grid and within the day's limits. */
export function priceProblem(
  price: string,
  table: TickTable,
  limits: { up: string; down: string },
): PriceProblem | null {
  const p = money(price);
  if (p.lte(0) || !isOnTickGrid(p, table)) return 'offGrid';
  if (p.gt(money(limits.up)) || p.lt(money(limits.down))) return 'exceedsLimit';
  return null;
}

/**
 * Issue 24 §4: a stop-loss or take-profit level is a positive price on the tick grid (it may lie outside today's
 * limits: it waits for another day). One rule for the ticket and the server.
 */
export const levelOffGrid = (price: string, table: TickTable): boolean => {
  const p = money(price);
  return p.lte(0) || !isOnTickGrid(p, table);
};

/**
 * SPEC §5 "price limit up or down refuses the order": a stock at its limit-up price takes no new long at market,
 * and one at its limit-down takes no new short (the side that could not be matched at the exchange).
 */
export function atPriceLimit(side: TradeSide, last: string, limits: { up: string; down: string }): boolean {
  return side === 'long' ? money(last).gte(money(limits.up)) : money(last).lte(money(limits.down));
}
