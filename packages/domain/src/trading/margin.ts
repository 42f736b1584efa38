import { Decimal, money } from '../money.ts';
import type { TradeSide } from './position.ts';

/** Price × shares. */
export const notionalOf = (price: string | Decimal, shares: string | Decimal): Decimal =>
  money(price).times(money(shares));

/** DESIGN: margin = notional / leverage, rounded up to the yen so the house never lends a fraction more. */
export const initialMargin = (notional: Decimal, leverage: number): Decimal =>
  notional.div(leverage).toDecimalPlaces(0, Decimal.ROUND_CEIL);

/** The part of the notional the house lends (financing for longs, stock lending for shorts). */
export const borrowedPart = (notional: Decimal, margin: Decimal): Decimal => Decimal.max(notional.minus(margin), 0);

/** Profit (positive) or loss of `shares` opened at `entry`, valued at `price`. */
export function pnlAt(side: TradeSide, entry: string | Decimal, price: string | Decimal, shares: string | Decimal) {
  const move = money(price).minus(money(entry));
  return (side === 'long' ? move : move.negated()).times(money(shares));
}

/** P&L as a percentage of the original margin, two decimals half up (what the position card shows); null without margin. */
export function pnlPercentOf(pnl: Decimal, margin: string | Decimal): Decimal | null {
  const m = money(margin);
  return m.isZero() ? null : pnl.div(m).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/**
 * The margin call (issue 18): the engine closes a position once its equity (margin + added margin + P&L) falls to
 * the published maintenance ratio of its original margin. This is the price where that happens.
 */
export function marginCallPrice(p: {
  side: TradeSide;
  entry: string;
  shares: string;
  margin: string;
  addedMargin: string;
  maintenanceRatio: string;
}): Decimal {
  const cushion = money(p.margin).plus(p.addedMargin).minus(money(p.margin).times(p.maintenanceRatio));
  const move = cushion.div(money(p.shares));
  return p.side === 'long' ? money(p.entry).minus(move) : money(p.entry).plus(move);
}

/** Whether a price has reached the margin-call price (a long falls to it, a short rises to it). */
export const marginCallReached = (side: TradeSide, price: string | Decimal, callPrice: Decimal): boolean =>
  side === 'long' ? money(price).lte(callPrice) : money(price).gte(callPrice);

/**
 * Issue 27 "margin calls": the member is warned once a position's equity has used half the cushion between its original
 * margin and the maintenance ratio, before the engine's forced close. The level equity falls to for the warning, as a
 * share of the original margin: halfway between 1 and the maintenance ratio.
 */
export const marginWarningRatio = (maintenanceRatio: string): string =>
  money(maintenanceRatio).plus(1).div(2).toFixed();

/**
 * The price at which a position's margin warning is due (as `marginCallPrice`, at the warning ratio), or null for a
 * position with no maintenance ratio: a copied position (issue 26) has none, its follow's copy stop-loss protects it,
 * and its follower cannot add margin to it, so there is nothing to warn of.
 */
export const marginWarningPrice = (p: Parameters<typeof marginCallPrice>[0]): Decimal | null =>
  money(p.maintenanceRatio).gt(0)
    ? marginCallPrice({ ...p, maintenanceRatio: marginWarningRatio(p.maintenanceRatio) })
    : null;
