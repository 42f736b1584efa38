import { money, toWire } from '../money.ts';
import type { TickTable } from '../market/tick-size.ts';
import { atPriceLimit, levelOffGrid, priceProblem } from './limit-price.ts';
import { levelProblem } from './protective-levels.ts';
import { quantityProblem } from './quantity.ts';
import { limitCrossed, openingPrice } from './triggers.ts';
import type { OrderType, TradeSide } from './position.ts';

/** Why an order is refused; each maps to one message key of the catalogue (contracts `orderRefusalKey`). */
export type OrderRefusal =
  | 'productUnavailable'
  | 'halted'
  | 'quantityUnit'
  | 'quantityTooLarge'
  | 'leverageNotAllowed'
  | 'limitPriceRequired'
  | 'priceOffGrid'
  | 'exceedsPriceLimit'
  | 'stopLossSide'
  | 'takeProfitSide'
  | 'limitOnlyOutsideHours';

/** The ticket field a refusal is about (null: the order as a whole). */
export type OrderField = 'quantity' | 'leverage' | 'limitPrice' | 'stopLoss' | 'takeProfit' | null;

export interface OrderFacts {
  readonly side: TradeSide;
  readonly type: OrderType;
  /** Shares, as a decimal string. */
  readonly shares: string;
  readonly leverage: number;
  readonly limitPrice: string | null;
  readonly stopLoss: string | null;
  readonly takeProfit: string | null;
}

/** The stock as the order meets it: its status, tick table, day limits and quote. */
export interface OrderMarket {
  readonly status: string | null;
  readonly table: TickTable;
  readonly limitUp: string;
  readonly limitDown: string;
  readonly bid: string;
  readonly ask: string;
  readonly last: string;
}

export type OrderCheck =
  | {
      readonly ok: {
        /** The price the order opens at: the limit price, or the quote when it fills at once. */
        readonly price: string;
        readonly fillsNow: boolean;
        readonly limitPrice: string | null;
        readonly stopLoss: string | null;
        readonly takeProfit: string | null;
      };
    }
  | { readonly refused: OrderRefusal; readonly field: OrderField };

/** A stock's status refuses trading: delisted or unknown stocks take nothing, halted ones wait. */
export function statusRefusal(status: string | null | undefined): 'productUnavailable' | 'halted' | null {
  if (status === 'halted') return 'halted';
  // Delisted, unknown, or not yet listed (an IPO before its listing, issue 25): nothing to trade.
  if (status !== 'listed') return 'productUnavailable';
  return null;
}

const wire = (v: string | null): string | null => (v === null ? null : toWire(money(v)));

/**
 * Issue 24 §4, one order check for the server and the ticket: every rule an order meets, in the order a member
 * would fix them (status, quantity in 100-share units, leverage on offer, limit price on the grid and within the day's
 * limits, no market order into a limit-up or limit-down stock, stop-loss and take-profit on the grid and on their
 * sides of the price the order opens at). A limit the quote already crosses deals now, at the quote.
 */
export function checkOrder(
  order: OrderFacts,
  market: OrderMarket,
  terms: { readonly leverages: readonly number[] },
  /**
   * Issue 26: `queued` outside the session (pre-opening, lunch, after hours, `order-window.ts`): only a limit order
   * is taken, and it rests for the session it is for — it never deals now, whatever the last quote says. `market`
   * then carries that session's limits.
   */
  window: 'open' | 'queued' = 'open',
): OrderCheck {
  const refuse = (refused: OrderRefusal, field: OrderField): OrderCheck => ({ refused, field });
  const status = statusRefusal(market.status);
  if (status) return refuse(status, null);
  const quantity = quantityProblem(order.shares);
  if (quantity) return refuse(quantity === 'tooLarge' ? 'quantityTooLarge' : 'quantityUnit', 'quantity');
  if (!terms.leverages.includes(order.leverage)) return refuse('leverageNotAllowed', 'leverage');
  const limits = { up: market.limitUp, down: market.limitDown };
  const touch = { bid: market.bid, ask: market.ask };
  let price: string;
  let fillsNow: boolean;
  if (order.type === 'limit') {
    if (!order.limitPrice) return refuse('limitPriceRequired', 'limitPrice');
    const bad = priceProblem(order.limitPrice, market.table, limits);
    if (bad) return refuse(bad === 'offGrid' ? 'priceOffGrid' : 'exceedsPriceLimit', 'limitPrice');
    fillsNow = window === 'open' && limitCrossed(order.side, order.limitPrice, touch);
    price = fillsNow ? openingPrice(order.side, touch) : toWire(money(order.limitPrice));
  } else {
    if (window === 'queued') return refuse('limitOnlyOutsideHours', null);
    // SPEC §5: a stock at its limit-up takes no long at market, one at its limit-down no short.
    if (atPriceLimit(order.side, market.last, limits)) return refuse('exceedsPriceLimit', null);
    fillsNow = true;
    price = openingPrice(order.side, touch);
  }
  const stopLoss = wire(order.stopLoss);
  const takeProfit = wire(order.takeProfit);
  for (const [field, level] of [
    ['stopLoss', stopLoss],
    ['takeProfit', takeProfit],
  ] as const) {
    if (level === null) continue;
    if (money(level).lte(0)) return refuse(field === 'stopLoss' ? 'stopLossSide' : 'takeProfitSide', field);
    if (levelOffGrid(level, market.table)) return refuse('priceOffGrid', field);
  }
  const sides = levelProblem(order.side, price, stopLoss, takeProfit);
  if (sides) return refuse(sides, sides === 'stopLossSide' ? 'stopLoss' : 'takeProfit');
  return { ok: { price, fillsNow, limitPrice: wire(order.limitPrice), stopLoss, takeProfit } };
}
