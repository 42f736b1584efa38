import { errorKeys } from '@kabuto/contracts/errors';
import { Decimal, tryMoney } from '@kabuto/domain/money';
import { roundToTick, stepTick, type TickTable } from '@kabuto/domain/market/tick-size';
import { priceProblem } from '@kabuto/domain/trading/limit-price';
import { levelProblem } from '@kabuto/domain/trading/protective-levels';
import {
  MAX_ORDER_SHARES,
  SHARES_PER_LOT,
  SHARES_PER_UNIT,
  lotsOf,
  quantityProblem,
  sharesOfLots,
} from '@kabuto/domain/trading/quantity';
import type { OrderRequest } from '../api/trade.api.ts';

export type Side = OrderRequest['side'];
export type OrderType = OrderRequest['type'];
/** The member may type shares or lots; the order always carries shares (SPEC §5). */
export type QuantityUnit = 'shares' | 'lots';

/** What the member has entered on the ticket, as typed. */
export interface TicketInput {
  symbol: string;
  side: Side;
  type: OrderType;
  unit: QuantityUnit;
  /** Shares or lots, per `unit`. */
  quantity: string;
  limitPrice: string;
  leverage: number;
  stopLoss: string;
  takeProfit: string;
}

/** The day's figures of the stock the rules are checked against. */
export interface TicketMarket {
  table: TickTable;
  limitUp: string;
  limitDown: string;
  /** Where a market order is expected to open (ask for a long, bid for a short), for the stop-loss side check. */
  reference: string;
}

/** Keeps digits and one point, at most `decimals` places (SPEC §5: inputs strip what they cannot take). */
export function cleanDecimal(raw: string, decimals: number): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  const whole = (point === -1 ? cleaned : cleaned.slice(0, point)).replace(/^0+(?=\d)/, '').slice(0, 9);
  if (point === -1 || decimals === 0) return whole;
  return `${whole === '' ? '0' : whole}.${cleaned
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, decimals)}`;
}

/** The shares an entry stands for, or null when it is not a whole number of 100-share units. */
export function sharesOf(unit: QuantityUnit, quantity: string): string | null {
  const text = quantity.trim();
  if (text === '') return null;
  if (unit === 'lots') return sharesOfLots(text);
  return quantityProblem(text) === null ? new Decimal(text).toFixed(0) : null;
}

/** Shares written in the given unit ("1500" shares → "1.5" lots). */
export function quantityIn(unit: QuantityUnit, shares: string): string {
  return unit === 'lots' ? lotsOf(shares).toFixed() : shares;
}

/** One unit (100 shares) more or fewer, never below one unit nor above the order maximum (SPEC §5). */
export function stepShares(unit: QuantityUnit, quantity: string, direction: 'up' | 'down'): string {
  const typed = typedShares(unit, quantity) ?? new Decimal(0);
  const units = typed.div(SHARES_PER_UNIT);
  // From a whole unit, one unit on; from "150" typed, to the unit above or below it.
  const next = (direction === 'up' ? units.floor().plus(1) : units.ceil().minus(1)).times(SHARES_PER_UNIT);
  return quantityIn(unit, Decimal.min(Decimal.max(next, SHARES_PER_UNIT), MAX_ORDER_SHARES).toFixed(0));
}

/** The entry as a number of shares, whole or not; null when it is not a number. */
function typedShares(unit: QuantityUnit, quantity: string): Decimal | null {
  const value = tryMoney(quantity.trim());
  if (value === null) return null;
  return unit === 'lots' ? value.times(SHARES_PER_LOT) : value;
}

/**
 * The next limit price on the tick grid, kept within the day's limits: "+" from an off-grid price goes to the grid
 * price above, "−" to the one below.
 */
export function stepLimitPrice(
  price: string,
  direction: 'up' | 'down',
  market: Pick<TicketMarket, 'table' | 'limitUp' | 'limitDown'>,
): string {
  const up = new Decimal(market.limitUp);
  const down = new Decimal(market.limitDown);
  const typed = tryMoney(price);
  if (typed === null || typed.lte(0)) return (direction === 'up' ? down : up).toFixed(2);
  const onGrid = roundToTick(typed, market.table, direction);
  const next = onGrid.eq(typed) ? (stepTick(typed, market.table, direction) ?? typed) : onGrid;
  return Decimal.min(Decimal.max(next, down), up).toFixed(2);
}

/** A price as the wire takes it (digits, up to two decimals), or null when empty. */
const priceOrNull = (text: string): string | null => {
  const trimmed = text.trim();
  return trimmed === '' ? null : (tryMoney(trimmed)?.toFixed() ?? trimmed);
};

export interface TicketCheck {
  /** The order to preview and place, once every rule the ticket can check holds. */
  order: OrderRequest | null;
  /** The first refusal, as the server's message key. */
  problem: string | null;
  /** Which field the problem is about, to show it there. */
  field: 'quantity' | 'limitPrice' | 'stopLoss' | 'takeProfit' | null;
}

/**
 * The ticket's own checks, the same domain rules the server applies (quantity unit, tick grid and day limits,
 * stop-loss and take-profit sides), so the member reads the reason before anything is sent.
 */
export function checkTicket(input: TicketInput, market: TicketMarket | null): TicketCheck {
  const refuse = (problem: string, field: TicketCheck['field']): TicketCheck => ({ order: null, problem, field });
  const shares = sharesOf(input.unit, input.quantity);
  if (shares === null) {
    const typed = typedShares(input.unit, input.quantity);
    return refuse(
      typed?.gt(MAX_ORDER_SHARES) ? errorKeys.trade.quantityTooLarge : errorKeys.trade.quantityUnit,
      'quantity',
    );
  }
  if (market === null) return { order: null, problem: null, field: null };
  const limits = { up: market.limitUp, down: market.limitDown };
  let reference = market.reference;
  let price: string | null = null;
  if (input.type === 'limit') {
    price = priceOrNull(input.limitPrice);
    if (price === null) return refuse(errorKeys.trade.limitPriceRequired, 'limitPrice');
    if (tryMoney(price) === null) return refuse(errorKeys.trade.priceOffGrid, 'limitPrice');
    const issue = priceProblem(price, market.table, limits);
    if (issue === 'offGrid') return refuse(errorKeys.trade.priceOffGrid, 'limitPrice');
    if (issue === 'exceedsLimit') return refuse(errorKeys.trade.exceedsPriceLimit, 'limitPrice');
    reference = price;
  }
  const stopLoss = priceOrNull(input.stopLoss);
  const takeProfit = priceOrNull(input.takeProfit);
  for (const [level, field] of [
    [stopLoss, 'stopLoss'],
    [takeProfit, 'takeProfit'],
  ] as const) {
    if (level === null) continue;
    const value = tryMoney(level);
    if (value === null || value.lte(0)) return refuse(errorKeys.trade[`${field}Side`], field);
    if (priceProblem(level, market.table, { up: '999999999', down: '0' }) === 'offGrid')
      return refuse(errorKeys.trade.priceOffGrid, field);
  }
  const side = levelProblem(input.side, reference, stopLoss, takeProfit);
  if (side !== null) return refuse(errorKeys.trade[side], side === 'stopLossSide' ? 'stopLoss' : 'takeProfit');
  return {
    order: {
      symbol: input.symbol,
      side: input.side,
      type: input.type,
      quantity: shares,
      leverage: input.leverage,
      price,
      stopLoss,
      takeProfit,
    },
    problem: null,
    field: null,
  };
}
