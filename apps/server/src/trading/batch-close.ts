import type { Sql } from '@kabuto/db/database';
import { houseShard, type EntryInput } from '@kabuto/db/ledger';
import { Decimal, toWire } from '@kabuto/domain/money';
import { cancel, close, isRefusal, type Decision } from '@kabuto/domain/trading/decisions';
import type { CloseReason, Touch } from '@kabuto/domain/trading/position';
import { closingPrice } from '@kabuto/domain/trading/triggers';
import { errorKeys } from '@kabuto/contracts/errors';
import { ledgerReasons, postMany } from '../ledger/public.ts';
import { writeOutboxOncePerMember } from '../platform/public.ts';
import { positionEvent, stateOf } from './position-moves.ts';
import { positionColumns, type PositionRow } from './position-row.ts';

export interface BatchCloseOutcome {
  /** Positions closed (holding or closing before) and orders cancelled (pending before), as they were locked. */
  readonly closed: PositionRow[];
  readonly cancelled: PositionRow[];
  /** Open positions left as they are: no price for their stock now. */
  readonly unpriced: PositionRow[];
}

/**
 * Issue 26 (the day-trade cut-off; usable by any product that closes many positions at once): in the caller's
 * transaction, every named position still open is closed at the closing side of the book (bid for a long, ask for a
 * short, as a member's close) with `reason`, and every pending order cancelled — each by the trading core's own
 * decisions (`close`, `cancel`), applied for the whole batch in a fixed number of statements: the rows locked (id
 * order) and re-read (a row already closed or cancelled is left alone, so a rerun changes nothing twice); every ledger
 * account the entries can touch locked in id order before any balance is read (the members' books and the house's fees
 * and trading shards, issue 24 §3); the decisions taken in turn, each member's `available` carried from one to the
 * next; one posting of every entry; one UPDATE of every row; the events as sets. No financing is charged (the caller's
 * positions are day trades, which never carry it).
 */
export async function closeOpenPositions(
  tx: Sql,
  orderNos: readonly string[],
  opts: { touch: (symbol: string) => Touch | null; reason: CloseReason; closeEntryReason: string; at: Date },
): Promise<BatchCloseOutcome> {
  const outcome: BatchCloseOutcome = { closed: [], cancelled: [], unpriced: [] };
  if (orderNos.length === 0) return outcome;
  const rows = (
    await tx.query<PositionRow>(
      `SELECT ${positionColumns} FROM trade_positions WHERE order_no = ANY($1::text[]) ORDER BY id FOR UPDATE`,
      [[...orderNos]],
    )
  ).filter((r) => r.status === 'pending' || r.status === 'holding' || r.status === 'closing');
  if (rows.length === 0) return outcome;
  const members = [...new Set(rows.map((r) => r.member_id))];
  // The house's shards these entries post to (a close's fees and trading lines), no others.
  const shards = [...new Set(rows.map((r) => String(houseShard({ refType: 'trade', refId: r.order_no }))))];
  const accounts = await tx.query<{ member_id: string | null; book: string | null; balance: string }>(
    `SELECT member_id::text AS member_id, book, balance::text AS balance FROM ledger_accounts
      WHERE currency = 'JPY' AND ((member_id = ANY($1::uuid[]) AND book IN ('available', 'margin', 'frozen'))
                                  OR (house IN ('fees', 'trading') AND shard = ANY($2::int[])))
      ORDER BY id FOR UPDATE`,
    [members, shards],
  );
  const available = new Map<string, Decimal>();
  for (const a of accounts)
    if (a.member_id && a.book === 'available') available.set(a.member_id, new Decimal(a.balance));

  const decided: { r: PositionRow; d: Decision }[] = [];
  for (const r of rows) {
    let d;
    if (r.status === 'pending') d = cancel(stateOf(r));
    else {
      const touch = opts.touch(r.symbol);
      if (!touch) {
        outcome.unpriced.push(r);
        continue;
      }
      const avail = available.get(r.member_id) ?? new Decimal(0);
      d = close(stateOf(r), { price: closingPrice(r.side, touch), reason: opts.reason, available: avail });
    }
    if (isRefusal(d)) continue;
    for (const line of d.lines)
      if ('member' in line.account && line.account.member === r.member_id && line.account.book === 'available')
        available.set(r.member_id, (available.get(r.member_id) ?? new Decimal(0)).plus(line.amount));
    decided.push({ r, d });
    (r.status === 'pending' ? outcome.cancelled : outcome.closed).push(r);
  }
  if (decided.length === 0) return outcome;

  const entries: EntryInput[] = decided
    .filter(({ d }) => d.lines.length > 0)
    .map(({ r, d }) => ({
      kind: r.status === 'pending' ? 'trade_release' : 'trade_close',
      reason: r.status === 'pending' ? ledgerReasons.tradeRelease : opts.closeEntryReason,
      refType: 'trade',
      refId: r.order_no,
      at: opts.at,
      lines: d.lines,
    }));
  await postMany(tx, entries, errorKeys.funds.insufficientBalance);

  // Null members of an array parameter are sent as SQL nulls (as order-writer.ts does).
  const col = (f: (c: Decision['change']) => string | null | undefined) =>
    decided.map(({ d }) => f(d.change) ?? null) as string[];
  const wire = (v: Decimal | undefined) => (v === undefined ? null : toWire(v));
  await tx.query(
    `UPDATE trade_positions p SET status = u.status, held = coalesce(u.held, p.held),
            close_price = coalesce(u.close_price, p.close_price), close_reason = coalesce(u.close_reason, p.close_reason),
            selling_fee = coalesce(u.selling_fee, p.selling_fee), stamp_duty = coalesce(u.stamp_duty, p.stamp_duty),
            realised_pnl = coalesce(u.realised_pnl, p.realised_pnl), closed_at = $9
       FROM unnest($1::uuid[], $2::text[], $3::numeric[], $4::numeric[], $5::text[], $6::numeric[], $7::numeric[],
                   $8::numeric[]) AS u(id, status, held, close_price, close_reason, selling_fee, stamp_duty, realised_pnl)
      WHERE p.id = u.id`,
    [
      decided.map(({ r }) => r.id),
      col((c) => c.status),
      col((c) => wire(c.held)),
      col((c) => c.closePrice ?? null),
      col((c) => c.closeReason ?? null),
      col((c) => wire(c.sellingFee)),
      col((c) => wire(c.stampDuty)),
      col((c) => wire(c.realisedPnl)),
      opts.at,
    ],
  );
  // The events as sets (three statements a round, not one function call an event): round k holds each member's k-th
  // position of the batch, so a member's events still chain in order.
  const rounds: ReturnType<typeof positionEvent>[][] = [];
  const seen = new Map<string, number>();
  for (const { r, d } of decided) {
    const k = seen.get(r.member_id) ?? 0;
    seen.set(r.member_id, k + 1);
    (rounds[k] ??= []).push(
      positionEvent(r, d.event?.status ?? (d.change.status as string), d.event?.closeReason ?? null),
    );
  }
  for (const round of rounds) await writeOutboxOncePerMember(tx, round, opts.at);
  return outcome;
}
