import type { Sql } from '@kabuto/db/database';
import { Decimal } from '@kabuto/domain/money';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import { mirrorOpen, settle, type EndReason, type MirrorOutcome } from '@kabuto/domain/copy/copy-trading';
import type { TradeSide } from '@kabuto/domain/trading/position';
import type { EntryInput } from '@kabuto/db/ledger';
import { errorKeys } from '@kabuto/contracts/errors';
import { ledgerReasons, postMany } from '../ledger/public.ts';
import { writeOutboxMany, writeOutboxOncePerMember } from '../platform/public.ts';
import type { MarketSnapshot } from '../market/public.ts';
import {
  closeCopyPositions,
  copyTerms,
  lockCopyPositions,
  openCopyPositions,
  type CopyClose,
  type CopyOpen,
} from '../trading/public.ts';
import { followFree } from './copy-books.ts';
import { closingPriceOf, heldPositions } from './copy-rows.ts';

/** The member event every change of a follow sends (started, mirrored or not, ended). */
export const copyChanged = 'copy.changed';

export type CopyMarket = Pick<MarketSnapshot, 'touch' | 'get'>;

const changed = (memberId: string, followId: string, what: string, at: Date) => ({
  event: { topic: 'member' as const, memberId, type: copyChanged, payload: { followId, what } },
  at,
});

/**
 * One `copy.changed` per follow, written as a set (three statements for the batch) when no member appears twice — a
 * batch of one strategy's follows never has a member twice — else one after another.
 */
async function announce(tx: Sql, events: readonly ReturnType<typeof changed>[], at: Date): Promise<void> {
  const members = new Set(events.map((e) => e.event.memberId));
  if (members.size === events.length)
    await writeOutboxOncePerMember(
      tx,
      events.map((e) => e.event),
      at,
    );
  else await writeOutboxMany(tx, events);
}

/** The price a new position deals at: the ask for a long, the bid for a short (the touch as the lead dealt). */
function openingPriceOf(market: CopyMarket, symbol: string, side: TradeSide): string | null {
  const t = market.touch(symbol);
  return t ? (side === 'long' ? t.ask : t.bid) : null;
}

interface LockedFollow {
  id: string;
  member_id: string;
  capital: string;
  ends_at: Date;
}

/** The follows still in progress among `ids`, locked in id order (the first lock of every copy write). */
async function lockFollows(tx: Sql, ids: readonly string[]): Promise<LockedFollow[]> {
  return tx.query<LockedFollow>(
    `SELECT id::text AS id, member_id::text AS member_id, capital::text AS capital, ends_at FROM copy_follows
      WHERE id = ANY($1::uuid[]) AND status = 'inProgress' ORDER BY id FOR UPDATE`,
    [[...ids]],
  );
}

/** A lead's position as its mirrors read it. */
export interface LeadEvent {
  id: string;
  orderNo: string;
  memberId: string;
  symbol: string;
  side: TradeSide;
  quantity: string;
  leverage: number;
  /** The lead's fill price (open) or close price (close), and when. */
  price: string;
  at: Date;
}

/**
 * A lead's fill mirrored into a batch of follows of one strategy, in one transaction (the caller's, fenced): the
 * follows locked, those already mirrored for this fill left out (so a rerun after a crash does nothing twice), each
 * follow's quantity decided by the domain's `mirrorOpen` at the touch now (the ask for a long), the positions opened
 * together, every outcome — mirrored, below one unit, short of capital — recorded beside the lead's trade, and each
 * follower told. Answers how many follows got a mirror row; null when the stock has no quote now (tried again later).
 */
export async function mirrorOpenBatch(
  tx: Sql,
  lead: LeadEvent,
  strategy: { capitalBase: string },
  followIds: readonly string[],
  deps: { market: CopyMarket; profile: SessionProfile; at: Date },
): Promise<number | null> {
  const price = openingPriceOf(deps.market, lead.symbol, lead.side);
  if (price === null) return null;
  const follows = await lockFollows(tx, followIds);
  const done = new Set(
    (
      await tx.query<{ follow_id: string }>(
        `SELECT follow_id::text AS follow_id FROM copy_mirrors
          WHERE lead_position_id = $1 AND event = 'open' AND follow_id = ANY($2::uuid[])`,
        [lead.id, follows.map((f) => f.id)],
      )
    ).map((r) => r.follow_id),
  );
  const todo = follows.filter((f) => !done.has(f.id));
  if (todo.length === 0) return 0;
  const free = await followFree(
    tx,
    todo.map((f) => f.id),
  );
  const terms = await copyTerms(tx, deps.profile);
  const decided: { f: LockedFollow; m: MirrorOutcome }[] = todo.map((f) => ({
    f,
    m: mirrorOpen({
      leadQuantity: lead.quantity,
      capital: f.capital,
      capitalBase: strategy.capitalBase,
      price,
      leverage: 1,
      fees: terms.fees,
      free: free.get(f.id) ?? new Decimal(0),
    }),
  }));
  const opens: (CopyOpen & { follow: string })[] = [];
  for (const { f, m } of decided)
    if (m.outcome === 'mirrored')
      opens.push({
        follow: f.id,
        memberId: f.member_id,
        symbol: lead.symbol,
        side: lead.side,
        quantity: m.quantity,
        leverage: 1,
        price,
        margin: m.margin,
        fee: m.fee,
        lockedUntil: new Date(f.ends_at),
      });
  const rows = await openCopyPositions(tx, opens, terms, deps.at);
  const positionOf = new Map(opens.map((o, i) => [o.follow, rows[i]]));
  await tx.query(
    `INSERT INTO copy_mirrors (lead_position_id, event, follow_id, outcome, follower_position_id, follower_order_no,
       lead_quantity, lead_price, lead_at, proportional, quantity, price, at)
     SELECT $1, 'open', u.follow, u.outcome, NULLIF(u.pos, '')::uuid, NULLIF(u.no, ''), $2, $3, $4, u.prop, u.qty,
            NULLIF(u.price, '')::numeric, $5
       FROM unnest($6::uuid[], $7::text[], $8::text[], $9::text[], $10::numeric[], $11::numeric[], $12::text[])
            AS u(follow, outcome, pos, no, prop, qty, price)`,
    [
      lead.id,
      lead.quantity,
      lead.price,
      lead.at,
      deps.at,
      decided.map(({ f }) => f.id),
      decided.map(({ m }) => m.outcome),
      decided.map(({ f }) => positionOf.get(f.id)?.id ?? ''),
      decided.map(({ f }) => positionOf.get(f.id)?.order_no ?? ''),
      decided.map(({ m }) => m.proportional),
      decided.map(({ m }) => (m.outcome === 'mirrored' ? m.quantity : '0')),
      decided.map(({ m }) => (m.outcome === 'mirrored' ? price : '')),
    ],
  );
  await announce(
    tx,
    decided.map(({ f, m }) => changed(f.member_id, f.id, m.outcome, deps.at)),
    deps.at,
  );
  return decided.length;
}

/**
 * A lead's close mirrored into a batch of follows: each follow's position copied from that fill (still holding) closes
 * at the touch now (the bid for a long), recorded beside the lead's close, exactly once per follow.
 */
export async function mirrorCloseBatch(
  tx: Sql,
  lead: LeadEvent,
  followIds: readonly string[],
  deps: { market: CopyMarket; at: Date },
): Promise<number | null> {
  const price = closingPriceOf(deps.market, lead.symbol, lead.side);
  if (price === null) return null;
  const follows = await lockFollows(tx, followIds);
  const mirrors = await tx.query<{ follow_id: string; pos: string; prop: string }>(
    `SELECT o.follow_id::text AS follow_id, o.follower_position_id::text AS pos, o.proportional::text AS prop
       FROM copy_mirrors o
      WHERE o.lead_position_id = $1 AND o.event = 'open' AND o.outcome = 'mirrored' AND o.follow_id = ANY($2::uuid[])
        AND NOT EXISTS (SELECT 1 FROM copy_mirrors c
                         WHERE c.lead_position_id = $1 AND c.event = 'close' AND c.follow_id = o.follow_id)`,
    [lead.id, follows.map((f) => f.id)],
  );
  if (mirrors.length === 0) return 0;
  const positions = new Map(
    (
      await lockCopyPositions(
        tx,
        mirrors.map((m) => m.pos),
      )
    ).map((r) => [r.id, r]),
  );
  const closes: CopyClose[] = [];
  const closed: { m: (typeof mirrors)[number]; quantity: string; orderNo: string }[] = [];
  for (const m of mirrors) {
    const r = positions.get(m.pos);
    if (!r || r.status !== 'holding') continue;
    closes.push({ row: r, price, reason: 'member', follow: m.follow_id });
    closed.push({ m, quantity: r.quantity, orderNo: r.order_no });
  }
  if (closed.length === 0) return 0;
  const free = await followFree(tx, [...new Set(closes.map((c) => c.follow))]);
  await closeCopyPositions(tx, closes, free, deps.at);
  await tx.query(
    `INSERT INTO copy_mirrors (lead_position_id, event, follow_id, outcome, follower_position_id, follower_order_no,
       lead_quantity, lead_price, lead_at, proportional, quantity, price, at)
     SELECT $1, 'close', u.follow, 'mirrored', u.pos, u.no, $2, $3, $4, u.prop, u.qty, $5, $6
       FROM unnest($7::uuid[], $8::uuid[], $9::text[], $10::numeric[], $11::numeric[]) AS u(follow, pos, no, prop, qty)`,
    [
      lead.id,
      lead.quantity,
      lead.price,
      lead.at,
      price,
      deps.at,
      closed.map((c) => c.m.follow_id),
      closed.map((c) => c.m.pos),
      closed.map((c) => c.orderNo),
      closed.map((c) => c.m.prop),
      closed.map((c) => c.quantity),
    ],
  );
  const memberOf = new Map(follows.map((f) => [f.id, f.member_id]));
  await announce(
    tx,
    closed.map((c) => changed(memberOf.get(c.m.follow_id) as string, c.m.follow_id, 'closed', deps.at)),
    deps.at,
  );
  return closed.length;
}

/**
 * Follows end (a member's stop, the copy stop-loss, the term's end, the strategy closed by staff), in the caller's
 * transaction: the follows locked (one still in progress ends once: a stop and a mirror or a second stop wait for the
 * row and then find it ended), every open position closed at the touch now, and what each follow's book holds returned
 * to `available` less the performance fee on a profit. Answers the ids that ended.
 */
export async function endFollows(
  tx: Sql,
  followIds: readonly string[],
  reason: EndReason,
  deps: { market: CopyMarket; at: Date; stopKey?: string | null },
): Promise<string[]> {
  const follows = await tx.query<LockedFollow & { performance_fee: string }>(
    `SELECT f.id::text AS id, f.member_id::text AS member_id, f.capital::text AS capital, f.ends_at,
            s.performance_fee::text AS performance_fee
       FROM copy_follows f JOIN copy_strategies s ON s.id = f.strategy_id
      WHERE f.id = ANY($1::uuid[]) AND f.status = 'inProgress' ORDER BY f.id FOR UPDATE OF f`,
    [[...followIds]],
  );
  if (follows.length === 0) return [];
  const ids = follows.map((f) => f.id);
  const held = await heldPositions(tx, ids);
  const rows = new Map(
    (
      await lockCopyPositions(
        tx,
        held.map((h) => h.id),
      )
    ).map((r) => [r.id, r]),
  );
  const closes: CopyClose[] = [];
  for (const h of held) {
    const r = rows.get(h.id);
    const price = closingPriceOf(deps.market, h.symbol, h.side);
    if (!r || price === null) throw new Error(`copy: no price to close ${h.symbol}`);
    closes.push({ row: r, price, reason: reason === 'stopLoss' ? 'stopLoss' : 'member', follow: h.follow_id });
  }
  const free = await closeCopyPositions(tx, closes, await followFree(tx, ids), deps.at);
  const settled = follows.map((f) => ({
    f,
    s: settle({
      memberId: f.member_id,
      capital: f.capital,
      balance: free.get(f.id) ?? new Decimal(0),
      performanceFee: f.performance_fee,
    }),
  }));
  const entries: EntryInput[] = settled.flatMap(({ f, s }) => [
    ...(s.feeLines.length > 0
      ? [
          {
            kind: 'copy_fee',
            reason: ledgerReasons.copyFee,
            refType: 'copy',
            refId: f.id,
            at: deps.at,
            lines: s.feeLines,
          },
        ]
      : []),
    ...(s.returnLines.length > 0
      ? [
          {
            kind: 'copy_return',
            reason: ledgerReasons.copyReturn,
            refType: 'copy',
            refId: f.id,
            at: deps.at,
            lines: s.returnLines,
          },
        ]
      : []),
  ]);
  await postMany(tx, entries, errorKeys.process.busy);
  await tx.query(
    `UPDATE copy_follows f SET status = 'ended', end_reason = $2, ended_at = $3, profit = u.profit, fee = u.fee,
            returned = u.returned, stop_key = $4
       FROM unnest($1::uuid[], $5::numeric[], $6::numeric[], $7::numeric[]) AS u(id, profit, fee, returned)
      WHERE f.id = u.id`,
    [
      ids,
      reason,
      deps.at,
      deps.stopKey ?? null,
      settled.map(({ s }) => s.profit.toFixed()),
      settled.map(({ s }) => s.fee.toFixed()),
      settled.map(({ s }) => s.returned.toFixed()),
    ],
  );
  await announce(
    tx,
    follows.map((f) => changed(f.member_id, f.id, reason, deps.at)),
    deps.at,
  );
  return ids;
}

/** Every follow in progress of `strategyId` that started by `at` and has no mirror of this lead event yet. */
export async function followsToMirror(sql: Sql, lead: { id: string; at: Date }, strategyId: string): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `SELECT f.id::text AS id FROM copy_follows f
      WHERE f.strategy_id = $1 AND f.status = 'inProgress' AND f.started_at <= $2
        AND NOT EXISTS (SELECT 1 FROM copy_mirrors m WHERE m.lead_position_id = $3 AND m.event = 'open' AND m.follow_id = f.id)
      ORDER BY f.id`,
    [strategyId, lead.at, lead.id],
  );
  return rows.map((r) => r.id);
}
