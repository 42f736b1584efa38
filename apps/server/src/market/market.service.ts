import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { CandlePeriodName, QuoteWire, SymbolStatus } from '@kabuto/contracts/market/fields';
import type { stockListSorts } from '@kabuto/contracts/market/quotes';
import type { candlesCall, stockDetailCall, stockListCall } from '@kabuto/contracts/market/quotes';
import type { marketStatusCall } from '@kabuto/contracts/market/status';
import type { optionalListCall } from '@kabuto/contracts/market/watchlist';
import type { indexConstituentsCall } from '@kabuto/contracts/gdindex/indices';
import type { adminSymbolStatusSchema } from '@kabuto/contracts/admin/market';
import type { z } from 'zod';
import { sessionState, type SessionProfile } from '@kabuto/domain/market/trading-session';
import { orderWindow } from '@kabuto/domain/market/order-window';
import { orderWindowWire } from './order-window-wire.ts';
import { money } from '@kabuto/domain/money';
import { bucketStart, rollUp, type Candle } from '@kabuto/domain/market/candles';
import { refuse } from '../errors/public.ts';
import type { Principal, StaffPrincipal } from '../http/public.ts';
import { recordAudit } from '../audit/public.ts';
import { nudgeOutbox, writeBroadcast, type Bus } from '../platform/public.ts';
import type { Clock } from '../clock.ts';
import { candleColumns, candleOf, type CandleRow } from './candle-rows.ts';
import { candleWire, type MarketSnapshot, type SymbolEntry } from './market-snapshot.ts';
import type { MarketHistory } from './market-history.ts';
import type { CandleTuple, MarketMessage } from './market-messages.ts';
import { searchFold } from './search-fold.ts';
import { symbolStatusInTx } from './symbol-status.ts';

export interface MarketServiceDeps {
  db: Database;
  clock: Clock;
  bus: Bus;
  profile: SessionProfile;
  snapshot: MarketSnapshot;
  history: MarketHistory;
}

/** How many searches a member's history keeps. */
export const searchHistoryLength = 20;
export const searchResultsLimit = 20;
export const watchlistLimit = 100;

type AdminSymbolStatus = z.infer<typeof adminSymbolStatusSchema>;
type StatusAction = 'halt' | 'resume' | 'delist';

export function marketService(deps: MarketServiceDeps) {
  const { db, snapshot } = deps;

  const entryOf = (symbol: string): SymbolEntry => {
    const e = snapshot.get(symbol);
    if (!e) throw refuse(errorKeys.market.unknownSymbol);
    return e;
  };

  // Search keys, folded once here and not per query: the code, and the names in three languages with the reading.
  const keysOf = (e: SymbolEntry) => ({
    code: searchFold(e.company.code),
    names: [e.company.names.jp, e.company.names.en, e.company.names.tw, e.company.reading].map(searchFold),
  });
  const searchKeys = new Map(snapshot.all().map((e) => [e.company.code, keysOf(e)]));

  async function adminStatuses(where: string, params: (string | boolean)[]): Promise<AdminSymbolStatus[]> {
    const rows = await db.query<{
      code: string;
      status: SymbolStatus;
      status_reason: string | null;
      status_at: Date | null;
      status_by: string | null;
    }>(
      `SELECT s.code, s.status, s.status_reason, s.status_at, m.account AS status_by FROM market_symbols s LEFT JOIN members m ON m.id = s.status_by WHERE ${where} ORDER BY s.code`,
      params,
    );
    return rows.flatMap((r) => {
      const e = snapshot.get(r.code);
      return e
        ? [
            {
              symbol: r.code,
              names: e.company.names,
              status: r.status,
              statusReason: r.status_reason,
              statusAt: r.status_at ? new Date(r.status_at).toISOString() : null,
              statusBy: r.status_by,
            },
          ]
        : [];
    });
  }

  async function adminStatusOf(symbol: string): Promise<AdminSymbolStatus> {
    const [one] = await adminStatuses(`s.code = $1`, [symbol]);
    if (!one) throw refuse(errorKeys.market.unknownSymbol);
    return one;
  }

  /** The candle of the week or month in progress: its stored daily candles, today's from the feed's live one. */
  async function dayPeriodCandle(
    symbol: string,
    period: '1w' | '1M',
    live: ReadonlyMap<CandlePeriodName, CandleTuple>,
  ): Promise<CandleTuple | null> {
    const from = bucketStart(period, deps.clock.now());
    const rows = await db.query<CandleRow>(
      `SELECT ${candleColumns} FROM market_candles
        WHERE symbol = $1 AND period = '1d' AND bucket_start >= $2 ORDER BY bucket_start`,
      [symbol, from],
    );
    const days = new Map<number, Candle>(rows.map((r) => [new Date(r.bucket_start).getTime(), candleOf(r)]));
    // The database may be a flush behind the feed on today's candle.
    const today = live.get('1d');
    if (today && today[0] >= from.getTime()) {
      const [start, open, high, low, close, volume, turnover] = today;
      days.set(start, { period: '1d', start: new Date(start), open, high, low, close, volume, turnover });
    }
    const rolled = rollUp([...days.values()], period).find((c) => c.start.getTime() === from.getTime());
    return rolled
      ? [rolled.start.getTime(), rolled.open, rolled.high, rolled.low, rolled.close, rolled.volume, rolled.turnover]
      : null;
  }

  return {
    status(): ResponseOf<typeof marketStatusCall> {
      const now = deps.clock.now();
      const s = sessionState(deps.profile, now);
      return {
        profile: deps.profile,
        open: s.open,
        phase: s.phase,
        nextOpen: s.nextOpen?.toISOString() ?? null,
        source: snapshot.source(),
        now: now.toISOString(),
        orderWindow: orderWindowWire(orderWindow(deps.profile, now)),
      };
    },

    /** Listed and halted stocks by code, or ranked; delisted ones are left out of lists and rankings. */
    list(q: {
      sort: (typeof stockListSorts)[number];
      page: number;
      pageSize: number;
    }): ResponseOf<typeof stockListCall> {
      // Rankings are cut at zero: gainers only rose, losers only fell (the screens re-rank with the same rule). The
      // snapshot keeps every order as ticks arrive, so a page costs its own quotes, not a sort of the market.
      const ranked = snapshot.ranked(q.sort);
      const from = (q.page - 1) * q.pageSize;
      return {
        items: ranked.slice(from, from + q.pageSize).map(snapshot.quote),
        total: ranked.length,
        source: snapshot.source(),
      };
    },

    detail(symbol: string): ResponseOf<typeof stockDetailCall> {
      const e = entryOf(symbol);
      const depth = snapshot.depth(e);
      return { ...snapshot.quote(e), depth: { bids: depth.bids, asks: depth.asks } };
    },

    /** Stored candles (history, then the feed's flushed ones) with the live candle from memory on top. */
    async candles(symbol: string, period: CandlePeriodName, limit: number): Promise<ResponseOf<typeof candlesCall>> {
      const e = entryOf(symbol);
      await deps.history.ensure(symbol);
      const rows = await db.query<CandleRow>(
        `SELECT ${candleColumns} FROM market_candles WHERE symbol = $1 AND period = $2 ORDER BY bucket_start DESC LIMIT $3`,
        [symbol, period, limit],
      );
      const candles = rows.reverse().map((r) => ({
        start: new Date(r.bucket_start).toISOString(),
        open: r.open,
        high: r.high,
        low: r.low,
        close: r.close,
        volume: Number(r.volume),
        turnover: r.turnover,
      }));
      // The week and month in progress are their days rolled up (stored days and today's live one), whatever
      // the stored row says: days back-filled after it was written count too (issue 16).
      const held = await snapshot.candlesOf(e);
      const live = period === '1w' || period === '1M' ? await dayPeriodCandle(symbol, period, held) : held.get(period);
      if (live) {
        const wire = candleWire(live);
        const last = candles.at(-1);
        if (last && last.start === wire.start) candles[candles.length - 1] = wire;
        else if (!last || last.start < wire.start) {
          candles.push(wire);
          if (candles.length > limit) candles.shift();
        }
      }
      return { symbol, period, source: snapshot.source(), candles };
    },

    /** By code prefix, or by name in any of the three languages or its reading (folded: `searchFold`); a signed-in member's query joins their history when they meant it (`remember`). */
    async search(q: string, principal: Principal | null, remember = false): Promise<QuoteWire[]> {
      const needle = searchFold(q.trim());
      const ranked: { rank: number; e: SymbolEntry }[] = [];
      // A query of only spaces or middle dots folds to nothing and finds nothing (not everything).
      for (const e of needle === '' ? [] : snapshot.all()) {
        let keys = searchKeys.get(e.company.code);
        // A stock that joined the market since (an IPO's listing, issue 25) is folded at its first search.
        if (keys === undefined) searchKeys.set(e.company.code, (keys = keysOf(e)));
        const { code, names } = keys;
        const rank =
          code === needle
            ? 0
            : code.startsWith(needle)
              ? 1
              : names.some((n) => n.startsWith(needle))
                ? 2
                : names.some((n) => n.includes(needle))
                  ? 3
                  : -1;
        if (rank >= 0) ranked.push({ rank, e });
      }
      ranked.sort((a, b) => a.rank - b.rank || a.e.company.code.localeCompare(b.e.company.code));
      if (principal && remember) {
        const now = deps.clock.now();
        await db.transaction(async (tx) => {
          await tx.query(`DELETE FROM market_search_history WHERE member_id = $1 AND query = $2`, [
            principal.memberId,
            q.trim(),
          ]);
          await tx.query(`INSERT INTO market_search_history (member_id, query, searched_at) VALUES ($1, $2, $3)`, [
            principal.memberId,
            q.trim(),
            now,
          ]);
          await tx.query(
            `DELETE FROM market_search_history WHERE member_id = $1 AND id NOT IN (SELECT id FROM market_search_history WHERE member_id = $1 ORDER BY id DESC LIMIT ${searchHistoryLength})`,
            [principal.memberId],
          );
        });
      }
      return ranked.slice(0, searchResultsLimit).map((r) => snapshot.quote(r.e));
    },

    async searchHistory(principal: Principal): Promise<{ query: string; at: string }[]> {
      const rows = await db.query<{ query: string; searched_at: Date }>(
        `SELECT query, searched_at FROM market_search_history WHERE member_id = $1 ORDER BY id DESC LIMIT ${searchHistoryLength}`,
        [principal.memberId],
      );
      return rows.map((r) => ({ query: r.query, at: new Date(r.searched_at).toISOString() }));
    },

    async clearSearchHistory(principal: Principal): Promise<null> {
      await db.query(`DELETE FROM market_search_history WHERE member_id = $1`, [principal.memberId]);
      return null;
    },

    /** SPEC §7 Optionallist: the member's own watchlist, newest first, with each stock's figures. */
    async watchlist(principal: Principal): Promise<ResponseOf<typeof optionalListCall>> {
      const rows = await db.query<{ symbol: string; added_at: Date }>(
        `SELECT symbol, added_at FROM watchlist_items WHERE member_id = $1 ORDER BY added_at DESC, symbol`,
        [principal.memberId],
      );
      return rows.flatMap((r) => {
        const e = snapshot.get(r.symbol);
        return e ? [{ ...snapshot.quote(e), addedAt: new Date(r.added_at).toISOString() }] : [];
      });
    },

    async watch(principal: Principal, symbol: string): Promise<{ symbol: string; onWatchlist: boolean }> {
      entryOf(symbol);
      await db.transaction(async (tx) => {
        if ((await symbolStatusInTx(tx, symbol)) === 'delisted') throw refuse(errorKeys.market.delisted);
        // The member row is the lock that keeps two concurrent adds from both passing the limit.
        await tx.query(`SELECT 1 FROM members WHERE id = $1 FOR UPDATE`, [principal.memberId]);
        const [count] = await tx.query<{ n: string }>(
          `SELECT count(*) AS n FROM watchlist_items WHERE member_id = $1 AND symbol <> $2`,
          [principal.memberId, symbol],
        );
        if (Number(count?.n ?? 0) >= watchlistLimit) throw refuse(errorKeys.market.watchlistFull);
        await tx.query(
          `INSERT INTO watchlist_items (member_id, symbol, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [principal.memberId, symbol, deps.clock.now()],
        );
      });
      return { symbol, onWatchlist: true };
    },

    async unwatch(principal: Principal, symbol: string): Promise<{ symbol: string; onWatchlist: boolean }> {
      entryOf(symbol);
      await db.query(`DELETE FROM watchlist_items WHERE member_id = $1 AND symbol = $2`, [principal.memberId, symbol]);
      return { symbol, onWatchlist: false };
    },

    indices() {
      return snapshot.indices().values;
    },

    constituents(code: string): ResponseOf<typeof indexConstituentsCall> {
      const definition = snapshot.definitions().find((d) => d.code === code.toUpperCase());
      const index = snapshot.indices().values.find((v) => v.code === definition?.code);
      if (!definition || !index) throw refuse(errorKeys.market.unknownIndex);
      const weights = snapshot.weights(definition);
      const constituents = definition.constituents.flatMap((symbol) => {
        const e = snapshot.get(symbol);
        if (!e) return [];
        const q = snapshot.quote(e);
        return [
          {
            symbol,
            names: q.names,
            last: q.last,
            changePercent: q.changePercent,
            shares: definition.method === 'cap-weighted' ? String(definition.shares.get(symbol) ?? 0) : null,
            weightPercent: weights.get(symbol) ?? '0',
          },
        ];
      });
      constituents.sort(
        (a, b) => money(b.weightPercent).comparedTo(money(a.weightPercent)) || a.symbol.localeCompare(b.symbol),
      );
      return { index, method: definition.description, source: snapshot.source(), constituents };
    },

    adminSymbols(onlyRestricted: boolean): Promise<AdminSymbolStatus[]> {
      return adminStatuses(`$1 = false OR s.status <> 'listed'`, [onlyRestricted]);
    },

    /**
     * Staff halt, resume or delist (audited). The change leaves through the outbox in the same transaction, so every
     * process's snapshot and screens hear of it even if this process dies right after the commit; this process's
     * own snapshot reads it before answering.
     */
    async setStatus(
      staff: StaffPrincipal,
      action: StatusAction,
      body: { symbol: string; reason: string },
      requestId: string,
    ): Promise<AdminSymbolStatus> {
      entryOf(body.symbol);
      const now = deps.clock.now();
      const next: SymbolStatus = action === 'halt' ? 'halted' : action === 'resume' ? 'listed' : 'delisted';
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ status: SymbolStatus }>(
          `SELECT status FROM market_symbols WHERE code = $1 FOR UPDATE`,
          [body.symbol],
        );
        if (!row) throw refuse(errorKeys.market.unknownSymbol);
        if (row.status === 'delisted') throw refuse(errorKeys.market.delisted);
        if (action === 'halt' && row.status !== 'listed') throw refuse(errorKeys.market.alreadyHalted);
        if (action === 'resume' && row.status !== 'halted') throw refuse(errorKeys.market.notHalted);
        await tx.query(
          `UPDATE market_symbols SET status = $2, status_reason = $3, status_by = $4, status_at = $5 WHERE code = $1`,
          [body.symbol, next, next === 'listed' ? null : body.reason, staff.memberId, now],
        );
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: `market.${action}`,
            target: body.symbol,
            reason: body.reason,
            requestId,
          },
          now,
        );
        const payload = { kind: 'status', symbol: body.symbol } satisfies MarketMessage;
        await writeBroadcast(tx, { topic: 'market', type: 'market.status', payload }, now);
      });
      await snapshot.refreshStatus(body.symbol);
      // A lost nudge only leaves the relay to its next interval.
      await nudgeOutbox(deps.bus).catch(() => undefined);
      return adminStatusOf(body.symbol);
    },
  };
}
export type MarketService = ReturnType<typeof marketService>;
