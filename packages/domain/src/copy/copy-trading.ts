import { Decimal, money } from '../money.ts';
import { transfer, type PostingLine } from '../ledger/journal.ts';
import { SHARES_PER_UNIT } from '../trading/quantity.ts';
import { openingCharges } from '../trading/ticket.ts';
import type { FeeSchedule } from '../trading/fees.ts';
import { notionalOf, pnlAt } from '../trading/margin.ts';
import type { TradeSide } from '../trading/position.ts';

/**
 * Issue 26: copy trading as pure functions the server and the screens both call. Staff mark a member as a lead
 * trader and publish a strategy with a capital base; a member follows it with an amount that moves from `available`
 * into the member's `copy` book (the follow's own capital). When the lead's position opens or closes, every follow in
 * progress is mirrored in proportion to its capital: the lead's quantity × (follow capital / strategy capital base),
 * rounded down to 100-share units and never more than the follow's free capital buys at the fill price. What rounds
 * to nothing is an outcome of its own ("not mirrored: below one unit"), never a silent skip. A copy stop-loss ends the
 * follow when its loss reaches a yen amount or a percent of its capital; at a stop or at the end of the term the
 * follow's positions close and its capital ± P&L − the lead's performance fee returns to `available`.
 */

export const copyUnit = SHARES_PER_UNIT;

/** A whole-yen amount as a member types it: digits only, no sign, no decimals, no exponent, at most 15 digits. */
const wholeYen = /^[1-9][0-9]{0,14}$/;

/** A strict read of a whole-yen amount; null for zero, negative, fractional, exponent or text. */
export function readYen(text: string): Decimal | null {
  const t = text.trim();
  return wholeYen.test(t) ? money(t) : null;
}

// ——— Strategy terms (staff) ———

export interface StrategyTerms {
  /** The smallest follow, whole yen. */
  readonly minInvestment: string;
  /** The strategy's capital base: the lead's trades are scaled by follow capital / this. Whole yen. */
  readonly capitalBase: string;
  /** How long a follow lasts (SPEC §3 "holding time"), days. */
  readonly termDays: number;
  /** No new follow after this instant (SPEC §8 "product past follow-trade deadline"). */
  readonly followDeadline: Date;
  /** The lead's performance fee, a fraction of a follow's profit (0 ≤ fee < 1); nothing on a loss. */
  readonly performanceFee: string;
}

/** Staff's terms: a positive whole-yen minimum not above the base, a term of 1–365 days, a future deadline, 0–50 %. */
export function checkStrategyTerms(t: StrategyTerms, now: Date): 'termsInvalid' | null {
  const min = readYen(t.minInvestment);
  const base = readYen(t.capitalBase);
  if (!min || !base || min.gt(base)) return 'termsInvalid';
  if (!Number.isInteger(t.termDays) || t.termDays < 1 || t.termDays > 365) return 'termsInvalid';
  if (!(t.followDeadline > now)) return 'termsInvalid';
  if (!/^(0|0\.[0-9]{1,4})$/.test(t.performanceFee) || money(t.performanceFee).gt('0.5')) return 'termsInvalid';
  return null;
}

// ——— Following ———

/** A copy stop-loss: the follow ends when its loss reaches this many yen, or this percent of its capital. */
export type StopLoss = { readonly yen: string } | { readonly percent: string };

export type FollowRefusal =
  | 'notFound'
  | 'amountInvalid'
  | 'belowMinimum'
  | 'pastDeadline'
  | 'ownStrategy'
  | 'alreadyFollowing'
  | 'stopLossInvalid'
  | 'insufficientBalance';

/** The stop-loss as typed: yen a positive whole amount below the capital; percent 1–99 with at most two decimals. */
export function readStopLoss(s: StopLoss | null, capital: Decimal): StopLoss | 'stopLossInvalid' | null {
  if (s === null) return null;
  if ('yen' in s) {
    const y = readYen(s.yen);
    return y && y.lt(capital) ? { yen: y.toFixed() } : 'stopLossInvalid';
  }
  const t = s.percent.trim();
  if (!/^[0-9]{1,2}(\.[0-9]{1,2})?$/.test(t)) return 'stopLossInvalid';
  const p = money(t);
  return p.gt(0) && p.lt(100) ? { percent: p.toFixed() } : 'stopLossInvalid';
}

/**
 * A member's follow, checked in the order a member can act on: the strategy is published, the amount reads as whole
 * yen, it reaches the minimum, the deadline has not passed, it is not the member's own strategy, no follow of it is in
 * progress, the stop-loss reads, and `available` covers the amount. The form shows the same answer as it is typed.
 */
export function checkFollow(f: {
  strategy: (StrategyTerms & { readonly published: boolean; readonly leadMemberId: string }) | null;
  memberId: string;
  amount: string;
  stopLoss: StopLoss | null;
  alreadyFollowing: boolean;
  available: string;
  now: Date;
}): { refused: FollowRefusal } | { ok: { capital: Decimal; stopLoss: StopLoss | null } } {
  const s = f.strategy;
  if (!s || !s.published) return { refused: 'notFound' };
  const capital = readYen(f.amount);
  if (!capital) return { refused: 'amountInvalid' };
  if (capital.lt(money(s.minInvestment))) return { refused: 'belowMinimum' };
  if (f.now >= s.followDeadline) return { refused: 'pastDeadline' };
  if (f.memberId === s.leadMemberId) return { refused: 'ownStrategy' };
  if (f.alreadyFollowing) return { refused: 'alreadyFollowing' };
  const stopLoss = readStopLoss(f.stopLoss, capital);
  if (stopLoss === 'stopLossInvalid') return { refused: 'stopLossInvalid' };
  if (capital.gt(money(f.available))) return { refused: 'insufficientBalance' };
  return { ok: { capital, stopLoss } };
}

/** Following moves the capital from `available` into the member's `copy` book (the follow's own money). */
export const followLines = (memberId: string, capital: Decimal): PostingLine[] =>
  transfer({ member: memberId, book: 'available' }, { member: memberId, book: 'copy' }, 'JPY', capital);

/** The term ends this many days after the follow started. */
export const termEndOf = (startedAt: Date, termDays: number): Date =>
  new Date(startedAt.getTime() + termDays * 86_400_000);

// ——— Mirroring ———

export type MirrorOutcome =
  | {
      readonly outcome: 'mirrored';
      readonly quantity: string;
      /** The exact proportional quantity before rounding (shares, may be fractional). */
      readonly proportional: string;
      readonly margin: Decimal;
      readonly fee: Decimal;
    }
  /** "Not mirrored: below one unit": the proportion rounds down to no 100-share unit. */
  | { readonly outcome: 'belowUnit'; readonly proportional: string }
  /** The proportion is a unit or more, but the follow's free capital cannot buy one unit at the fill price. */
  | { readonly outcome: 'noCapital'; readonly proportional: string };

/** The lead's quantity scaled by follow capital / capital base, exact (no rounding). */
export const proportionalQuantity = (leadQuantity: string, capital: string, capitalBase: string): Decimal =>
  money(leadQuantity).times(capital).div(capitalBase);

/**
 * A lead's fill mirrored into one follow: the proportional quantity rounded down to whole units, then lowered unit by
 * unit until its margin and purchase fee at `price` and `leverage` fit the follow's free capital.
 */
export function mirrorOpen(f: {
  leadQuantity: string;
  capital: string;
  capitalBase: string;
  price: string;
  leverage: number;
  fees: FeeSchedule;
  /** The follow's money not in positions (its part of the `copy` book). */
  free: Decimal;
}): MirrorOutcome {
  const exact = proportionalQuantity(f.leadQuantity, f.capital, f.capitalBase);
  const proportional = exact.toFixed();
  let units = exact.div(copyUnit).floor();
  if (units.lt(1)) return { outcome: 'belowUnit', proportional };
  // At most what the free capital buys before fees: a bound the loop then lowers exactly (fees have a minimum).
  const perUnit = notionalOf(f.price, String(copyUnit)).div(f.leverage);
  units = Decimal.min(units, f.free.div(perUnit).floor());
  while (units.gte(1)) {
    const quantity = units.times(copyUnit).toFixed();
    const { margin, fee } = openingCharges(f.price, quantity, f.leverage, f.fees);
    if (margin.plus(fee).lte(f.free)) return { outcome: 'mirrored', quantity, proportional, margin, fee };
    units = units.minus(1);
  }
  return { outcome: 'noCapital', proportional };
}

/** A follower's money lines use its `copy` book where the trading core's lines name `available`. */
export function inFollowBook(lines: readonly PostingLine[], memberId: string): PostingLine[] {
  return lines.map((l) =>
    'member' in l.account && l.account.member === memberId && l.account.book === 'available'
      ? { ...l, account: { member: memberId, book: 'copy' } }
      : l,
  );
}

// ——— Copy stop-loss ———

export interface FollowPosition {
  readonly side: TradeSide;
  readonly quantity: string;
  readonly openPrice: string;
  /** Margin plus added margin. */
  readonly margin: string;
}

/** The follow's value now: its free capital plus each open position's margin and P&L at its closing price. */
export function followEquity(free: Decimal, positions: readonly (FollowPosition & { readonly price: string })[]) {
  return positions.reduce((sum, p) => sum.plus(p.margin).plus(pnlAt(p.side, p.openPrice, p.price, p.quantity)), free);
}

/** The loss (capital − equity, never below zero) at which the stop-loss fires. */
export function stopLossAmount(stopLoss: StopLoss, capital: string): Decimal {
  return 'yen' in stopLoss ? money(stopLoss.yen) : money(capital).times(stopLoss.percent).div(100);
}

/** True when the follow's loss has reached its stop-loss. */
export function stopLossReached(stopLoss: StopLoss | null, capital: string, equity: Decimal): boolean {
  if (stopLoss === null) return false;
  const loss = money(capital).minus(equity);
  return loss.gte(stopLossAmount(stopLoss, capital));
}

// ——— Settlement ———

export type EndReason = 'stopped' | 'stopLoss' | 'termEnd' | 'strategyClosed';

export interface Settlement {
  /** Free capital after every position closed, minus the capital followed (may be negative). */
  readonly profit: Decimal;
  /** The lead's performance fee: `performanceFee` × profit, rounded down to the yen; none on a loss. */
  readonly fee: Decimal;
  /** What returns to `available`: balance − fee. */
  readonly returned: Decimal;
  /** copy → house `fees` (empty when no fee). */
  readonly feeLines: PostingLine[];
  /** copy → available (empty when nothing is left). */
  readonly returnLines: PostingLine[];
}

/**
 * A follow ends (its positions already closed): what its `copy` balance holds — capital ± P&L after every trading fee —
 * returns to `available`, less the performance fee on a profit, which goes to the house's `fees` for the lead.
 */
export function settle(f: { memberId: string; capital: string; balance: Decimal; performanceFee: string }): Settlement {
  const profit = f.balance.minus(f.capital);
  const fee = profit.gt(0) ? profit.times(f.performanceFee).floor() : new Decimal(0);
  const returned = f.balance.minus(fee);
  const copy = { member: f.memberId, book: 'copy' } as const;
  return {
    profit,
    fee,
    returned,
    feeLines: fee.gt(0) ? transfer(copy, { house: 'fees' }, 'JPY', fee) : [],
    returnLines: returned.gt(0) ? transfer(copy, { member: f.memberId, book: 'available' }, 'JPY', returned) : [],
  };
}

/** The follow's phase (SPEC §4): in progress until it ends. */
export type FollowStatus = 'inProgress' | 'ended';
