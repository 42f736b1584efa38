import { money, toWire } from '@kabuto/domain/money';
import { pnlPercentOf } from '@kabuto/domain/trading/margin';
import type { Touch } from '@kabuto/domain/trading/position';
import { unrealisedTotal } from '@kabuto/domain/trading/position-totals';
import type { TradeTotals } from '../api/trade.api.ts';

/** What the totals card shows (decimal strings). */
export interface TotalsFigures {
  unrealised: string;
  /** Of the margin in use, two decimals; null with no margin in use. */
  unrealisedPercent: string | null;
  margin: string;
  available: string;
  openCount: number;
  /** `live` once a stock of an open position has a newer top of the book than the server's answer. */
  basis: 'served' | 'live';
}

/**
 * The totals now: the server's answer, its unrealised P&L moved with the live book by the domain's `unrealisedTotal`
 * (the sum the server gave, stock by stock at the newer closing side) — the same valuation as each card's.
 */
export function totalsFigures(
  totals: TradeTotals,
  touches: Readonly<Record<string, Touch | undefined>>,
): TotalsFigures {
  const live = totals.positions.some((p) => p.status === 'holding' && touches[p.symbol] !== undefined);
  // Until a book moves, the server's own figure (the member centre's).
  const unrealised = live ? unrealisedTotal(totals.positions, touches) : money(totals.unrealised);
  const percent = pnlPercentOf(unrealised, totals.margin);
  return {
    unrealised: toWire(unrealised),
    unrealisedPercent: percent === null ? null : toWire(percent),
    margin: totals.margin,
    available: totals.available,
    openCount: totals.openCount,
    basis: live ? 'live' : 'served',
  };
}
