import { Decimal } from '@kabuto/domain/money';
import { blockAmount, blockUnit, checkApplication, type ApplyRefusal } from '@kabuto/domain/block/block-trade';
import { applyRefusalKey } from '@kabuto/contracts/block/refusals';
import type { BlockProduct, BlockProductDetail } from '../api/block.api.ts';

export { applyRefusalKey, blockUnit };
export type { ApplyRefusal };

/**
 * The one application check the server runs (`checkApplication`), from what `market/block/detail` told this member.
 * Two facts the browser does not have are left to the server: the per-day count (SPEC §5 "number not shown": the
 * limit stands in as one and today's count as none, so the check never refuses on it) and whether the stock is
 * trading (the server answers "does not exist or delisted" when it is not).
 */
export function checkForm(
  p: BlockProductDetail,
  shares: string,
  now: Date,
): { refused: ApplyRefusal } | { ok: { amount: Decimal } } {
  return checkApplication({
    product: { ...productTerms(p), dailyLimit: 1 },
    stockTrading: true,
    now,
    shares,
    sharesHeld: p.sharesHeld,
    todayCount: 0,
    hasSeat: p.hasSeat,
    realNameVerified: p.realNameVerified,
    available: p.available,
  });
}

/** The product's instants as dates, for the domain's `productPhase`; a withdrawn product says so by its phase only. */
export function productTerms(p: BlockProduct) {
  return {
    price: p.price,
    minAmount: p.minAmount,
    maxShares: p.maxShares,
    opensAt: new Date(p.opensAt),
    closesAt: new Date(p.closesAt),
    lockUpUntil: p.lockUpUntil === null ? null : new Date(p.lockUpUntil),
    withdrawnAt: p.phase === 'withdrawn' ? new Date(p.opensAt) : null,
    seatOnly: p.seatOnly,
  };
}

/** Price × shares while the field holds whole digits; null while it holds nothing to multiply. */
export function amountOf(price: string, shares: string): Decimal | null {
  return /^\d{1,12}$/.test(shares) ? blockAmount(price, shares) : null;
}

/** The fewest whole units whose amount reaches the product's minimum purchase (at least one unit). */
export function minimumShares(price: string, minAmount: string): string {
  const p = new Decimal(price);
  if (!p.gt(0)) return String(blockUnit);
  const units = Decimal.max(new Decimal(minAmount).div(p).div(blockUnit).ceil(), 1);
  return units.times(blockUnit).toFixed(0);
}

/**
 * The most whole units this member may apply for now: what the product's maximum leaves after their applications
 * under review or approved, and what their available funds pay for; null when that is not even one unit.
 */
export function maximumShares(p: BlockProductDetail): string | null {
  const price = new Decimal(p.price);
  const left = new Decimal(p.maxShares).minus(p.sharesHeld);
  const affordable = price.gt(0) ? new Decimal(p.available).div(price) : left;
  const units = Decimal.min(left, affordable).div(blockUnit).floor();
  return units.gte(1) ? units.times(blockUnit).toFixed(0) : null;
}
