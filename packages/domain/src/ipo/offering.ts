import { Decimal, money } from '../money.ts';
import { transfer, type PostingLine } from '../ledger/journal.ts';
import { lotteryUnit } from './lottery.ts';

/**
 * Issue 25: an IPO offering's rules, as pure functions the server and the screens both call (SPEC §4 states, §5 and
 * §8 refusals). The offering's times are instants; its phase follows from them and from whether the draw and the
 * listing have happened. Money moves as ledger lines: a subscription holds price × shares (as Japanese brokers hold
 * buying power at application), the draw releases what a member did not win, a confirmed win becomes the position's
 * money, a lapsed win is released.
 */

export interface OfferingTerms {
  /** Underwriting price a share (a decimal string, yen). */
  readonly price: string;
  /** Shares on offer for the lottery. */
  readonly sharesOnOffer: string;
  readonly opensAt: Date;
  readonly closesAt: Date;
  readonly drawAt: Date;
  /** The winner's last moment to confirm the purchase. */
  readonly payBy: Date;
  readonly listsAt: Date;
}

export interface OfferingFacts extends OfferingTerms {
  /** Set once the draw has run (the leader job). */
  readonly drawnAt: Date | null;
  /** Set once the stock has joined the market. */
  readonly listedAt: Date | null;
  readonly cancelledAt: Date | null;
}

/** SPEC §4: not yet subscribed (open), subscribing, subscription ended, drawn, listed; or cancelled by staff. */
export type OfferingPhase = 'notYetOpen' | 'subscribing' | 'ended' | 'drawn' | 'listed' | 'cancelled';

export function offeringPhase(o: OfferingFacts, now: Date): OfferingPhase {
  if (o.cancelledAt) return 'cancelled';
  if (o.listedAt) return 'listed';
  if (o.drawnAt) return 'drawn';
  if (now < o.opensAt) return 'notYetOpen';
  if (now < o.closesAt) return 'subscribing';
  return 'ended';
}

/**
 * Why staff's terms are refused: the times must come in order (open < close ≤ draw < pay-by ≤ listing), the price and
 * the offer must be positive, the offer a whole number of units.
 */
export type TermsRefusal = 'timesOutOfOrder' | 'priceInvalid' | 'sharesInvalid';

export function checkTerms(t: OfferingTerms): TermsRefusal | null {
  const p = money(t.price);
  if (!p.isFinite() || !p.gt(0) || p.decimalPlaces() > 1) return 'priceInvalid';
  if (!wholeUnits(t.sharesOnOffer)) return 'sharesInvalid';
  const ordered = t.opensAt < t.closesAt && t.closesAt <= t.drawAt && t.drawAt < t.payBy && t.payBy <= t.listsAt;
  return ordered ? null : 'timesOutOfOrder';
}

const wholeUnits = (shares: string): boolean => /^[1-9][0-9]{0,11}$/.test(shares) && Number(shares) % lotteryUnit === 0;

/** SPEC §8 refusals of a subscription, named for the catalogue. */
export type SubscribeRefusal =
  | 'notSubscriptionTime' // "not yet subscription time"
  | 'notInSubscriptionState' // "not in subscription state (do not repeat)": ended, drawn, cancelled, or a second try
  | 'sharesRequired' // "shares required": missing, or not whole 100-share units
  | 'realNameRequired'
  | 'insufficientBalance';

/** What a subscription holds: price × shares. */
export const amountFor = (price: string, shares: string): Decimal => money(price).times(shares);

/**
 * One subscription per member and offering, inside the window, in whole units, by a member whose real name is
 * verified, who can pay the hold from `available`. The ticket shows the same answer before the member confirms.
 */
export function checkSubscription(facts: {
  offering: OfferingFacts;
  now: Date;
  shares: string;
  alreadySubscribed: boolean;
  realNameVerified: boolean;
  available: string;
}): { refused: SubscribeRefusal } | { ok: { amount: Decimal } } {
  const phase = offeringPhase(facts.offering, facts.now);
  if (phase === 'notYetOpen') return { refused: 'notSubscriptionTime' };
  if (phase !== 'subscribing' || facts.alreadySubscribed) return { refused: 'notInSubscriptionState' };
  if (!wholeUnits(facts.shares)) return { refused: 'sharesRequired' };
  if (!facts.realNameVerified) return { refused: 'realNameRequired' };
  const amount = amountFor(facts.offering.price, facts.shares);
  if (amount.gt(money(facts.available))) return { refused: 'insufficientBalance' };
  return { ok: { amount } };
}

/** SPEC §4 lottery results: awaiting draw, won (awaiting payment), payment completed, not won; lapsed; cancelled. */
export type EntryStatus = 'awaitingDraw' | 'won' | 'paid' | 'notWon' | 'lapsed' | 'cancelled';

export interface EntryState {
  readonly memberId: string;
  readonly status: EntryStatus;
  /** Held from `available` into `frozen` at subscription. */
  readonly held: string;
  /** Shares won at the draw (0 until then). */
  readonly won: string;
}

export interface EntryDecision {
  readonly status: EntryStatus;
  /** Still held in `frozen` after this decision. */
  readonly held: Decimal;
  readonly won?: string;
  readonly lines: readonly PostingLine[];
}

const release = (memberId: string, amount: Decimal): PostingLine[] =>
  amount.gt(0)
    ? transfer({ member: memberId, book: 'frozen' }, { member: memberId, book: 'available' }, 'JPY', amount)
    : [];

/** The hold taken at subscription: `available` → `frozen`. */
export function subscribe(memberId: string, amount: Decimal): EntryDecision {
  return {
    status: 'awaitingDraw',
    held: amount,
    lines: transfer({ member: memberId, book: 'available' }, { member: memberId, book: 'frozen' }, 'JPY', amount),
  };
}

/**
 * The draw's outcome for one entry: a winner keeps the amount due for what it won held and gets the rest back; an
 * entry that did not win gets its whole hold back (SPEC §4's "refund").
 */
export function drawn(
  e: EntryState,
  facts: { won: string; price: string },
): EntryDecision | { refused: 'notAwaitingDraw' } {
  if (e.status !== 'awaitingDraw') return { refused: 'notAwaitingDraw' };
  const held = money(e.held);
  const won = money(facts.won);
  if (won.isZero()) return { status: 'notWon', held: new Decimal(0), won: '0', lines: release(e.memberId, held) };
  const due = amountFor(facts.price, facts.won);
  if (due.gt(held)) throw new Error('ipo: a win costs more than its hold');
  return { status: 'won', held: due, won: facts.won, lines: release(e.memberId, held.minus(due)) };
}

/**
 * The winner confirms the purchase before the deadline: the amount due leaves `frozen` for `margin`, where a holding
 * position's money is (leverage 1: the margin is the whole price), and the position opens at the underwriting price.
 * A second confirmation, or one after the deadline, is "not in subscription state (do not repeat)".
 */
export function pay(
  e: EntryState,
  facts: { now: Date; payBy: Date },
): EntryDecision | { refused: 'notInSubscriptionState' } {
  if (e.status !== 'won' || facts.now >= facts.payBy) return { refused: 'notInSubscriptionState' };
  const due = money(e.held);
  return {
    status: 'paid',
    held: new Decimal(0),
    lines: transfer({ member: e.memberId, book: 'frozen' }, { member: e.memberId, book: 'margin' }, 'JPY', due),
  };
}

/** At the deadline, a win not confirmed lapses and its hold is released (the leader job; the shares go to grab). */
export function lapse(e: EntryState): EntryDecision | null {
  if (e.status !== 'won') return null;
  return { status: 'lapsed', held: new Decimal(0), lines: release(e.memberId, money(e.held)) };
}

/** Staff cancel an offering before its draw: every hold still waiting is released. */
export function cancelEntry(e: EntryState): EntryDecision | null {
  if (e.status !== 'awaitingDraw') return null;
  return { status: 'cancelled', held: new Decimal(0), lines: release(e.memberId, money(e.held)) };
}
