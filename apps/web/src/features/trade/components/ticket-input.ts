import { errorKeys } from '@kabuto/contracts/errors';
import { readDecimalInput } from '@kabuto/domain/input/decimal-input';
import { Decimal, tryMoney } from '@kabuto/domain/money';
import { roundToTick, stepTick, type TickTable } from '@kabuto/domain/market/tick-size';
import { checkOrder } from '@kabuto/domain/trading/check-order';
import { orderRefusalKey } from '@kabuto/contracts/trade/order-refusals';
import {
  MAX_ORDER_SHARES,
  SHARES_PER_LOT,
  SHARES_PER_UNIT,
  lotsOf,
  quantityProblem,
  sharesOfLots,
} from '@kabuto/domain/trading/quantity';
import type { OrderRequest, Ticket } from '../api/trade.api.ts';

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
  /** The quote: a market order opens at the ask (long) or the bid (short); until one is known, the last trade. */
  bid: string;
  ask: string;
  last: string;
  /** The leverage on offer (with the previewed figures); null until known, when the chosen one is taken as offered. */
  leverages: readonly number[] | null;
  /** Issue 26: outside the session (pre-opening, after hours) only a limit order is taken, and it rests. */
  window?: 'open' | 'queued';
}

/** Message keys for a figure the ticket cannot read exactly (trade part of the catalogue). */
export const inputKeys = {
  unreadable: 'trade.input.unreadable',
  priceDecimals: 'trade.input.priceDecimals',
  wholeYen: 'trade.input.wholeYen',
} as const;

/** Decimal places a quantity takes: whole shares, or lots to one place (0.1 lot = 100 shares). */
export const quantityDecimals = (unit: QuantityUnit): number => (unit === 'lots' ? 1 : 0);
/** SPEC §5: prices to two decimals at most (the tick grid is coarser still). */
export const PRICE_DECIMALS = 2;

/** A typed figure as a number, however many places it has; null when it cannot be read exactly. */
function figureOf(text: string): Decimal | null {
  const read = readDecimalInput(text, { maxDecimals: 18 });
  return 'ok' in read && read.ok !== '' ? new Decimal(read.ok) : null;
}

/** The shares an entry stands for, or null when it is not a whole number of 100-share units. */
export function sharesOf(unit: QuantityUnit, quantity: string): string | null {
  const read = readDecimalInput(quantity, { maxDecimals: quantityDecimals(unit) });
  if (!('ok' in read) || read.ok === '') return null;
  if (unit === 'lots') return sharesOfLots(read.ok);
  return quantityProblem(read.ok) === null ? new Decimal(read.ok).toFixed(0) : null;
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
  const value = figureOf(quantity);
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
  const typed = figureOf(price);
  if (typed === null || typed.lte(0)) return (direction === 'up' ? down : up).toFixed(2);
  const onGrid = roundToTick(typed, market.table, direction);
  const next = onGrid.eq(typed) ? (stepTick(typed, market.table, direction) ?? typed) : onGrid;
  return Decimal.min(Decimal.max(next, down), up).toFixed(2);
}

/** A price as typed, read exactly: its wire text, null when empty, or the key that refuses it. */
function readPrice(text: string): { price: string | null } | { problem: string } {
  const read = readDecimalInput(text, { maxDecimals: PRICE_DECIMALS });
  if ('problem' in read)
    return { problem: read.problem === 'unreadable' ? inputKeys.unreadable : inputKeys.priceDecimals };
  return { price: read.ok === '' ? null : read.ok };
}

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
  const read = readDecimalInput(input.quantity, { maxDecimals: quantityDecimals(input.unit) });
  if ('problem' in read && read.problem === 'unreadable') return refuse(inputKeys.unreadable, 'quantity');
  const shares = sharesOf(input.unit, input.quantity);
  if (shares === null) {
    const typed = typedShares(input.unit, input.quantity);
    return refuse(
      typed?.gt(MAX_ORDER_SHARES) ? errorKeys.trade.quantityTooLarge : errorKeys.trade.quantityUnit,
      'quantity',
    );
  }
  if (market === null) return { order: null, problem: null, field: null };
  const prices: Record<'limitPrice' | 'stopLoss' | 'takeProfit', string | null> = {
    limitPrice: null,
    stopLoss: null,
    takeProfit: null,
  };
  for (const field of ['limitPrice', 'stopLoss', 'takeProfit'] as const) {
    if (field === 'limitPrice' && input.type !== 'limit') continue;
    const price = readPrice(input[field]);
    if ('problem' in price) return refuse(price.problem, field);
    prices[field] = price.price;
  }
  // The rules themselves are the server's own (`checkOrder`): one check, never a copy in each.
  const checked = checkOrder(
    { side: input.side, type: input.type, shares, leverage: input.leverage, ...prices },
    { status: 'listed', ...market },
    { leverages: market.leverages ?? [input.leverage] },
    market.window ?? 'open',
  );
  if ('refused' in checked)
    return refuse(orderRefusalKey[checked.refused], checked.field === 'leverage' ? null : checked.field);
  return {
    order: {
      symbol: input.symbol,
      side: input.side,
      type: input.type,
      quantity: shares,
      leverage: input.leverage,
      price: checked.ok.limitPrice,
      stopLoss: checked.ok.stopLoss,
      takeProfit: checked.ok.takeProfit,
    },
    problem: null,
    field: null,
  };
}

/**
 * The most shares the member's available funds pay for, in whole units of 100 (SPEC §5), at the previewed order's
 * cost per unit (margin and fee ÷ its units). The fee is scaled with the order, so this is an estimate the next
 * preview confirms; null when the figures give no cost per unit.
 */
export function affordableShares(ticket: Pick<Ticket, 'cost' | 'quantity' | 'available'>): string | null {
  const cost = tryMoney(ticket.cost);
  const shares = tryMoney(ticket.quantity);
  const available = tryMoney(ticket.available);
  if (cost === null || shares === null || available === null || cost.lte(0) || shares.lte(0)) return null;
  const perUnit = cost.div(shares.div(SHARES_PER_UNIT));
  const units = Decimal.max(available, 0).div(perUnit).floor();
  return Decimal.min(units.times(SHARES_PER_UNIT), MAX_ORDER_SHARES).toFixed(0);
}
