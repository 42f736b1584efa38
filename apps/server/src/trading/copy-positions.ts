import type { Sql } from '@kabuto/db/database';
import type { EntryInput } from '@kabuto/db/ledger';
import { Decimal, toWire } from '@kabuto/domain/money';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import { close, isRefusal, open } from '@kabuto/domain/trading/decisions';
import type { CloseReason, TradeSide } from '@kabuto/domain/trading/position';
import type { PostingLine } from '@kabuto/domain/ledger/journal';
import { inFollowBook } from '@kabuto/domain/copy/copy-trading';
import type { TradingTerms } from '@kabuto/domain/trading/terms';
import { errorKeys } from '@kabuto/contracts/errors';
import { ledgerReasons, postMany } from '../ledger/public.ts';
import { orderNumberStem, orderSerialSql } from '../funds/public.ts';
import { currentTerms } from './trading-terms.ts';
import { stateOf } from './position-moves.ts';
import { positionColumns, type PositionRow } from './position-row.ts';

/**
 * Issue 26: positions of origin 'copy', opened and closed many at a time (a lead's fill mirrored into every follow of
 * its strategy) through the trading core's own pure decisions (`open`, `close`), with the follower's `copy` book in
 * place of `available` (the follow's capital pays the margin and fee, and the close returns there). Each batch is a
 * few statements whatever its size: one INSERT (or UPDATE) of the rows, one posting of every entry (`postEntries`:
 * three statements), one statement of events. The caller's transaction holds the follows' rows; these rows come next,
 * then the ledger accounts, then the events (the lock order of docs/architecture.md).
 *
 * A mirrored position opens at the leverage the caller gives (copy trading gives 1: no financing, which would be
 * charged to `available`); its maintenance ratio is 0 (no margin call: the follow's copy stop-loss is its protection)
 * and it carries `locked_until` = the follow's term end, so a member's own close is refused (the follow closes it:
 * the lead's close, a stop, the stop-loss, the term end).
 */
export async function copyTerms(tx: Sql, profile: SessionProfile): Promise<TradingTerms> {
  return (await currentTerms(tx, profile)).terms;
}

/** What a fan-out needs of each position it opened (the rows themselves are the trading module's). */
export interface OpenedCopy {
  id: string;
  order_no: string;
  member_id: string;
}

export interface CopyOpen {
  memberId: string;
  symbol: string;
  side: TradeSide;
  quantity: string;
  leverage: number;
  price: string;
  margin: Decimal;
  fee: Decimal;
  lockedUntil: Date;
}

/**
 * Opens holding copy positions (one INSERT) and posts their opening entries; rows in input order. The caller announces
 * them (one `copy.changed` per follower, which the screens and the positions' lists follow): a mirrored position has
 * no level for the trigger engine to index (no stop-loss, take-profit or margin call of its own), so the per-position
 * `trade.positionChanged` — one chained event per row, the costliest statement of a fan-out — is left out.
 */
export async function openCopyPositions(
  tx: Sql,
  opens: readonly CopyOpen[],
  terms: TradingTerms,
  at: Date,
): Promise<OpenedCopy[]> {
  if (opens.length === 0) return [];
  const decisions = opens.map((o) =>
    open({ memberId: o.memberId, filled: { margin: o.margin, fee: o.fee }, hold: new Decimal(0) }),
  );
  const rows = await tx.query<OpenedCopy>(
    `WITH src AS (
       SELECT $1::text || ${orderSerialSql} AS order_no, u.* FROM unnest($2::uuid[], $3::text[], $4::text[],
              $5::numeric[], $6::int[], $7::numeric[], $8::numeric[], $9::numeric[], $10::timestamptz[])
              WITH ORDINALITY AS u(member_id, symbol, side, quantity, leverage, price, margin, fee, locked_until, n)
     ), ins AS (
       INSERT INTO trade_positions (order_no, member_id, symbol, side, order_type, status, quantity, leverage, held,
         open_price, opened_at, margin, purchase_fee, maintenance_ratio, fee_terms, financing_rate, created_at, origin,
         locked_until)
       SELECT order_no, member_id, symbol, side, 'market', 'holding', quantity, leverage, 0, price, $11, margin, fee, 0,
              $12::jsonb, $13, $11, 'copy', locked_until FROM src ORDER BY n
       RETURNING id::text AS id, order_no, member_id::text AS member_id
     )
     SELECT ins.* FROM ins JOIN src USING (order_no) ORDER BY src.n`,
    [
      orderNumberStem('C', at),
      opens.map((o) => o.memberId),
      opens.map((o) => o.symbol),
      opens.map((o) => o.side),
      opens.map((o) => o.quantity),
      opens.map((o) => String(o.leverage)),
      opens.map((o) => o.price),
      opens.map((o) => toWire(o.margin)),
      opens.map((o) => toWire(o.fee)),
      opens.map((o) => o.lockedUntil.toISOString()),
      at,
      JSON.stringify(terms.fees),
      terms.rates.longAnnualRate,
    ],
  );
  if (rows.length !== opens.length) throw new Error('copy: not every position was written');
  await postMany(
    tx,
    rows.map((r, i) => ({
      kind: 'copy_open',
      reason: ledgerReasons.copyOpen,
      refType: 'trade',
      refId: r.order_no,
      at,
      lines: inFollowBook((decisions[i] as ReturnType<typeof open>).lines, r.member_id),
    })),
    errorKeys.funds.insufficientBalance,
  );
  return rows;
}

/** Copy positions locked for this transaction, in id order (after the follows' rows). */
export async function lockCopyPositions(tx: Sql, ids: readonly string[]): Promise<PositionRow[]> {
  if (ids.length === 0) return [];
  return tx.query<PositionRow>(
    `SELECT ${positionColumns} FROM trade_positions WHERE id = ANY($1::uuid[]) AND origin = 'copy' ORDER BY id FOR UPDATE`,
    [[...ids]],
  );
}

export interface CopyClose {
  row: PositionRow;
  price: string;
  reason: CloseReason;
  /** The follow the position belongs to (whose free money a loss beyond the margin may take). */
  follow: string;
}

/**
 * Closes holding copy positions at their prices (one UPDATE) and posts each close's entry with the follow's book in
 * place of `available` (the caller announces them, one `copy.changed` per follower, as for the opens). `free` holds each follow's money not in positions before the closes; the
 * answer is the same after them (margin back ± P&L − charges added, one close after another). A position not holding
 * is skipped.
 */
export async function closeCopyPositions(
  tx: Sql,
  closes: readonly CopyClose[],
  free: ReadonlyMap<string, Decimal>,
  at: Date,
): Promise<Map<string, Decimal>> {
  const after = new Map(free);
  const done = [];
  for (const c of closes) {
    if (c.row.status !== 'holding') continue;
    const before = after.get(c.follow) ?? new Decimal(0);
    const d = close(stateOf(c.row), { price: c.price, reason: c.reason, available: before });
    if (isRefusal(d)) continue;
    const lines = inFollowBook(d.lines, c.row.member_id);
    after.set(c.follow, before.plus(intoCopy(lines)));
    done.push({ c, d, lines });
  }
  if (done.length === 0) return after;
  const wire = (v: Decimal | undefined) => toWire(v ?? new Decimal(0));
  const updated = await tx.query(
    `UPDATE trade_positions p SET status = 'closed', close_price = u.price, close_reason = u.reason,
            selling_fee = u.sell, stamp_duty = u.duty, realised_pnl = u.pnl, closed_at = $7
       FROM unnest($1::uuid[], $2::numeric[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[])
            AS u(id, price, reason, sell, duty, pnl)
      WHERE p.id = u.id AND p.status = 'holding' RETURNING p.id`,
    [
      done.map((x) => x.c.row.id),
      done.map((x) => x.c.price),
      done.map((x) => x.c.reason),
      done.map((x) => wire(x.d.change.sellingFee)),
      done.map((x) => wire(x.d.change.stampDuty)),
      done.map((x) => wire(x.d.change.realisedPnl)),
      at,
    ],
  );
  if (updated.length !== done.length) throw new Error('copy: a position changed under its close');
  const entries: EntryInput[] = done
    .filter((x) => x.lines.length > 0)
    .map((x) => ({
      kind: 'copy_close',
      reason: ledgerReasons.copyClose,
      refType: 'trade',
      refId: x.c.row.order_no,
      at,
      lines: x.lines,
    }));
  await postMany(tx, entries, errorKeys.funds.insufficientBalance);
  return after;
}

/** What an entry's lines move into the member's copy book. */
const intoCopy = (lines: readonly PostingLine[]): Decimal =>
  lines.reduce((s, l) => ('member' in l.account && l.account.book === 'copy' ? s.plus(l.amount) : s), new Decimal(0));
