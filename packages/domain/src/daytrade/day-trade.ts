import { Decimal, money } from '../money.ts';
import { jstInstant, jstParts } from '../calendar/jst.ts';
import { TSE_HOURS, type SessionProfile } from '../market/trading-session.ts';
import { initialMargin, notionalOf } from '../trading/margin.ts';
import { close, type Decision, type PositionState, type Refusal } from '../trading/decisions.ts';
import type { PositionStatus } from '../trading/position.ts';

/**
 * Issue 26: day trading (一日信用取引 / 當沖, GLOSSARY "closed the same day; forced close at the close") as pure rules the
 * server and the screens both call. A member applies for a quota (whole yen); staff decide it through the review
 * lifecycle; an approved quota is in force ("in progress") until the member ends it. Day trades placed against it may
 * together hold at most the quota in margin; every one still open is closed at the day's cut-off: under `tse` the 15:30
 * closing print, under `demo` (which never closes) the daily HH:MM (JST) staff set.
 */

/** The largest quota a member may apply for, yen (10 digits). */
export const maxQuota = '1000000000';

export type AmountRefusal = 'amountInvalid';

/**
 * A quota as typed: whole yen, digits only (no sign, no decimal point, no exponent, no spaces inside), above zero
 * and not above `maxQuota`. Leading and trailing spaces are trimmed; anything else is refused.
 */
export function readQuota(text: unknown): { ok: Decimal } | { refused: AmountRefusal } {
  if (typeof text !== 'string') return { refused: 'amountInvalid' };
  const t = text.trim();
  if (!/^[1-9]\d{0,9}$/.test(t)) return { refused: 'amountInvalid' };
  const v = money(t);
  return v.gt(maxQuota) ? { refused: 'amountInvalid' } : { ok: v };
}

/** What a member has on file when applying: one pending application or quota in force at a time. */
export interface ApplyFacts {
  readonly pendingOrInForce: boolean;
}

export type ApplyRefusal = AmountRefusal | 'alreadyApplied';

/** The quota application check (the form runs it before sending; the server again, with the facts it reads). */
export function checkApplication(amount: unknown, facts: ApplyFacts): { ok: Decimal } | { refused: ApplyRefusal } {
  const read = readQuota(amount);
  if ('refused' in read) return read;
  return facts.pendingOrInForce ? { refused: 'alreadyApplied' } : read;
}

/** An open day trade as the quota counts it. */
export interface OpenDayTrade {
  readonly status: PositionStatus;
  /** The margin paid (holding, closing). */
  readonly margin: string;
  /** A resting order's limit price (pending). */
  readonly limitPrice: string | null;
  readonly quantity: string;
  readonly leverage: number;
}

const open: ReadonlySet<PositionStatus> = new Set(['pending', 'holding', 'closing']);

/**
 * The margin one day trade takes from the quota: a filled one its margin; a resting limit order the margin it will
 * pay at its limit price (it fills at that price, docs "Trading (issue 18)"). Closed and cancelled ones take none.
 */
export function quotaMarginOf(p: OpenDayTrade): Decimal {
  if (!open.has(p.status)) return new Decimal(0);
  if (p.status === 'pending')
    return p.limitPrice === null ? new Decimal(0) : initialMargin(notionalOf(p.limitPrice, p.quantity), p.leverage);
  return money(p.margin);
}

/** The quota used by the member's open day trades. */
export const quotaUsed = (trades: readonly OpenDayTrade[]): Decimal =>
  trades.reduce((acc, t) => acc.plus(quotaMarginOf(t)), new Decimal(0));

/** What is left of a quota (never below zero). */
export const quotaRemaining = (quota: string | Decimal, used: Decimal): Decimal =>
  Decimal.max(money(quota).minus(used), 0);

/** A day's cut-off: minutes of the JST day. Under `tse` the close (15:30); under `demo` the staff's HH:MM. */
export function cutOffMinute(profile: SessionProfile, demoCutOff: string): number {
  if (profile === 'tse') return TSE_HOURS.close;
  const m = readCutOff(demoCutOff);
  if (m === null) throw new Error(`day trade: stored cut-off ${demoCutOff} is not HH:MM`);
  return m;
}

/** Staff's demo cut-off as typed: HH:MM, 00:00–23:59 (JST). Null when it is not. */
export function readCutOff(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** `HH:MM` of a minute of the day. */
export const cutOffText = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Today's cut-off instant (JST day of `now`). */
export function todaysCutOff(now: Date, minute: number): Date {
  const p = jstParts(now);
  return jstInstant(p.year, p.month, p.day, minute);
}

/**
 * The latest cut-off at or before `now`: today's once it has come, else yesterday's. Every day trade placed before it
 * is due to close; the close job's period is this instant (a staff change of the cut-off makes a new period).
 */
export function lastCutOff(now: Date, minute: number): Date {
  const today = todaysCutOff(now, minute);
  return today.getTime() <= now.getTime() ? today : new Date(today.getTime() - 86_400_000);
}

/** Whether a day trade opened at `createdAt` is due to close at `now` (a cut-off has passed since it was placed). */
export const dueToClose = (createdAt: Date, now: Date, minute: number): boolean =>
  createdAt.getTime() < lastCutOff(now, minute).getTime();

/** The quota in force, with the day trades it counts. */
export interface OrderFacts {
  /** The approved quota in progress, yen; null when the member has none. */
  readonly quota: string | null;
  readonly open: readonly OpenDayTrade[];
  readonly profile: SessionProfile;
  /** The cut-off, minutes of the JST day (`cutOffMinute`). */
  readonly cutOff: number;
  readonly now: Date;
}

export type OrderRefusal = 'notApproved' | 'quotaExceeded' | 'afterCutOff';

/**
 * A day-trade order against the quota: there must be a quota in force; none is taken from today's cut-off until JST
 * midnight (under `tse` the session is closed then anyway, but an order checked at 15:29:59 may reach its transaction
 * after the close: refused too); and the margin of the open day trades and this one together must not exceed the quota.
 */
export function checkDayTradeOrder(
  margin: Decimal,
  f: OrderFacts,
): { ok: { used: Decimal } } | { refused: OrderRefusal } {
  if (f.quota === null) return { refused: 'notApproved' };
  if (jstParts(f.now).minuteOfDay >= f.cutOff) return { refused: 'afterCutOff' };
  const used = quotaUsed(f.open).plus(margin);
  return used.gt(f.quota) ? { refused: 'quotaExceeded' } : { ok: { used } };
}

/** The close reason a day trade closed by the cut-off carries. */
export const cutOffReason = 'daytradeCutOff' as const;

/**
 * The cut-off close of one day trade: the trading core's `close` decision at the closing side of the book (bid for a
 * long, ask for a short), reason `daytradeCutOff`.
 */
export const cutOffClose = (p: PositionState, facts: { price: string; available: Decimal }): Decision | Refusal =>
  close(p, { ...facts, reason: cutOffReason });
