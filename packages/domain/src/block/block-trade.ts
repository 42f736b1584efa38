import type { Decimal } from '../money.ts';
import { money } from '../money.ts';
import { transfer, type PostingLine } from '../ledger/journal.ts';
import { jstParts } from '../calendar/jst.ts';
import type { TickTable } from '../market/tick-size.ts';
import { priceProblem } from '../trading/limit-price.ts';

/**
 * Issue 25: block trades (立会外分売, SPEC §2 "negotiated bidding / block trade") as pure functions the server and the
 * screens both call. Staff list a product — a stock at a price inside that day's limits, a minimum purchase amount, a
 * maximum of shares a member, a per-member daily count of applications, a window, a lock-up, optionally a channel
 * password and "seat accounts only". A member applies in 100-share units; the amount is held (available → frozen)
 * until staff decide: approval makes it the position's money (frozen → margin), a rejection releases it.
 */

export const blockUnit = 100;

export interface ProductTerms {
  /** Price a share, yen (a decimal string). */
  readonly price: string;
  /** The smallest amount (price × shares) one application may buy, yen. */
  readonly minAmount: string;
  /** The most shares one member may hold applications for in this product (pending or approved). */
  readonly maxShares: string;
  /** How many applications one member may make in this product on one JST day (the number is not shown to members). */
  readonly dailyLimit: number;
  readonly opensAt: Date;
  readonly closesAt: Date;
  /** Sale of the shares is locked until this instant (null: no lock-up). */
  readonly lockUpUntil: Date | null;
}

export type TermsRefusal =
  | 'priceInvalid'
  | 'priceOffGrid'
  | 'exceedsPriceLimit'
  | 'minAmountInvalid'
  | 'maxSharesInvalid'
  | 'dailyLimitInvalid'
  | 'timesOutOfOrder'
  | 'timesInPast'
  | 'lockUpBeforeClose';

const wholeUnits = (shares: string): boolean => /^[1-9][0-9]{0,11}$/.test(shares) && Number(shares) % blockUnit === 0;

/**
 * Staff's terms for a product, checked against the stock's day (its tick grid and the day's stop-high / stop-low):
 * a price on the grid inside the limits, a positive whole-yen minimum, a whole number of units as the maximum, a daily
 * count of 1–100, a window that ends after it opens and after now, and a lock-up (if any) that ends after the window.
 */
export function checkProductTerms(
  t: ProductTerms,
  market: { table: TickTable; limitUp: string; limitDown: string },
  now: Date,
): TermsRefusal | null {
  const p = money(t.price);
  if (!p.isFinite() || !p.gt(0) || p.decimalPlaces() > 1) return 'priceInvalid';
  const bad = priceProblem(t.price, market.table, { up: market.limitUp, down: market.limitDown });
  if (bad) return bad === 'offGrid' ? 'priceOffGrid' : 'exceedsPriceLimit';
  if (!/^[1-9][0-9]{0,11}$/.test(t.minAmount)) return 'minAmountInvalid';
  if (!wholeUnits(t.maxShares)) return 'maxSharesInvalid';
  // The maximum must be able to buy at least the minimum, or nobody could ever apply.
  if (p.times(t.maxShares).lt(money(t.minAmount))) return 'minAmountInvalid';
  if (!Number.isInteger(t.dailyLimit) || t.dailyLimit < 1 || t.dailyLimit > 100) return 'dailyLimitInvalid';
  if (!(t.opensAt < t.closesAt)) return 'timesOutOfOrder';
  if (t.closesAt <= now) return 'timesInPast';
  if (t.lockUpUntil !== null && t.lockUpUntil < t.closesAt) return 'lockUpBeforeClose';
  return null;
}

/** SPEC §4: a product is listed (before its window), open, closed (after it), or withdrawn by staff. */
export type ProductPhase = 'upcoming' | 'open' | 'closed' | 'withdrawn';

export function productPhase(p: { opensAt: Date; closesAt: Date; withdrawnAt: Date | null }, now: Date): ProductPhase {
  if (p.withdrawnAt) return 'withdrawn';
  if (now < p.opensAt) return 'upcoming';
  if (now < p.closesAt) return 'open';
  return 'closed';
}

/** SPEC §8 refusals of an application, named for the catalogue (contracts/block/refusals). */
export type ApplyRefusal =
  | 'notFound' // "product does not exist or delisted": withdrawn by staff, or its stock is not trading
  | 'closed' // "block trade closed": outside the window
  | 'sharesRequired' // not whole 100-share units
  | 'belowMinimum' // "buy amount below the minimum"
  | 'aboveMaximum' // "maximum shares per product"
  | 'dailyLimit' // "one-day limit"
  | 'seatOnly' // the product is for seat accounts only
  | 'realNameRequired'
  | 'insufficientBalance';

/** Price × shares: what an application holds and, approved, what it buys (its turnover). */
export const blockAmount = (price: string, shares: string): Decimal => money(price).times(shares);

/**
 * One application, checked in the order a member can act on: the product exists and is open, the shares are whole
 * units, the amount reaches the minimum, the member's shares in this product stay within the maximum, today's count
 * stays within the daily limit, the seat rule, the verified name, and the available balance. The form shows the same
 * answer before the member confirms; the server decides with the facts it holds locked.
 */
export function checkApplication(f: {
  product: ProductTerms & { withdrawnAt: Date | null; seatOnly: boolean };
  stockTrading: boolean;
  now: Date;
  shares: string;
  /** Shares of this member's pending and approved applications in this product. */
  sharesHeld: string;
  /** Applications this member has made in this product today (JST), this one not counted. */
  todayCount: number;
  hasSeat: boolean;
  realNameVerified: boolean;
  available: string;
}): { refused: ApplyRefusal } | { ok: { amount: Decimal } } {
  const phase = productPhase(f.product, f.now);
  if (phase === 'withdrawn' || !f.stockTrading) return { refused: 'notFound' };
  if (phase !== 'open') return { refused: 'closed' };
  if (!wholeUnits(f.shares)) return { refused: 'sharesRequired' };
  const amount = blockAmount(f.product.price, f.shares);
  if (amount.lt(money(f.product.minAmount))) return { refused: 'belowMinimum' };
  if (money(f.sharesHeld).plus(f.shares).gt(money(f.product.maxShares))) return { refused: 'aboveMaximum' };
  if (f.todayCount >= f.product.dailyLimit) return { refused: 'dailyLimit' };
  if (f.product.seatOnly && !f.hasSeat) return { refused: 'seatOnly' };
  if (!f.realNameVerified) return { refused: 'realNameRequired' };
  if (amount.gt(money(f.available))) return { refused: 'insufficientBalance' };
  return { ok: { amount } };
}

/** The JST calendar day an application counts towards (the daily limit), as YYYY-MM-DD. */
export function jstDay(at: Date): string {
  const d = jstParts(at);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** Applying holds the amount: available → frozen. */
export function holdLines(memberId: string, amount: Decimal): PostingLine[] {
  return transfer({ member: memberId, book: 'available' }, { member: memberId, book: 'frozen' }, 'JPY', amount);
}

/**
 * Staff's final decision: approved, the held amount becomes the position's money (frozen → margin) and the shares a
 * holding position at the product's price; rejected, the hold is released (frozen → available).
 */
export function decisionLines(memberId: string, amount: Decimal, approved: boolean): PostingLine[] {
  const to = approved ? 'margin' : 'available';
  return transfer({ member: memberId, book: 'frozen' }, { member: memberId, book: to }, 'JPY', amount);
}
