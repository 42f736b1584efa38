import type { Sql, SqlParam } from '@kabuto/db/database';
import { lockEntryAccounts } from '@kabuto/db/ledger';
import { toWire, type Decimal } from '@kabuto/domain/money';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import { financingDaysDue } from '@kabuto/domain/trading/financing';
import {
  cancel,
  close,
  fill,
  finance,
  isRefusal,
  type Decision,
  type PositionState,
  type Refusal,
} from '@kabuto/domain/trading/decisions';
import type { CloseReason } from '@kabuto/domain/trading/position';
import { errorKeys } from '@kabuto/contracts/errors';
import { refuse } from '../errors/public.ts';
import { ledgerReasons, post } from '../ledger/public.ts';
import { writeOutbox } from '../platform/public.ts';
import { lockPosition, type PositionRow } from './position-row.ts';

/** The event every change of a position sends to the member's screens (and to the leader's trigger engine). */
export const positionChanged = 'trade.positionChanged';

/** What a member's screens (and the trigger engine) hear of a change of a position. */
export const positionEvent = (r: PositionRow, status: string, closeReason: CloseReason | null, filled = false) =>
  ({
    topic: 'member',
    memberId: r.member_id,
    type: positionChanged,
    // Issue 27: `filled` (this change is the order's fill) and the symbol make the member's fill notice.
    payload: { orderNo: r.order_no, status, closeReason, filled, symbol: r.symbol },
  }) as const;

export async function announce(
  tx: Sql,
  r: PositionRow,
  status: string,
  closeReason: CloseReason | null,
  at: Date,
  filled = false,
) {
  await writeOutbox(tx, positionEvent(r, status, closeReason, filled), at);
}

/** The facts of a locked row a decision reads (issue 24: the decide half of decide/apply). */
export const stateOf = (r: PositionRow): PositionState => ({
  memberId: r.member_id,
  side: r.side,
  status: r.status,
  quantity: r.quantity,
  leverage: r.leverage,
  held: r.held,
  openPrice: r.open_price,
  margin: r.margin,
  addedMargin: r.added_margin,
  feeTerms: r.fee_terms,
  financingRate: r.financing_rate,
});

/** The journal entry a decision's lines go in: its kind and reason, and what ties it to a request. */
export interface EntryMeta {
  readonly kind: string;
  readonly reason: string;
  readonly requestId?: string;
  readonly clientKey?: string | null;
  readonly covers?: { from: string; to: string };
}

const refusalKey = { notPending: errorKeys.trade.notPending, notHolding: errorKeys.trade.notHolding } as const;

/** A decision, or its refusal as the catalogue's key. */
export function decided(d: Decision | Refusal): Decision {
  if (isRefusal(d)) throw refuse(refusalKey[d.refused]);
  return d;
}

const wire = (v: Decimal): string => toWire(v);

/**
 * The apply half: the decision's lines as one entry, its row change, and its event, inside the caller's transaction
 * (which holds the row's lock). The only code that writes a position's money columns.
 */
export async function applyDecision(tx: Sql, r: PositionRow, d: Decision, entry: EntryMeta, at: Date): Promise<void> {
  if (d.lines.length > 0)
    await post(
      tx,
      {
        kind: entry.kind,
        reason: entry.reason,
        refType: 'trade',
        refId: r.order_no,
        ...(entry.requestId ? { requestId: entry.requestId } : {}),
        clientKey: entry.clientKey ?? null,
        ...(entry.covers ? { covers: entry.covers } : {}),
        at,
        lines: d.lines,
      },
      errorKeys.funds.insufficientBalance,
    );
  const c = d.change;
  const sets: string[] = [];
  const args: SqlParam[] = [r.id];
  const set = (column: string, value: SqlParam, expr = (p: string) => p) => {
    args.push(value);
    sets.push(`${column} = ${expr(`$${args.length}`)}`);
  };
  if (c.status !== undefined) set('status', c.status);
  if (c.openPrice !== undefined) set('open_price', c.openPrice);
  if (c.margin !== undefined) set('margin', wire(c.margin));
  if (c.purchaseFee !== undefined) set('purchase_fee', wire(c.purchaseFee));
  if (c.held !== undefined) set('held', wire(c.held));
  if (c.closePrice !== undefined) set('close_price', c.closePrice);
  if (c.closeReason !== undefined) set('close_reason', c.closeReason);
  if (c.sellingFee !== undefined) set('selling_fee', wire(c.sellingFee));
  if (c.stampDuty !== undefined) set('stamp_duty', wire(c.stampDuty));
  if (c.realisedPnl !== undefined) set('realised_pnl', wire(c.realisedPnl));
  if (c.addedMarginDelta !== undefined) {
    set('added_margin', wire(c.addedMarginDelta), (p) => `added_margin + ${p}`);
    // A new cushion: the next approach to the (moved) margin call warns the member again (issue 27).
    sets.push('margin_warned_at = NULL');
  }
  if (c.financingDelta !== undefined) set('financing', wire(c.financingDelta), (p) => `financing + ${p}`);
  if (c.financedThrough !== undefined) set('financed_through', c.financedThrough, (p) => `${p}::date`);
  if (c.stamp === 'opened') set('opened_at', at);
  if (c.stamp === 'closed') set('closed_at', at);
  if (sets.length > 0) await tx.query(`UPDATE trade_positions SET ${sets.join(', ')} WHERE id = $1`, args);
  if (d.event) await announce(tx, r, d.event.status, d.event.closeReason, at, c.stamp === 'opened');
}

/**
 * A pending limit order fills at `price` (inside the caller's transaction, the trigger engine's): its hold in
 * `frozen` becomes its margin and purchase fee. (An order that fills when placed is written holding at once:
 * order-writer.ts.)
 */
export async function openPosition(tx: Sql, r: PositionRow, price: string, at: Date): Promise<void> {
  await applyDecision(
    tx,
    r,
    decided(fill(stateOf(r), { price })),
    { kind: 'trade_fill', reason: ledgerReasons.tradeFill },
    at,
  );
}

/** Every account a close can touch: the member's available and margin, the house's fees and trading book. */
const closeAccounts = (memberId: string) =>
  [
    { member: memberId, book: 'available' },
    { member: memberId, book: 'margin' },
    { house: 'fees' },
    { house: 'trading' },
  ] as const;

/** Every account a financing entry can touch: the member's available and margin, the house's interest. */
const financingAccounts = (memberId: string) =>
  [{ member: memberId, book: 'available' }, { member: memberId, book: 'margin' }, { house: 'interest' }] as const;

/**
 * Issue 24 §2: charges a holding position (locked by the caller) every JST day of financing it owes up to the day of
 * `at` and has not paid (`financed_through`), in one entry that says which days it covers; none when nothing is owed.
 * The daily job calls it, and so does a close, so a day whose run failed is never lost by closing before the retry.
 * True when money moved.
 */
export async function chargeFinancingDue(tx: Sql, r: PositionRow, at: Date): Promise<boolean> {
  // Issue 26: a day trade never carries overnight financing (it closes at the day's cut-off; one the cut-off missed
  // is closed without a charge).
  if (r.status !== 'holding' || r.opened_at === null || r.leverage <= 1 || r.origin === 'daytrade') return false;
  const today = sessionDate(at);
  const [row] = await tx.query<{ through: string | null }>(
    `SELECT financed_through::text AS through FROM trade_positions WHERE id = $1`,
    [r.id],
  );
  const days = financingDaysDue(new Date(r.opened_at), row?.through ?? null, today);
  const [first] = days;
  if (first === undefined) return false;
  // Every account the entry can touch is locked, in id order, before the balance is read (issue 24 §3).
  const locked = await lockEntryAccounts(tx, { refType: 'trade', refId: r.order_no }, financingAccounts(r.member_id));
  const available = locked.balanceOf({ member: r.member_id, book: 'available' });
  const d = decided(finance(stateOf(r), { days: days.length, through: today, available }));
  await applyDecision(
    tx,
    r,
    d,
    { kind: 'trade_financing', reason: ledgerReasons.tradeFinancing, covers: { from: first, to: today } },
    at,
  );
  return d.lines.length > 0;
}

/**
 * A holding (or closing) position closes at `price`: its margin comes back with the P&L, less the selling fee and
 * stamp duty, in one entry. A loss beyond the margin is taken from `available`; beyond that the house bears it.
 * Financing it still owes is charged first, in the same transaction.
 */
export async function closePosition(
  tx: Sql,
  held: PositionRow,
  price: string,
  reason: CloseReason,
  at: Date,
  requestId?: string,
  clientKey?: string | null,
): Promise<void> {
  const entry = { refType: 'trade', refId: held.order_no };
  let r = held;
  if (r.status === 'holding' && r.leverage > 1) {
    // Both entries' accounts at once, in id order, so the second set is never taken after the first (issue 24 §3).
    await lockEntryAccounts(tx, entry, [...closeAccounts(r.member_id), { house: 'interest' }]);
    if (await chargeFinancingDue(tx, r, at)) r = (await lockPosition(tx, { orderNo: r.order_no })) ?? r;
  }
  // Every account a close can touch is locked, in id order, before the balance is read (issue 24 §3).
  const locked = await lockEntryAccounts(tx, entry, closeAccounts(r.member_id));
  const available = locked.balanceOf({ member: r.member_id, book: 'available' });
  await applyDecision(
    tx,
    r,
    decided(close(stateOf(r), { price, reason, available })),
    { kind: 'trade_close', reason: ledgerReasons.tradeClose, ...(requestId ? { requestId } : {}), clientKey },
    at,
  );
}

/** A pending order is cancelled: its hold returns from `frozen` to `available`. */
export async function cancelPending(
  tx: Sql,
  r: PositionRow,
  at: Date,
  requestId?: string,
  clientKey?: string | null,
): Promise<void> {
  await applyDecision(
    tx,
    r,
    decided(cancel(stateOf(r))),
    { kind: 'trade_release', reason: ledgerReasons.tradeRelease, ...(requestId ? { requestId } : {}), clientKey },
    at,
  );
}
