import { Decimal, money } from '../money.ts';
import { purchaseFee, sellingFee, stampDuty, type FeeSchedule } from './fees.ts';
import { borrowedPart, initialMargin, notionalOf } from './margin.ts';
import { dailyFinancing, type FinancingRates } from './financing.ts';
import type { TradeSide } from './position.ts';

export interface TicketFigures {
  notional: Decimal;
  margin: Decimal;
  purchaseFee: Decimal;
  /** If closed at the opening price: the selling fee and stamp duty then. */
  sellingFee: Decimal;
  stampDuty: Decimal;
  /** The price at which closing returns exactly what opening cost (all three charges covered). */
  breakEven: Decimal;
  borrowed: Decimal;
  dailyFinancing: Decimal;
  /** What leaves `available` now: the margin and the purchase fee. */
  cost: Decimal;
  availableAfter: Decimal;
}

/** What opening `shares` at `price` with `leverage` charges: the margin and the purchase fee (one rule for the ticket,
 * an order that fills when placed, and a limit order that fills later). */
export function openingCharges(price: string, shares: string, leverage: number, fees: FeeSchedule) {
  const notional = notionalOf(price, shares);
  return { notional, margin: initialMargin(notional, leverage), fee: purchaseFee(fees, notional) };
}

/** Issue 18: the order ticket's figures, shown before the member confirms; the server charges exactly these. */
export function ticketFigures(p: {
  side: TradeSide;
  price: string;
  shares: string;
  leverage: number;
  fees: FeeSchedule;
  rates: FinancingRates;
  available: string;
}): TicketFigures {
  const { notional, margin, fee: buyFee } = openingCharges(p.price, p.shares, p.leverage, p.fees);
  const sellFee = sellingFee(p.fees, notional);
  const duty = stampDuty(p.fees, notional);
  const perShare = buyFee.plus(sellFee).plus(duty).div(money(p.shares));
  const breakEven =
    p.side === 'long'
      ? money(p.price).plus(perShare).toDecimalPlaces(2, Decimal.ROUND_CEIL)
      : money(p.price).minus(perShare).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
  const borrowed = borrowedPart(notional, margin);
  const cost = margin.plus(buyFee);
  return {
    notional,
    margin,
    purchaseFee: buyFee,
    sellingFee: sellFee,
    stampDuty: duty,
    breakEven,
    borrowed,
    dailyFinancing: dailyFinancing(p.side, borrowed, p.rates),
    cost,
    availableAfter: money(p.available).minus(cost),
  };
}
