import type { Database } from '@kabuto/db/database';
import { noSaleRules, type SaleRules } from '@kabuto/domain/trading/sale-rules';
import { closingPrice } from '@kabuto/domain/trading/triggers';
import { errorKeys } from '@kabuto/contracts/errors';
import type { PositionTab, PositionWire } from '@kabuto/contracts/trade/orders';
import { refuse } from '../errors/public.ts';
import type { Principal } from '../http/public.ts';
import { memberTimeline } from '../funds/public.ts';
import type { MarketSnapshot } from '../market/public.ts';
import {
  positionByClientKey,
  positionColumns,
  positionWire,
  type PositionOrigin,
  type PositionRow,
} from './position-row.ts';

const tabStatuses: Record<PositionTab, string[]> = {
  placing: ['pending'],
  holding: ['holding', 'closing'],
  closed: ['closed', 'cancelled'],
  // SPEC §2 "auction": shares allotted in an IPO, held or sold.
  auction: ['holding', 'closing', 'closed'],
  // SPEC §2 "competition": shares bought in an approved block trade (negotiated bidding), held or sold.
  competition: ['holding', 'closing', 'closed'],
  // SPEC §2 "follow orders": positions copy trading mirrored from a lead trader's (issue 26), held or closed.
  follow: ['holding', 'closing', 'closed'],
};
/** The product tabs list one origin whatever the filter says. */
const tabOrigin: Partial<Record<PositionTab, PositionOrigin>> = {
  auction: 'ipo',
  competition: 'block',
  follow: 'copy',
};

type Names = { jp: string; en: string; tw: string };

type Quotes = Pick<MarketSnapshot, 'get' | 'touch'>;

/** A stock's names in the three languages (its code while the snapshot does not know it). */
export const namesIn = (market: Quotes, symbol: string) =>
  market.get(symbol)?.company.names ?? { jp: symbol, en: symbol, tw: symbol };

/** Prices for valuing holding positions now: the side each would close at (bid for a long, ask for a short). */
export function closingPrices(market: Quotes, rows: readonly PositionRow[]): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const r of rows) {
    const touch = market.touch(r.symbol);
    out.set(r.order_no, touch ? closingPrice(r.side, touch) : null);
  }
  return out;
}

/** Issue 24: the trading queries, apart from its commands — positions as a member reads them. */
export function positionQueries(deps: {
  db: Database;
  market: Quotes;
  /** The sale rules shown on each position (kept in the process: trading-reads.ts). */
  saleRules: (symbols: readonly string[]) => Promise<ReadonlyMap<string, SaleRules>>;
  /** The clock's now: a lock-up that has ended is no longer shown. */
  now: () => Date;
}) {
  const { db, market } = deps;

  /**
   * A position as the member reads it, with sale rules already read: nothing is asked of the database. A stock the
   * market does not list yet (an IPO before its listing, issue 25) has no book: its allotted shares are valued at the
   * price they were allotted at, and its names come from `unlisted`.
   */
  function wireWith(
    r: PositionRow,
    rules: ReadonlyMap<string, SaleRules>,
    unlisted: ReadonlyMap<string, Names> = new Map(),
  ): PositionWire {
    const touch = market.touch(r.symbol);
    const notListed = market.get(r.symbol) === undefined;
    const price = touch ? closingPrice(r.side, touch) : notListed && r.origin === 'ipo' ? r.open_price : null;
    const names = unlisted.get(r.symbol) ?? namesIn(market, r.symbol);
    return positionWire(r, names, rules.get(r.symbol) ?? noSaleRules, price, deps.now());
  }

  /** The names of stocks the market does not list (yet): read only when a page holds one. */
  async function unlistedNames(symbols: readonly string[]): Promise<Map<string, Names>> {
    const unknown = [...new Set(symbols)].filter((s) => market.get(s) === undefined);
    if (unknown.length === 0) return new Map();
    const rows = await db.query<{ code: string; jp: string; en: string; tw: string }>(
      `SELECT code, name_jp AS jp, name_en AS en, name_tw AS tw FROM market_symbols WHERE code = ANY($1::text[])`,
      [unknown],
    );
    return new Map(rows.map((r) => [r.code, { jp: r.jp, en: r.en, tw: r.tw }]));
  }

  async function wires(rows: readonly PositionRow[]): Promise<PositionWire[]> {
    const symbols = rows.map((r) => r.symbol);
    const [rules, unlisted] = await Promise.all([deps.saleRules(symbols), unlistedNames(symbols)]);
    return rows.map((r) => wireWith(r, rules, unlisted));
  }

  async function byOrderNo(memberId: string, orderNo: string): Promise<PositionWire> {
    const [row] = await db.query<PositionRow>(
      `SELECT ${positionColumns} FROM trade_positions WHERE order_no = $1 AND member_id = $2`,
      [orderNo, memberId],
    );
    if (!row) throw refuse(errorKeys.order.notExist);
    return (await wires([row]))[0] as PositionWire;
  }

  return {
    wires,
    wireWith,
    byOrderNo,

    /** The order a member placed with this Idempotency-Key (its row carries the key). */
    async byClientKey(p: Principal, clientKey: string): Promise<PositionWire | null> {
      const row = await positionByClientKey(db, p.memberId, clientKey);
      return row ? ((await wires([row]))[0] as PositionWire) : null;
    },

    /**
     * Issue 24 §7: the position a close, cancel or add-margin call with this Idempotency-Key changed, from the journal
     * entry that carries the key (committed with the money), or from the position itself for a close waiting for the
     * closing auction's print (it posts nothing until then): a retry after a crash is answered from it.
     */
    async byEntryKey(p: Principal, clientKey: string): Promise<PositionWire | null> {
      const [row] = await db.query<{ order_no: string }>(
        `SELECT p.order_no FROM journal_entries e JOIN trade_positions p ON p.order_no = e.ref_id
          WHERE e.client_key = $2 AND e.ref_type = 'trade' AND p.member_id = $1
         UNION ALL
         SELECT order_no FROM trade_positions WHERE member_id = $1 AND close_key = $2
         LIMIT 1`,
        [p.memberId, clientKey],
      );
      return row ? byOrderNo(p.memberId, row.order_no) : null;
    },

    /** SPEC §2's position tabs: a status filter, and an origin filter for the product tabs (IPO, block, copy…). */
    async list(
      p: Principal,
      q: { tab: PositionTab; page: number; pageSize: number; origin?: PositionOrigin | null | undefined },
    ) {
      const where = `member_id = $1 AND status = ANY($2::text[]) AND ($3::text IS NULL OR origin = $3)`;
      const args = [p.memberId, tabStatuses[q.tab], tabOrigin[q.tab] ?? q.origin ?? null];
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM trade_positions WHERE ${where}`,
        args,
      );
      const rows = await db.query<PositionRow>(
        `SELECT ${positionColumns} FROM trade_positions WHERE ${where}
          ORDER BY coalesce(closed_at, opened_at, created_at) DESC, order_no DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        args,
      );
      return { items: await wires(rows), total: Number(count?.n ?? 0) };
    },

    /** A position with every fee and time, and its ledger entries oldest first. */
    async detail(p: Principal, orderNo: string) {
      const position = await byOrderNo(p.memberId, orderNo);
      const entries = await memberTimeline(db, p.memberId, 1, 100, { refType: 'trade', refId: orderNo });
      return { ...position, entries: entries.items.slice().reverse() };
    },
  };
}
export type PositionQueries = ReturnType<typeof positionQueries>;
