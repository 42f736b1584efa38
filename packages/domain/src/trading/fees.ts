import { Decimal, money, roundYen } from '../money.ts';

/**
 * SPEC §3/§9: purchase fee, selling fee and stamp duty (rates set by staff, published on the ticket). Rates are
 * fractions of the notional; each charge is rounded to whole yen (the `yen-charge` rounding point) and is at least
 * the minimum fee when its rate is not zero. Stamp duty is charged on the sale only, with no minimum.
 */
export interface FeeSchedule {
  readonly purchaseRate: string;
  readonly sellingRate: string;
  readonly stampDutyRate: string;
  readonly minimumFee: string;
}

function charge(notional: Decimal, rate: string, minimum: string): Decimal {
  if (money(rate).isZero()) return new Decimal(0);
  const fee = roundYen(notional.times(rate));
  return Decimal.max(fee, money(minimum));
}

export const purchaseFee = (s: FeeSchedule, notional: Decimal): Decimal =>
  charge(notional, s.purchaseRate, s.minimumFee);

export const sellingFee = (s: FeeSchedule, notional: Decimal): Decimal => charge(notional, s.sellingRate, s.minimumFee);

export const stampDuty = (s: FeeSchedule, notional: Decimal): Decimal => charge(notional, s.stampDutyRate, '0');
