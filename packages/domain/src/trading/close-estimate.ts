import { Decimal, money } from '../money.ts';
import { sellingFee, stampDuty, type FeeSchedule } from './fees.ts';
import { notionalOf, pnlAt } from './margin.ts';
import { closeSettlement } from './settlement.ts';
import type { TradeSide } from './position.ts';

/** A holding position as the close estimate reads it (amounts as decimal strings or Decimals, never numbers). */
export interface CloseEstimateInput {
  readonly side: TradeSide;
  readonly openPrice: string | Decimal;
  readonly shares: string | Decimal;
  readonly margin: string | Decimal;
  /** Added by the member, less financing that `available` could not pay (may be below zero). */
  readonly addedMargin: string | Decimal;
  /** Charged when it opened (the purchase fee of a long, the short-sale fee of a short). */
  readonly purchaseFee: string | Decimal;
  /** Financing (long) or stock lending (short) charged so far. */
  readonly financing: string | Decimal;
  /** The fee terms the position opened on (stored on its row). */
  readonly fees: FeeSchedule;
  /** The price the close would use now: the bid for a long, the ask for a short. */
  readonly price: string | Decimal;
  /**
   * The member's available money, which pays a loss beyond the margin. Null when the caller does not know it: the
   * estimate then assumes it covers the loss (what `lossBeyondMargin` says is taken from it).
   */
  readonly available: string | Decimal | null;
}

export interface CloseEstimate {
  price: Decimal;
  /** On price alone (評価損益). */
  grossPnl: Decimal;
  /** Charged by the close: the selling fee of a long, the buy-back fee of a short. */
  sellingFee: Decimal;
  stampDuty: Decimal;
  /** Every charge of the position once closed: purchase fee + financing paid + selling fee + stamp duty. */
  charges: Decimal;
  /** `charges` other than the selling fee (stamp duty, the opening fee, financing paid): the sheet's "other charges". */
  otherCharges: Decimal;
  /**
   * The result after every fee and charge (手数料等控除後): grossPnl − selling fee − stamp duty − purchase fee − financing
   * already paid. It is the closed position's `netPnl` when the close deals at `price`.
   */
  netResult: Decimal;
  /**
   * What the close moves into (positive) or takes from (negative) available funds: margin + added margin + grossPnl −
   * selling fee − stamp duty, as `closeSettlement` settles it. The purchase fee and financing were paid before, so
   * they are not in it.
   */
  toAvailable: Decimal;
  /** A loss beyond the margin (and added margin), taken from available funds (0 when the margin covers the loss). */
  lossBeyondMargin: Decimal;
  /** What even available funds cannot cover: borne by the house (negative balance protection), never owed. */
  houseAbsorbs: Decimal;
}

/**
 * What closing a holding position at `price` would charge and return now: the selling fee and stamp duty of
 * `fees.ts` on the closing notional, and the settlement of `settlement.ts` (one rule for the estimate and the close).
 */
export function closeEstimate(p: CloseEstimateInput): CloseEstimate {
  const price = money(p.price);
  const notional = notionalOf(price, p.shares);
  const selling = sellingFee(p.fees, notional);
  const duty = stampDuty(p.fees, notional);
  const grossPnl = pnlAt(p.side, p.openPrice, price, p.shares);
  const held = money(p.margin).plus(money(p.addedMargin));
  const closeCharges = selling.plus(duty);
  const lossBeyondMargin = Decimal.max(held.plus(grossPnl).minus(closeCharges).negated(), 0);
  const settled = closeSettlement({
    // The lines are not used here, only the amounts: no member's accounts are named.
    memberId: '',
    held,
    pnl: grossPnl,
    charges: closeCharges,
    available: p.available === null ? lossBeyondMargin : money(p.available),
  });
  const otherCharges = duty.plus(money(p.purchaseFee)).plus(money(p.financing));
  const charges = selling.plus(otherCharges);
  return {
    price,
    grossPnl,
    sellingFee: selling,
    stampDuty: duty,
    charges,
    otherCharges,
    netResult: grossPnl.minus(charges),
    toAvailable: settled.toAvailable,
    lossBeyondMargin,
    houseAbsorbs: settled.houseAbsorbs,
  };
}
