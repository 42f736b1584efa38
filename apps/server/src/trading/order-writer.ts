import type { Database, Sql } from '@kabuto/db/database';
import { readFacts } from '@kabuto/db/facts';
import { isStatementError, isUniqueViolation } from '@kabuto/db/pg-errors';
import { toWire, type Decimal } from '@kabuto/domain/money';
import { open } from '@kabuto/domain/trading/decisions';
import type { OrderType, TradeSide } from '@kabuto/domain/trading/position';
import type { FeeSchedule } from '@kabuto/domain/trading/fees';
import { errorKeys, type ErrorKey } from '@kabuto/contracts/errors';
import { orderRefusalKey } from '@kabuto/contracts/trade/order-refusals';
import { statusRefusal } from '@kabuto/domain/trading/check-order';
import type { EntryInput } from '@kabuto/db/ledger';
import type { RestrictionKind } from '@kabuto/contracts/fields';
import { Refusal, refuse } from '../errors/public.ts';
import { restrictionFact } from '../accounts/public.ts';
import { KeyTaken, storeAnswers, type KeyInWrite } from '../http/public.ts';
import { orderNumberStem, orderSerialSql } from '../funds/public.ts';
import { ledgerReasons, postMany } from '../ledger/public.ts';
import { symbolStatusFact } from '../market/public.ts';
import { groupCommit, writeOutboxMany, type BatchAnswer } from '../platform/public.ts';
import { positionEvent } from './position-moves.ts';
import { positionByClientKey, positionColumns, type PositionRow } from './position-row.ts';

/** A checked order, ready to write: every column of its row, and what it takes from the member's balance. */
export interface NewOrder {
  memberId: string;
  symbol: string;
  side: TradeSide;
  type: OrderType;
  quantity: string;
  leverage: number;
  limitPrice: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
  maintenanceRatio: string;
  fees: FeeSchedule;
  financingRate: string;
  clientKey: string | null;
  requestId: string;
  at: Date;
  /** Filled at once (a market order, or a limit the quote already crosses): its price, margin and purchase fee. */
  opening: { price: string; margin: Decimal; fee: Decimal } | null;
  /** A resting limit order: what its hold takes from `available` into `frozen`. */
  hold: Decimal;
  /** The call's Idempotency-Key, stored with its answer in the transaction that writes the order (issue 24). */
  /** `answerOf` runs inside the batch's transaction: it must not read the database (PGlite has one connection). */
  keyInWrite: { key: KeyInWrite; answerOf: (row: PositionRow) => unknown } | null;
  /** Issue 26: a day trade (origin 'daytrade') and the margin it takes from the member's quota; null: an ordinary order. */
  dayTradeMargin?: Decimal | null;
}

/**
 * Issue 26: checks the batch's day trades against their members' quotas inside the batch's transaction (the day-trade
 * module locks each member's quota row first, so parallel day trades of one member are counted one after another).
 * Answers each order's refusal key or null, in the orders' order. Called only when the batch holds a day trade.
 */
export type DayTradeGuard = (
  tx: Sql,
  orders: readonly { memberId: string; margin: Decimal; at: Date }[],
) => Promise<(ErrorKey | null)[]>;

/** SPEC §6: a frozen account or one barred from trading opens nothing. */
export const tradingRestrictions: readonly RestrictionKind[] = ['frozen', 'no_trading'];

const columns = `order_no, member_id, symbol, side, order_type, status, quantity, leverage, limit_price, stop_loss, take_profit,
  held, maintenance_ratio, fee_terms, financing_rate, client_key, created_at, open_price, opened_at, margin, purchase_fee,
  origin`;

/** The row's values in `columns` order (the order number's stem first: the INSERT appends its serial). */
const valuesOf = (o: NewOrder, stem: string) => [
  stem,
  o.memberId,
  o.symbol,
  o.side,
  o.type,
  o.opening ? 'holding' : 'pending',
  o.quantity,
  o.leverage,
  o.limitPrice,
  o.stopLoss,
  o.takeProfit,
  o.opening ? '0' : toWire(o.hold),
  o.maintenanceRatio,
  JSON.stringify(o.fees),
  o.financingRate,
  o.clientKey,
  o.at.toISOString(),
  o.opening?.price ?? null,
  o.opening ? o.at.toISOString() : null,
  o.opening ? toWire(o.opening.margin) : '0',
  o.opening ? toWire(o.opening.fee) : '0',
  o.dayTradeMargin ? 'daytrade' : 'order',
];

const entryOf = (o: NewOrder, orderNo: string): EntryInput => ({
  kind: o.opening ? 'trade_open' : 'trade_hold',
  reason: o.opening ? ledgerReasons.tradeOpen : ledgerReasons.tradeHold,
  refType: 'trade',
  refId: orderNo,
  requestId: o.requestId,
  at: o.at,
  lines: open({ memberId: o.memberId, filled: o.opening, hold: o.hold }).lines,
});

/** Issue 17 §9: the stock's status as stored, inside the transaction that writes the order. */
function tradableRefusal(status: string | null | undefined) {
  const refused = statusRefusal(status);
  return refused ? refuse(orderRefusalKey[refused]) : null;
}

/**
 * One order alone: a batch of one. A client key already used finds the order placed with it; when the call stores its
 * key in this transaction, that order's stored answer is the call's answer instead (`KeyTaken`).
 */
async function writeOne(db: Database, o: NewOrder, guard?: DayTradeGuard): Promise<PositionRow> {
  try {
    const [answer] = await writeOrders(db, [o], guard);
    if (answer && 'ok' in answer) return answer.ok;
    throw answer?.error;
  } catch (err) {
    const existing =
      o.clientKey && isUniqueViolation(err) ? await positionByClientKey(db, o.memberId, o.clientKey) : null;
    if (existing && o.keyInWrite) throw new KeyTaken();
    if (existing) return existing;
    throw err;
  }
}

/**
 * Many orders in one transaction, each statement written once for all of them: the members' restrictions, the stocks'
 * statuses, the order numbers, the rows, the ledger entries (postEntries: one lock, one write), the events and the
 * calls' answers under their Idempotency-Keys. Orders of a restricted member or on a stock that is not tradable are
 * refused and left out; anything else that goes wrong (one member short of money, a repeated client key, a key
 * already used) fails the batch, and group commit writes its orders again one by one.
 */
export async function writeOrders(
  db: Database,
  orders: readonly NewOrder[],
  guard?: DayTradeGuard,
): Promise<BatchAnswer<PositionRow>[]> {
  return db.transaction(async (tx) => {
    // As committed, never from a cache: a member frozen a moment ago places nothing (SPEC §6).
    // The stocks' statuses as stored too (issue 17 §9), held FOR SHARE: both in one round trip.
    const [restricted, statuses] = await readFacts(
      tx,
      restrictionFact(
        orders.map((o) => o.memberId),
        tradingRestrictions,
      ),
      symbolStatusFact(orders.map((o) => o.symbol)),
    );
    const refusals = orders.map((o) => {
      const key = restricted.get(o.memberId);
      return key ? refuse(key) : tradableRefusal(statuses.get(o.symbol));
    });
    // Issue 26: day trades against their quotas, in the same transaction (ordinary batches skip this statement).
    const dayTrades = orders.flatMap((o, i) =>
      o.dayTradeMargin && refusals[i] === null ? [{ i, memberId: o.memberId, margin: o.dayTradeMargin, at: o.at }] : [],
    );
    if (dayTrades.length > 0) {
      const keys = guard ? await guard(tx, dayTrades) : dayTrades.map(() => errorKeys.daytrade.notApproved);
      dayTrades.forEach((d, k) => {
        const key = keys[k];
        if (key) refusals[d.i] = refuse(key);
      });
    }
    const writing = orders.filter((_, i) => refusals[i] === null);
    const answer = (written: readonly PositionRow[]): BatchAnswer<PositionRow>[] => {
      let next = 0;
      return refusals.map((refusal) => (refusal ? { error: refusal } : { ok: written[next++] as PositionRow }));
    };
    if (writing.length === 0) return answer([]);
    // Each order's number is its own time and a serial drawn by the INSERT itself; the rows come back in the orders'
    // order (their ordinality), so each is told apart without a statement of its own.
    const values = writing.map((o) => valuesOf(o, orderNumberStem('T', o.at)));
    const column = (k: number) => values.map((v) => v[k] ?? null);
    const written = await tx.query<PositionRow>(
      `WITH src AS (
         SELECT u.stem || ${orderSerialSql} AS order_no, u.*
           FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[],
             $8::int[], $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[], $14::jsonb[],
             $15::numeric[], $16::text[], $17::timestamptz[], $18::numeric[], $19::timestamptz[], $20::numeric[],
             $21::numeric[], $22::text[]) WITH ORDINALITY
             AS u(stem, member_id, symbol, side, order_type, status, quantity, leverage, limit_price, stop_loss,
                  take_profit, held, maintenance_ratio, fee_terms, financing_rate, client_key, created_at, open_price,
                  opened_at, margin, purchase_fee, origin, n)
       ), ins AS (
         INSERT INTO trade_positions (${columns})
         SELECT ${columns} FROM src
         RETURNING ${positionColumns}
       )
       SELECT ins.* FROM ins JOIN src USING (order_no) ORDER BY src.n`,
      Array.from({ length: 22 }, (_, k) => column(k) as string[]),
    );
    // The calls' answers come before the ledger, so its accounts (the house's fee shards, which other batches and the
    // engine post to as well) are held for the fewest statements before the commit; the events come last, as the lock
    // order says (position rows, ledger accounts, then the member's event chain: docs/architecture.md).
    // Each call's answer under its key, committed with its order: a retry is answered from it, even after a crash.
    const keyed = writing.flatMap((o, i) =>
      o.keyInWrite ? [{ o, k: o.keyInWrite, row: written[i] as PositionRow }] : [],
    );
    if (keyed.length > 0) {
      const bodies = keyed.map(({ k, row }) => k.answerOf(row));
      const stored = await storeAnswers(
        tx,
        keyed.map(({ k }, i) => ({ ...k.key, httpStatus: 200, body: bodies[i] })),
        (keyed[0] as (typeof keyed)[number]).o.at,
      );
      if (stored < keyed.length) throw new KeyTaken();
    }
    await postMany(
      tx,
      writing.map((o, i) => entryOf(o, (written[i] as PositionRow).order_no)),
      errorKeys.funds.insufficientBalance,
    );
    await writeOutboxMany(
      tx,
      written.map((r, i) => ({
        event: positionEvent(r, r.status, null, r.status === 'holding'),
        at: (writing[i] as NewOrder).at,
      })),
    );
    return answer(written);
  });
}

/**
 * The process's order writer: group commit over writeOne and writeOrders (at most 64 orders a transaction). A failed
 * batch is written again order by order only when it surely rolled back: a refusal, a key already used, or an error
 * PostgreSQL reported.
 */
export function orderWriter(db: Database, guard?: DayTradeGuard) {
  return groupCommit<NewOrder, PositionRow>({
    writeOne: (o) => writeOne(db, o, guard),
    writeMany: (orders) => writeOrders(db, orders, guard),
    maxBatch: 64,
    retryAlone: (err) => err instanceof Refusal || err instanceof KeyTaken || isStatementError(err),
  });
}
