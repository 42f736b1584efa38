import { Decimal } from '../money.ts';
import type { PostingLine } from '../ledger/journal.ts';

/**
 * DESIGN "Money and the ledger" for trading: every fill, fee, hold, release and realised P&L is one balanced entry.
 * The broker is the counterparty, so a member's profit is the `trading` house account's loss and the reverse.
 * Zero lines are left out (the journal refuses them).
 */
const line = (account: PostingLine['account'], amount: Decimal): PostingLine[] =>
  amount.isZero() ? [] : [{ account, currency: 'JPY', amount }];

const member = (id: string, book: 'available' | 'frozen' | 'margin') => ({ member: id, book }) as const;

/** A market order fills at once: the margin moves into `margin` and the purchase fee to the house. */
export const openLines = (memberId: string, margin: Decimal, fee: Decimal): PostingLine[] => [
  ...line(member(memberId, 'available'), margin.plus(fee).negated()),
  ...line(member(memberId, 'margin'), margin),
  ...line({ house: 'fees' }, fee),
];

/** A limit order rests: its margin and purchase fee at the limit price wait in `frozen`. */
export const holdLines = (memberId: string, hold: Decimal): PostingLine[] => [
  ...line(member(memberId, 'available'), hold.negated()),
  ...line(member(memberId, 'frozen'), hold),
];

/** A cancelled limit order gives its hold back. */
export const releaseLines = (memberId: string, hold: Decimal): PostingLine[] => [
  ...line(member(memberId, 'frozen'), hold.negated()),
  ...line(member(memberId, 'available'), hold),
];

/** A limit order fills (at its price or better): the hold pays the margin and fee, and any rest returns to `available`. */
export const fillFromHoldLines = (memberId: string, hold: Decimal, margin: Decimal, fee: Decimal): PostingLine[] => [
  ...line(member(memberId, 'frozen'), hold.negated()),
  ...line(member(memberId, 'margin'), margin),
  ...line({ house: 'fees' }, fee),
  ...line(member(memberId, 'available'), hold.minus(margin).minus(fee)),
];

/** Extra margin (SPEC §5 "extra credit margin"): from `available` into the position's margin. */
export const addMarginLines = (memberId: string, amount: Decimal): PostingLine[] => [
  ...line(member(memberId, 'available'), amount.negated()),
  ...line(member(memberId, 'margin'), amount),
];

export interface CloseSettlement {
  /** Paid back to (positive) or taken from (negative) the member's available money. */
  toAvailable: Decimal;
  /** A loss beyond the margin and the member's available money, which the house bears (negative balance protection). */
  houseAbsorbs: Decimal;
  lines: PostingLine[];
}

/**
 * Closing: the position's margin (original and added) comes out of `margin`; the P&L is settled with the house;
 * the selling fee and stamp duty go to `fees`. A loss beyond the margin is taken from `available`, and what even
 * that cannot cover is borne by the house: a member never owes more than they hold.
 */
export function closeSettlement(p: {
  memberId: string;
  held: Decimal;
  pnl: Decimal;
  charges: Decimal;
  available: Decimal;
}): CloseSettlement {
  const net = p.held.plus(p.pnl).minus(p.charges);
  const shortfall = Decimal.max(net.negated(), 0);
  const fromAvailable = Decimal.min(shortfall, Decimal.max(p.available, 0));
  const houseAbsorbs = shortfall.minus(fromAvailable);
  const toAvailable = net.gte(0) ? net : fromAvailable.negated();
  return {
    toAvailable,
    houseAbsorbs,
    lines: [
      ...line(member(p.memberId, 'margin'), p.held.negated()),
      ...line(member(p.memberId, 'available'), toAvailable),
      ...line({ house: 'fees' }, p.charges),
      ...line({ house: 'trading' }, p.pnl.negated().minus(houseAbsorbs)),
    ],
  };
}

/**
 * The daily financing or lending charge: from `available`, and what `available` cannot pay from the position's
 * margin (its equity shrinks, which a margin call may then act on).
 */
export function financingLines(
  memberId: string,
  charge: Decimal,
  available: Decimal,
): { fromMargin: Decimal; lines: PostingLine[] } {
  const fromAvailable = Decimal.min(charge, Decimal.max(available, 0));
  const fromMargin = charge.minus(fromAvailable);
  return {
    fromMargin,
    lines: [
      ...line(member(memberId, 'available'), fromAvailable.negated()),
      ...line(member(memberId, 'margin'), fromMargin.negated()),
      ...line({ house: 'interest' }, charge),
    ],
  };
}
