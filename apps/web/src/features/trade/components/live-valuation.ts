import { toWire, tryMoney } from '@kabuto/domain/money';
import { notionalOf, pnlAt, pnlPercentOf } from '@kabuto/domain/trading/margin';
import type { Position } from '../api/trade.api.ts';

/** What a position card shows as its current value. */
export interface Valuation {
  price: string | null;
  marketValue: string | null;
  pnl: string | null;
  pnlPercent: string | null;
  /**
   * `close`: the server's figures, at the price the position would close at (bid for a long, ask for a short);
   * `last`: revalued on screen at the latest traded price the quote stream brought.
   */
  basis: 'close' | 'last';
}

/**
 * A holding position valued at the stream's latest traded price, with the domain's `pnlAt` and the server's percent
 * (P&L over the original margin). Only a holding position moves with the market; any other keeps the server's figures.
 */
export function valuationOf(position: Position, last: string | undefined): Valuation {
  const served: Valuation = {
    price: position.marketPrice,
    marketValue: position.marketValue,
    pnl: position.pnl,
    pnlPercent: position.pnlPercent,
    basis: 'close',
  };
  const price = tryMoney(last);
  if (position.status !== 'holding' || position.openPrice === null || price === null) return served;
  const pnl = pnlAt(position.side, position.openPrice, price, position.quantity);
  const percent = pnlPercentOf(pnl, position.margin);
  return {
    price: toWire(price),
    marketValue: toWire(notionalOf(price, position.quantity)),
    pnl: toWire(pnl),
    pnlPercent: percent === null ? null : toWire(percent),
    basis: 'last',
  };
}
