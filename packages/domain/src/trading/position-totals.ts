import { Decimal, money } from '../money.ts';
import { pnlAt } from './margin.ts';
import type { PositionStatus, Touch, TradeSide } from './position.ts';
import { closingPrice } from './triggers.ts';

/** One open position as the totals value it: what it is, and its P&L at the server's price when it was read. */
export interface OpenPositionMark {
  readonly orderNo: string;
  readonly symbol: string;
  readonly side: TradeSide;
  readonly status: Extract<PositionStatus, 'holding' | 'closing'>;
  readonly openPrice: string;
  readonly quantity: string;
  /** At the closing side of the book when read; null when the stock had no price. */
  readonly pnl: string | null;
}

/**
 * Issue 27 (建玉一覧): the member's unrealised P&L, the sum over open positions. A holding position whose stock has a
 * newer top of the book (`touches`, by symbol) is valued at its closing side there (bid for a long, ask for a short),
 * as its card is; any other keeps its served P&L. Without touches this is the member centre's figure exactly.
 */
export function unrealisedTotal(
  marks: readonly OpenPositionMark[],
  touches: Readonly<Record<string, Touch | undefined>> = {},
): Decimal {
  let total = new Decimal(0);
  for (const m of marks) {
    const touch = m.status === 'holding' ? touches[m.symbol] : undefined;
    if (touch !== undefined) total = total.plus(pnlAt(m.side, m.openPrice, closingPrice(m.side, touch), m.quantity));
    else if (m.pnl !== null) total = total.plus(money(m.pnl));
  }
  return total;
}

/** The stocks whose book moves the total, most positions first (a screen follows only so many topics). */
export function symbolsToFollow(marks: readonly OpenPositionMark[], max: number): string[] {
  const counts = new Map<string, number>();
  for (const m of marks) if (m.status === 'holding') counts.set(m.symbol, (counts.get(m.symbol) ?? 0) + 1);
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, max)
    .map(([symbol]) => symbol);
}
