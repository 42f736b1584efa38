import { Decimal, money } from '../money.ts';
import type { PostingLine } from '../ledger/journal.ts';
import { sellingFee, stampDuty, type FeeSchedule } from './fees.ts';
import { openingCharges } from './ticket.ts';
import { financingFor } from './financing.ts';
import { borrowedPart, notionalOf, pnlAt } from './margin.ts';
import { nextStatus, type PositionEvent } from './lifecycle.ts';
import type { CloseReason, PositionStatus, TradeSide } from './position.ts';
import {
  addMarginLines,
  closeSettlement,
  fillFromHoldLines,
  financingLines,
  holdLines,
  openLines,
  releaseLines,
} from './settlement.ts';

/**
 * Issue 24 "one design for every position": each change of a position is decided by a pure function of the position
 * and the facts the server loaded (a price, the member's available money, the days owed), and answers the row change,
 * the ledger lines and the event; the server only locks, loads, applies the decision in one transaction and publishes.
 * Whatever brought the position (an order, an IPO allotment, a block trade, a day trade, a copied trade), its fills,
 * closes, charges and cancels are these functions.
 */
export interface PositionState {
  readonly memberId: string;
  readonly side: TradeSide;
  readonly status: PositionStatus;
  readonly quantity: string;
  readonly leverage: number;
  readonly held: string;
  readonly openPrice: string | null;
  readonly margin: string;
  readonly addedMargin: string;
  readonly feeTerms: FeeSchedule;
  readonly financingRate: string;
}

/** The columns a decision changes (absent: unchanged); amounts are decimals, added ones say so. */
export interface PositionChange {
  readonly status?: PositionStatus;
  readonly openPrice?: string;
  readonly margin?: Decimal;
  readonly purchaseFee?: Decimal;
  readonly held?: Decimal;
  readonly closePrice?: string;
  readonly closeReason?: CloseReason;
  readonly sellingFee?: Decimal;
  readonly stampDuty?: Decimal;
  readonly realisedPnl?: Decimal;
  /** Added to the column (positive or negative). */
  readonly addedMarginDelta?: Decimal;
  readonly financingDelta?: Decimal;
  /** The last JST day financing is paid for. */
  readonly financedThrough?: string;
  /** The row's time of this change (opened_at for a fill, closed_at for a close or cancel). */
  readonly stamp?: 'opened' | 'closed';
}

/** What the member's screens (and the trigger engine) hear. */
export interface PositionEventOut {
  readonly status: PositionStatus;
  readonly closeReason: CloseReason | null;
}

export interface Decision {
  readonly change: PositionChange;
  readonly lines: PostingLine[];
  /** Null when nothing a screen shows changed. */
  readonly event: PositionEventOut | null;
}

/** A change the position's state does not allow: the catalogue's "not in pending / holding state". */
export type Refusal = { readonly refused: 'notPending' | 'notHolding' };

const refusalFor = (event: PositionEvent): Refusal => ({
  refused: event === 'cancel' || event === 'fill' ? 'notPending' : 'notHolding',
});

function allowed(p: PositionState, event: PositionEvent): PositionStatus | Refusal {
  return nextStatus(p.status, event) ?? refusalFor(event);
}

/**
 * A new position: filled at once (a market order, a limit the quote already crosses, or an allotment, with its margin
 * and purchase fee), or resting with its hold taken from `available` into `frozen` until it fills or is cancelled.
 */
export function open(facts: {
  memberId: string;
  filled: { margin: Decimal; fee: Decimal } | null;
  hold: Decimal;
}): Decision {
  const status: PositionStatus = facts.filled ? 'holding' : 'pending';
  return facts.filled
    ? {
        change: { status, margin: facts.filled.margin, purchaseFee: facts.filled.fee, held: new Decimal(0) },
        lines: openLines(facts.memberId, facts.filled.margin, facts.filled.fee),
        event: { status, closeReason: null },
      }
    : {
        change: { status, held: facts.hold },
        lines: holdLines(facts.memberId, facts.hold),
        event: { status, closeReason: null },
      };
}

/** A pending limit order fills at `price`: its hold pays the margin and purchase fee, the rest returns. */
export function fill(p: PositionState, facts: { price: string }): Decision | Refusal {
  const status = allowed(p, 'fill');
  if (typeof status !== 'string') return status;
  const { margin, fee } = openingCharges(facts.price, p.quantity, p.leverage, p.feeTerms);
  return {
    change: { status, openPrice: facts.price, margin, purchaseFee: fee, held: new Decimal(0), stamp: 'opened' },
    lines: fillFromHoldLines(p.memberId, money(p.held), margin, fee),
    event: { status, closeReason: null },
  };
}

/** A pending order is cancelled: its hold returns from `frozen` to `available`. */
export function cancel(p: PositionState): Decision | Refusal {
  const status = allowed(p, 'cancel');
  if (typeof status !== 'string') return status;
  return {
    change: { status, held: new Decimal(0), stamp: 'closed' },
    lines: releaseLines(p.memberId, money(p.held)),
    event: { status, closeReason: null },
  };
}

/**
 * A holding position (or one preparing to close, at the next print) closes at `price`: margin back with the P&L, less
 * the selling fee and stamp duty; a loss beyond the margin from `available`, beyond that borne by the house.
 */
export function close(
  p: PositionState,
  facts: { price: string; reason: CloseReason; available: Decimal },
): Decision | Refusal {
  const status = allowed(p, p.status === 'closing' ? 'settle' : 'close');
  if (typeof status !== 'string' || p.openPrice === null) return refusalFor('close');
  const notional = notionalOf(facts.price, p.quantity);
  const sell = sellingFee(p.feeTerms, notional);
  const duty = stampDuty(p.feeTerms, notional);
  const pnl = pnlAt(p.side, p.openPrice, facts.price, p.quantity);
  const settle = closeSettlement({
    memberId: p.memberId,
    held: money(p.margin).plus(p.addedMargin),
    pnl,
    charges: sell.plus(duty),
    available: facts.available,
  });
  return {
    change: {
      status,
      closePrice: facts.price,
      closeReason: facts.reason,
      sellingFee: sell,
      stampDuty: duty,
      realisedPnl: pnl,
      stamp: 'closed',
    },
    lines: settle.lines,
    event: { status, closeReason: facts.reason },
  };
}

/** A member's close in the TSE closing auction: preparing to close until the 15:30 print settles it. */
export function closeLater(p: PositionState): Decision | Refusal {
  const status = allowed(p, 'closeLater');
  if (typeof status !== 'string') return status;
  return { change: { status }, lines: [], event: { status, closeReason: null } };
}

/** SPEC §5 "extra credit margin": from `available` into the position's margin (its margin-call price moves). */
export function addMargin(p: PositionState, facts: { amount: Decimal }): Decision | Refusal {
  if (p.status !== 'holding') return refusalFor('close');
  return {
    change: { addedMarginDelta: facts.amount },
    lines: addMarginLines(p.memberId, facts.amount),
    event: { status: p.status, closeReason: null },
  };
}

/**
 * Financing (long) or stock lending (short) on the borrowed part for `days` unpaid JST days, the last of which is
 * `through`: from `available`, and what that cannot pay from the position's margin (issue 24 §2).
 */
export function finance(
  p: PositionState,
  facts: { days: number; through: string; available: Decimal },
): Decision | Refusal {
  if (p.status !== 'holding' || p.openPrice === null) return refusalFor('close');
  const borrowed = borrowedPart(notionalOf(p.openPrice, p.quantity), money(p.margin));
  const rates = { longAnnualRate: p.financingRate, shortAnnualRate: p.financingRate };
  const charge = financingFor(p.side, borrowed, rates, facts.days);
  if (!charge.gt(0)) return { change: { financedThrough: facts.through }, lines: [], event: null };
  const fin = financingLines(p.memberId, charge, facts.available);
  return {
    change: { financingDelta: charge, addedMarginDelta: fin.fromMargin.negated(), financedThrough: facts.through },
    lines: fin.lines,
    // Its margin-call price moves when the margin paid part of the charge.
    event: { status: p.status, closeReason: null },
  };
}

export const isRefusal = (d: Decision | Refusal): d is Refusal => 'refused' in d;

/** The state after a decision (the Decider's evolve): what a model, a replay or a test holds between decisions. */
export function evolve(p: PositionState, c: PositionChange): PositionState {
  return {
    ...p,
    status: c.status ?? p.status,
    openPrice: c.openPrice ?? p.openPrice,
    margin: c.margin?.toFixed() ?? p.margin,
    held: c.held?.toFixed() ?? p.held,
    addedMargin: c.addedMarginDelta ? money(p.addedMargin).plus(c.addedMarginDelta).toFixed() : p.addedMargin,
  };
}
