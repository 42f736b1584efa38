import type { Sql } from '@kabuto/db/database';
import { money, toWire } from '@kabuto/domain/money';
import { purchaseFee, sellingFee, stampDuty } from '@kabuto/domain/trading/fees';
import { initialMargin, notionalOf, pnlAt } from '@kabuto/domain/trading/margin';
import { closeSettlement, fillFromHoldLines, releaseLines } from '@kabuto/domain/trading/settlement';
import type { CloseReason } from '@kabuto/domain/trading/position';
import type { FeeSchedule } from '@kabuto/domain/trading/fees';
import { lockEntryAccounts } from '@kabuto/db/ledger';
import { errorKeys } from '@kabuto/contracts/errors';
import { ledgerReasons, post } from '../ledger/public.ts';
import { writeOutbox } from '../platform/public.ts';
import type { PositionRow } from './position-row.ts';

/** The event every change of a position sends to the member's screens (and to the leader's trigger engine). */
export const positionChanged = 'trade.positionChanged';

/** What a member's screens (and the trigger engine) hear of a change of a position. */
export const positionEvent = (r: PositionRow, status: string, closeReason: CloseReason | null) =>
  ({
    topic: 'member',
    memberId: r.member_id,
    type: positionChanged,
    payload: { orderNo: r.order_no, status, closeReason },
  }) as const;

export async function announce(tx: Sql, r: PositionRow, status: string, closeReason: CloseReason | null, at: Date) {
  await writeOutbox(tx, positionEvent(r, status, closeReason), at);
}

/** The margin and purchase fee of `shares` opened at `price` with `leverage`. */
export function openingCharges(price: string, shares: string, leverage: number, fees: FeeSchedule) {
  const notional = notionalOf(price, shares);
  return { margin: initialMargin(notional, leverage), fee: purchaseFee(fees, notional) };
}

/**
 * A pending limit order fills at `price` (inside the caller's transaction, the trigger engine's): its hold in
 * `frozen` becomes its margin and purchase fee. A limit order fills at its limit price, so its hold is exactly its
 * margin and fee and the ticket's figures are what is charged. (An order that fills when placed is written holding
 * at once: order-writer.ts.)
 */
export async function openPosition(tx: Sql, r: PositionRow, price: string, at: Date): Promise<void> {
  const { margin, fee } = openingCharges(price, r.quantity, r.leverage, r.fee_terms);
  await post(
    tx,
    {
      kind: 'trade_fill',
      reason: ledgerReasons.tradeFill,
      refType: 'trade',
      refId: r.order_no,
      at,
      lines: fillFromHoldLines(r.member_id, money(r.held), margin, fee),
    },
    errorKeys.funds.insufficientBalance,
  );
  await tx.query(
    `UPDATE trade_positions SET status = 'holding', open_price = $2, opened_at = $3, margin = $4, purchase_fee = $5, held = 0 WHERE id = $1`,
    [r.id, price, at, toWire(margin), toWire(fee)],
  );
  await announce(tx, r, 'holding', null, at);
}

/**
 * A holding (or closing) position closes at `price`: its margin comes back with the P&L, less the selling fee and
 * stamp duty, in one entry. A loss beyond the margin is taken from `available`; beyond that the house bears it.
 */
export async function closePosition(
  tx: Sql,
  r: PositionRow,
  price: string,
  reason: CloseReason,
  at: Date,
  requestId?: string,
  clientKey?: string | null,
): Promise<void> {
  const open = r.open_price as string;
  const notional = notionalOf(price, r.quantity);
  const sellFee = sellingFee(r.fee_terms, notional);
  const duty = stampDuty(r.fee_terms, notional);
  const pnl = pnlAt(r.side, open, price, r.quantity);
  // Every account a close can touch is locked, in id order, before the balance is read (issue 24 §3).
  const locked = await lockEntryAccounts(tx, { refType: 'trade', refId: r.order_no }, [
    { member: r.member_id, book: 'available' },
    { member: r.member_id, book: 'margin' },
    { house: 'fees' },
    { house: 'trading' },
  ]);
  const settle = closeSettlement({
    memberId: r.member_id,
    held: money(r.margin).plus(r.added_margin),
    pnl,
    charges: sellFee.plus(duty),
    available: locked.balanceOf({ member: r.member_id, book: 'available' }),
  });
  await post(
    tx,
    {
      kind: 'trade_close',
      reason: ledgerReasons.tradeClose,
      refType: 'trade',
      refId: r.order_no,
      ...(requestId ? { requestId } : {}),
      clientKey: clientKey ?? null,
      at,
      lines: settle.lines,
    },
    errorKeys.funds.insufficientBalance,
  );
  await tx.query(
    `UPDATE trade_positions SET status = 'closed', close_price = $2, closed_at = $3, close_reason = $4, selling_fee = $5,
            stamp_duty = $6, realised_pnl = $7 WHERE id = $1`,
    [r.id, price, at, reason, toWire(sellFee), toWire(duty), toWire(pnl)],
  );
  await announce(tx, r, 'closed', reason, at);
}

/** A pending order is cancelled: its hold returns from `frozen` to `available`. */
export async function cancelPending(
  tx: Sql,
  r: PositionRow,
  at: Date,
  requestId?: string,
  clientKey?: string | null,
): Promise<void> {
  await post(
    tx,
    {
      kind: 'trade_release',
      reason: ledgerReasons.tradeRelease,
      refType: 'trade',
      refId: r.order_no,
      ...(requestId ? { requestId } : {}),
      clientKey: clientKey ?? null,
      at,
      lines: releaseLines(r.member_id, money(r.held)),
    },
    errorKeys.funds.insufficientBalance,
  );
  await tx.query(`UPDATE trade_positions SET status = 'cancelled', held = 0, closed_at = $2 WHERE id = $1`, [r.id, at]);
  await announce(tx, r, 'cancelled', null, at);
}
