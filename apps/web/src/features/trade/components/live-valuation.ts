import { toWire, tryMoney } from '@kabuto/domain/money';
import { closeEstimate } from '@kabuto/domain/trading/close-estimate';
import { notionalOf, pnlAt, pnlPercentOf } from '@kabuto/domain/trading/margin';
import type { Touch } from '@kabuto/domain/trading/position';
import { closingPrice } from '@kabuto/domain/trading/triggers';
import type { Position } from '../api/trade.api.ts';

/** What closing now would charge and return, as the close sheet shows it (decimal strings). */
export interface CloseFigures {
  price: string;
  grossPnl: string;
  sellingFee: string;
  otherCharges: string;
  netResult: string;
  toAvailable: string;
  /** A loss beyond the margin, taken from available funds. */
  lossBeyondMargin: string;
  /** What available funds cannot cover: borne by the house. */
  houseAbsorbs: string;
}

/** What a position card, the detail and the close sheet show as a position's value now. */
export interface Valuation {
  price: string | null;
  marketValue: string | null;
  pnl: string | null;
  pnlPercent: string | null;
  /** A holding position closed now (null otherwise). */
  close: CloseFigures | null;
  /**
   * Both at the price the position would close at (bid for a long, ask for a short), as the server values it.
   * `served`: the server's price as fetched; `live`: the top of the book the `depth:<code>` stream brought since.
   */
  basis: 'served' | 'live';
}

/**
 * A position's value. A holding position is valued at its closing side: the live top of the book when the depth stream
 * has brought one, else the server's price (the same side). Its close figures come from the domain's `closeEstimate`
 * — the rule the server's estimate and the close itself use — with the member's available funds when known (they pay
 * a loss beyond the margin). Any other position keeps the server's figures.
 */
export function valuationOf(position: Position, touch: Touch | undefined, available: string | null): Valuation {
  const served: Valuation = {
    price: position.marketPrice,
    marketValue: position.marketValue,
    pnl: position.pnl,
    pnlPercent: position.pnlPercent,
    close: null,
    basis: 'served',
  };
  if (position.status !== 'holding' || position.openPrice === null) return served;
  const live = touch === undefined ? null : tryMoney(closingPrice(position.side, touch));
  const price = live ?? tryMoney(position.marketPrice);
  if (price === null) return served;
  const pnl = pnlAt(position.side, position.openPrice, price, position.quantity);
  const percent = pnlPercentOf(pnl, position.margin);
  const e = closeEstimate({
    side: position.side,
    openPrice: position.openPrice,
    shares: position.quantity,
    margin: position.margin,
    addedMargin: position.addedMargin,
    purchaseFee: position.purchaseFee,
    financing: position.financing,
    fees: position.feeTerms,
    price,
    available: tryMoney(available),
  });
  return {
    price: toWire(price),
    marketValue: toWire(notionalOf(price, position.quantity)),
    pnl: toWire(pnl),
    pnlPercent: percent === null ? null : toWire(percent),
    close: {
      price: toWire(e.price),
      grossPnl: toWire(e.grossPnl),
      sellingFee: toWire(e.sellingFee),
      otherCharges: toWire(e.otherCharges),
      netResult: toWire(e.netResult),
      toAvailable: toWire(e.toAvailable),
      lossBeyondMargin: toWire(e.lossBeyondMargin),
      houseAbsorbs: toWire(e.houseAbsorbs),
    },
    basis: live === null ? 'served' : 'live',
  };
}

/** A closed position's result after every charge, and its percent of the original margin (what its card leads with). */
export function netResultOf(position: Position): { pnl: string | null; percent: string | null } {
  const net = tryMoney(position.netPnl);
  if (net === null) return { pnl: null, percent: null };
  const percent = pnlPercentOf(net, position.margin);
  return { pnl: toWire(net), percent: percent === null ? null : toWire(percent) };
}
