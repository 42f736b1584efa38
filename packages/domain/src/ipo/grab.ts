import { money, type Decimal } from '../money.ts';
import { transfer, type PostingLine } from '../ledger/journal.ts';
import type { EntryStatus } from './offering.ts';
import { lotteryUnit } from './lottery.ts';

/**
 * Issue 25 "grab shares" (docs/architecture.md): shares whose wins lapsed at the purchase deadline are offered again,
 * first come first served, one 100-share unit per member, to members who entered that offering and did not win,
 * during a window staff set after the lapse and before the listing. A member served buys the unit at the offering
 * price at once (available → margin, a position like a paid win); the order of service is published like the draw.
 */

export interface GrabWindow {
  readonly opensAt: Date;
  readonly closesAt: Date;
  /** Shares re-offered: the lapsed wins' shares when staff set the window. */
  readonly shares: string;
  /** Shares served so far. */
  readonly taken: string;
}

export type GrabPhase = 'notYetOpen' | 'open' | 'soldOut' | 'ended';

export function grabPhase(w: GrabWindow, now: Date): GrabPhase {
  if (now < w.opensAt) return 'notYetOpen';
  if (now >= w.closesAt) return 'ended';
  return money(w.taken).gte(money(w.shares)) ? 'soldOut' : 'open';
}

export type GrabWindowRefusal = 'notLapsed' | 'nothingToGrab' | 'alreadySet' | 'timesOutOfOrder' | 'timesInPast';

/** Staff set the window once, after the lapse, with shares to offer, ending by the listing. */
export function checkGrabWindow(f: {
  lapsedAt: Date | null;
  listsAt: Date;
  lapsedShares: string;
  alreadySet: boolean;
  opensAt: Date;
  closesAt: Date;
  now: Date;
}): GrabWindowRefusal | null {
  if (f.lapsedAt === null) return 'notLapsed';
  if (f.alreadySet) return 'alreadySet';
  if (!money(f.lapsedShares).gt(0)) return 'nothingToGrab';
  if (!(f.opensAt < f.closesAt) || f.closesAt > f.listsAt) return 'timesOutOfOrder';
  if (f.closesAt <= f.now) return 'timesInPast';
  return null;
}

export type GrabRefusal = 'notGrabTime' | 'notEligible' | 'alreadyGrabbed' | 'insufficientBalance';

/**
 * One press of "grab": inside the window, by a member whose entry did not win, once, who can pay one unit. Sold out is
 * an answer, not a refusal: the press is served or told the shares are gone.
 */
export function checkGrab(f: {
  window: GrabWindow | null;
  now: Date;
  entryStatus: EntryStatus | null;
  alreadyGrabbed: boolean;
  price: string;
  available: string;
}): { refused: GrabRefusal } | { soldOut: true } | { ok: { shares: string; amount: Decimal } } {
  if (!f.window) return { refused: 'notGrabTime' };
  const phase = grabPhase(f.window, f.now);
  if (phase === 'notYetOpen' || phase === 'ended') return { refused: 'notGrabTime' };
  if (f.entryStatus !== 'notWon') return { refused: 'notEligible' };
  if (f.alreadyGrabbed) return { refused: 'alreadyGrabbed' };
  if (phase === 'soldOut') return { soldOut: true };
  const amount = money(f.price).times(lotteryUnit);
  if (amount.gt(money(f.available))) return { refused: 'insufficientBalance' };
  return { ok: { shares: String(lotteryUnit), amount } };
}

/** The unit served is paid at once: available → margin, the position's money. */
export function grabLines(memberId: string, amount: Decimal): PostingLine[] {
  return transfer({ member: memberId, book: 'available' }, { member: memberId, book: 'margin' }, 'JPY', amount);
}
