import type { Database } from '@kabuto/db/database';
import { errorKeys, type ErrorKey } from '@kabuto/contracts/errors';
import type {
  CandlePeriodName,
  CandleWire,
  IndexValueWire,
  PriceSource,
  QuoteWire,
  SymbolStatus,
} from '@kabuto/contracts/market/fields';
import { candlePeriods } from '@kabuto/contracts/market/fields';
import { parseTopic, type MarketTopic, type ServerMessage } from '@kabuto/contracts/stream/messages';
import { dailyPriceLimits } from '@kabuto/domain/market/price-limit';
import { tickSize } from '@kabuto/domain/market/tick-size';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import { minusWire, money, percentWire, toWire } from '@kabuto/domain/money';
import { depthOf, type Depth } from '@kabuto/market/simulator';
import type { TseCompany } from '@kabuto/market/tse-companies';
import { constituentWeights, indexDefinitions, type IndexDefinition, type PricePoint } from '@kabuto/market/indices';
import { indexWires } from './market-indices.ts';
import type { Bus } from '../platform/public.ts';
import type { Clock } from '../clock.ts';
import type { ListOrder } from '@kabuto/domain/market/ranking';
import {
  candlesAfter,
  decodeTick,
  marketChannel,
  streamSeq,
  marketResyncChannel,
  type CandleTuple,
  type MarketWire,
  type TickState,
} from './market-messages.ts';
import { rankings } from './rankings.ts';
import { ipoCompany, type ListedIpoRow, type MarketCompany } from './upcoming.ts';

/** A symbol's candles are followed (kept up to date from the ticks) this long after anyone last asked for them. */
const followCandlesMs = 10 * 60_000;
/** How long a read waits for the leader's answer to a resync before answering without the live candles. */
const resyncWaitMs = 1000;

/** One symbol as this process knows it: its listing, status and latest state from the feed. */
export interface SymbolEntry {
  company: MarketCompany;
  status: SymbolStatus;
  statusReason: string | null;
  state: TickState;
  /**
   * The live candle per period, from the feed (the database may be up to a flush behind); kept only while the symbol
   * is followed (`candlesSeq` not null: they are those after that trade), else empty. See `candlesOf`.
   */
  candles: ReadonlyMap<CandlePeriodName, CandleTuple>;
  candlesSeq: number | null;
  /** When anyone last asked for the candles (clock ms). */
  candlesAskedAt: number;
}

/** What the stream needs from the market: topic checks, current sequence numbers and updates. */
export interface MarketUpdate {
  topics: MarketTopic[];
  build(topic: MarketTopic): ServerMessage | null;
}

interface StateRow extends ListedIpoRow {
  status: SymbolStatus;
  /** Set when the stock joined the market by an IPO's listing (issue 25). */
  listed_at: Date | null;
  status_reason: string | null;
  day: string | Date | null;
  last: string | null;
  prev_close: string | null;
  open: string | null;
  high: string | null;
  low: string | null;
  volume: string | number | null;
  turnover: string | null;
  seq: string | number | null;
  updated_at: Date | null;
}

const dayText = (d: string | Date): string =>
  typeof d === 'string'
    ? d.slice(0, 10)
    : `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;

/** The day's limit prices as the exchange sets them (the simulator's rule, `dailyPriceLimits`). */
export function dayBand(
  prevClose: string,
  company: Pick<MarketCompany, 'tickTable'>,
): { upper: string; lower: string } {
  const { upper, lower } = dailyPriceLimits(prevClose, company.tickTable);
  return { upper: toWire(upper), lower: toWire(lower) };
}

export const candleWire = (t: CandleTuple): CandleWire => ({
  start: new Date(t[0]).toISOString(),
  open: t[1],
  high: t[2],
  low: t[3],
  close: t[4],
  volume: t[5],
  turnover: t[6],
});

/**
 * Every process's view of the market, fed by the leader's messages on the bus: API reads and the
 * stream are answered from memory, never from the feed itself (which runs on the leader only).
 */
export async function marketSnapshot(deps: {
  db: Database;
  bus: Bus;
  clock: Clock;
  seed: number;
  universe: readonly TseCompany[];
  source: PriceSource;
  log?: (msg: string, err?: unknown) => void;
}) {
  const entries = new Map<string, SymbolEntry>();
  const definitions: IndexDefinition[] = [];
  let indices: { epoch: number; seq: number; values: IndexValueWire[] } = { epoch: 0, seq: 0, values: [] };
  let source = deps.source;
  let appliedStep = 0;
  const listeners = new Set<(u: MarketUpdate) => void>();
  const tickListeners = new Set<(entries: readonly SymbolEntry[]) => void>();
  const listingListeners = new Set<(entry: SymbolEntry) => void>();
  const statusListeners = new Set<(symbol: string, status: SymbolStatus) => void>();
  const stepWaiters: { step: number; resolve: () => void }[] = [];

  // Listening before the tables are read: a status change relayed while they load is read again afterwards, never
  // lost between the two (ticks meanwhile are dropped; the next one brings the symbol's whole state).
  let loading = true;
  const changedWhileLoading = new Set<string>();
  const unsubscribe = await deps.bus.subscribe(marketChannel, (raw) => {
    let m: MarketWire;
    try {
      m = JSON.parse(raw) as MarketWire;
    } catch {
      return;
    }
    if (loading) {
      if (m.kind === 'status') changedWhileLoading.add(m.symbol);
      return;
    }
    try {
      apply(m);
    } catch (err) {
      deps.log?.('market: bad bus message', err);
    }
  });

  // The symbol's row with its live state, as a process loads it (all of them at start, one when it joins the market).
  const stateSql = (where: string) =>
    `SELECT s.code, s.name_jp, s.name_en, s.name_tw, s.topix500, s.status, s.status_reason, s.listed_at,
            s.base_price::text AS base_price, l.day, l.last::text AS last, l.prev_close::text AS prev_close,
            l.open::text AS open, l.high::text AS high, l.low::text AS low, l.volume, l.turnover::text AS turnover, l.seq, l.updated_at
       FROM market_symbols s LEFT JOIN market_live_state l ON l.symbol = s.code ${where} ORDER BY s.code`;
  const rows = await deps.db.query<StateRow>(stateSql(''));
  // Stored state is numbered in the current epoch: a leader of a newer one streams higher numbers from its first trade.
  const [epochRow] = await deps.db.query<{ epoch: string }>(`SELECT epoch FROM leader_epoch WHERE id = 1`);
  const epoch = Number(epochRow?.epoch ?? 0);
  const universe = new Map(deps.universe.map((c) => [c.code, c]));
  /**
   * The company a stored symbol is carried as: one of the universe, or an IPO's stock once it has listed (issue 25);
   * none for any other stored symbol (an offered stock before its listing, or a withdrawn one, or one of another
   * universe).
   */
  const companyOf = (r: StateRow): MarketCompany | undefined =>
    universe.get(r.code) ?? (r.listed_at !== null ? ipoCompany(r) : undefined);

  function entryOf(company: MarketCompany, r: StateRow): SymbolEntry {
    const today = sessionDate(deps.clock.now());
    // A state from an earlier day is shown as the new day would open: last price as previous close.
    const last = r.last ?? company.basePrice;
    const sameDay = r.day !== null && dayText(r.day) === today;
    const prevClose = sameDay ? (r.prev_close ?? last) : last;
    return {
      company,
      status: r.status,
      statusReason: r.status_reason,
      state: {
        symbol: r.code,
        seq: Number(r.seq ?? 0),
        epoch,
        at: r.updated_at ? new Date(r.updated_at).getTime() : deps.clock.now().getTime(),
        last: toWire(money(last)),
        prevClose: toWire(money(prevClose)),
        open: sameDay ? r.open : null,
        high: sameDay ? r.high : null,
        low: sameDay ? r.low : null,
        volume: sameDay ? Number(r.volume ?? 0) : 0,
        turnover: sameDay ? (r.turnover ?? '0') : '0',
        ...dayBand(prevClose, company),
        day: today,
      },
      candles: new Map(),
      candlesSeq: null,
      candlesAskedAt: 0,
    };
  }

  for (const r of rows) {
    const company = companyOf(r);
    if (company !== undefined) entries.set(r.code, entryOf(company, r));
  }
  // The indices are the universe's: a stock that lists later joins none (their base is their constituents at start).
  definitions.push(...indexDefinitions([...entries.keys()].flatMap((code) => universe.get(code) ?? [])));
  const [feedRow] = await deps.db.query<{ index_seq: string }>(`SELECT index_seq FROM market_feed_state WHERE id = 1`);

  function pricePoints(): Map<string, PricePoint> {
    return new Map(
      [...entries].map(([code, e]) => [
        code,
        { last: e.state.last, prevClose: e.state.prevClose, basePrice: e.company.basePrice },
      ]),
    );
  }

  const indexSeq = Number(feedRow?.index_seq ?? 0);
  indices = {
    epoch,
    seq: indexSeq,
    values: indexWires(definitions, pricePoints(), streamSeq(epoch, indexSeq), source),
  };

  // Each symbol's quote is worked out once per change (ticks, status, source), not per read.
  const quotes = new Map<SymbolEntry, QuoteWire>();
  function quote(e: SymbolEntry): QuoteWire {
    let q = quotes.get(e);
    if (q === undefined) {
      q = quoteOf(e);
      quotes.set(e, q);
    }
    return q;
  }

  function quoteOf(e: SymbolEntry): QuoteWire {
    // On the digits (issue 17 §13): every trade makes a new quote, and the rankings read each one.
    const change = minusWire(e.state.last, e.state.prevClose);
    return {
      symbol: e.company.code,
      names: e.company.names,
      sectorCode: e.company.sectorCode,
      sector: e.company.sector,
      topix500: e.company.topix500,
      status: e.status,
      statusReason: e.statusReason,
      last: e.state.last,
      prevClose: e.state.prevClose,
      change,
      changePercent: percentWire(change, e.state.prevClose),
      open: e.state.open,
      high: e.state.high,
      low: e.state.low,
      volume: e.state.volume,
      turnover: e.state.turnover,
      limitUp: e.state.upper,
      limitDown: e.state.lower,
      tickSize: toWire(tickSize(money(e.state.last), e.company.tickTable)),
      day: e.state.day,
      seq: streamSeq(e.state.epoch, e.state.seq),
      source,
    };
  }

  function depth(e: SymbolEntry): Depth {
    return depthOf(deps.seed, e.company, {
      symbol: e.company.code,
      last: e.state.last,
      upper: e.state.upper,
      lower: e.state.lower,
      trades: e.state.seq,
      day: e.state.day,
    });
  }

  function notify(update: MarketUpdate): void {
    for (const l of listeners) {
      try {
        l(update);
      } catch (err) {
        deps.log?.('market: listener failed', err);
      }
    }
  }

  const ranks = rankings(
    [...entries.values()],
    (e) => quote(e),
    (e) => e.status !== 'delisted',
  );
  const notTrading = new Set([...entries.values()].filter((e) => e.status !== 'listed').map((e) => e.company.code));

  /** The symbol's figures (or its listing) changed: its quote is worked out again and it moves in the rankings. */
  function changed(e: SymbolEntry, listing = false): void {
    quotes.delete(e);
    ranks.touch(e, listing);
  }

  // Symbols whose candles this process asked the leader for, with the reads waiting for them.
  const resyncWaiters = new Map<string, (() => void)[]>();
  let resyncAsk: Set<string> | null = null;
  /** Asks the leader for the symbol's candles (asks of one turn of the event loop go as one message). */
  function askResync(symbol: string): Promise<void> {
    return new Promise<void>((resolve) => {
      const waiting = resyncWaiters.get(symbol) ?? [];
      resyncWaiters.set(symbol, [...waiting, resolve]);
      // Without an answer (no leader yet) the read goes on without the live candles.
      setTimeout(resolve, resyncWaitMs).unref();
      if (waiting.length > 0) return;
      if (resyncAsk === null) {
        const ask = (resyncAsk = new Set());
        setImmediate(() => {
          resyncAsk = null;
          deps.bus
            .publish(marketResyncChannel, JSON.stringify([...ask]))
            .catch((err: unknown) => deps.log?.('market: resync request failed', err));
        });
      }
      resyncAsk.add(symbol);
    });
  }

  function unfollow(e: SymbolEntry): void {
    e.candles = new Map();
    e.candlesSeq = null;
  }

  /**
   * A tick's candles (issue 17 §13): a followed symbol derives the ones not sent from its own, when they are those
   * of the trade before; after a gap it stops following and, if still asked for, asks for them again. A symbol
   * nobody asked for lately is not followed (no candle work per tick); an answer to this process's ask, or a tick
   * with every candle, starts it again.
   */
  function takeCandles(e: SymbolEntry, t: ReturnType<typeof decodeTick>): void {
    const asked = deps.clock.now().getTime() - e.candlesAskedAt <= followCandlesMs;
    const waiters = resyncWaiters.get(e.company.code);
    if (t.full && (waiters || (e.candlesSeq !== null && asked))) {
      e.candles = new Map(Object.entries(t.candles) as [CandlePeriodName, CandleTuple][]);
      e.candlesSeq = t.state.seq;
      resyncWaiters.delete(e.company.code);
      for (const w of waiters ?? []) w();
      return;
    }
    if (e.candlesSeq === null) return;
    if (!asked) return unfollow(e);
    if (t.state.seq !== e.candlesSeq + 1) {
      unfollow(e);
      void askResync(e.company.code);
      return;
    }
    e.candles = candlesAfter(e.candles, t);
    e.candlesSeq = t.state.seq;
  }

  // Status changes are read from the table one at a time, in arrival order: a late or repeated message (the outbox
  // delivers at least once) can never undo a newer change, and open screens hear only of real changes.
  let statusReads: Promise<void> = Promise.resolve();
  function refreshStatus(symbol: string): Promise<void> {
    statusReads = statusReads
      .then(() => readStatus(symbol))
      .catch((err: unknown) => deps.log?.('market: status read failed', err));
    return statusReads;
  }
  async function readStatus(symbol: string): Promise<void> {
    const e = entries.get(symbol);
    if (!e) return join(symbol);
    const [row] = await deps.db.query<{ status: SymbolStatus; status_reason: string | null }>(
      `SELECT status, status_reason FROM market_symbols WHERE code = $1`,
      [symbol],
    );
    if (!row || (row.status === e.status && row.status_reason === e.statusReason)) return;
    e.status = row.status;
    e.statusReason = row.status_reason;
    if (row.status === 'listed') notTrading.delete(symbol);
    else notTrading.add(symbol);
    changed(e, true);
    for (const l of statusListeners) {
      try {
        l(symbol, row.status);
      } catch (err) {
        deps.log?.('market: status listener failed', err);
      }
    }
    const topic: MarketTopic = `quotes:${symbol}`;
    const data = { symbol, status: row.status, reason: row.status_reason };
    notify({ topics: [topic], build: () => ({ type: 'symbolStatus', topic, data }) });
  }

  /**
   * Issue 25: a symbol this process does not carry changed status: when it is an IPO's stock that has listed, it joins
   * the market here (lists, quotes, search, the stream, the order ticket) at its stored state — its base price, the
   * offering price, until it trades — and the feed (on the leader) is told to start trading it.
   */
  async function join(symbol: string): Promise<void> {
    const [row] = await deps.db.query<StateRow>(stateSql('WHERE s.code = $1'), [symbol]);
    const company = row ? companyOf(row) : undefined;
    if (!row || company === undefined || entries.has(symbol)) return;
    const e = entryOf(company, row);
    entries.set(symbol, e);
    if (e.status !== 'listed') notTrading.add(symbol);
    changed(e, true);
    for (const l of listingListeners) {
      try {
        l(e);
      } catch (err) {
        deps.log?.('market: listing listener failed', err);
      }
    }
    for (const l of statusListeners) {
      try {
        l(symbol, e.status);
      } catch (err) {
        deps.log?.('market: status listener failed', err);
      }
    }
  }

  function apply(m: MarketWire): void {
    if (m.kind === 'status') {
      void refreshStatus(m.symbol);
      return;
    }
    if (m.source !== source) {
      source = m.source;
      quotes.clear();
    }
    if (m.kind === 'resync') {
      for (const w of m.ticks) {
        const t = decodeTick(w);
        const e = entries.get(t.state.symbol);
        if (!e) continue;
        // The leader's state at the answer: only a process that missed trades learns anything from it.
        if (t.state.seq !== e.state.seq) {
          e.state = t.state;
          changed(e);
        }
        takeCandles(e, t);
      }
      return;
    }
    const topics: MarketTopic[] = [];
    const touched = new Map<string, SymbolEntry>();
    for (const w of m.ticks) {
      const t = decodeTick(w);
      const e = entries.get(t.state.symbol);
      if (!e) continue;
      e.state = t.state;
      changed(e);
      takeCandles(e, t);
      touched.set(e.company.code, e);
      topics.push(
        `quotes:${e.company.code}`,
        `depth:${e.company.code}`,
        ...candlePeriods.map((p): MarketTopic => `candles:${e.company.code}:${p}`),
      );
    }
    if (m.indices) {
      indices = m.indices;
      topics.push('indices');
    }
    if (tickListeners.size > 0 && touched.size > 0) {
      const moved = [...touched.values()];
      for (const l of tickListeners) {
        try {
          l(moved);
        } catch (err) {
          deps.log?.('market: tick listener failed', err);
        }
      }
    }
    appliedStep = Math.max(appliedStep, m.step);
    for (const w of [...stepWaiters])
      if (w.step <= appliedStep) {
        stepWaiters.splice(stepWaiters.indexOf(w), 1);
        w.resolve();
      }
    notify({
      topics,
      build(topic) {
        const parsed = parseTopic(topic);
        if (!('market' in parsed)) return null;
        const p = parsed.market;
        if (p.kind === 'indices')
          return {
            type: 'indices',
            topic: 'indices',
            seq: streamSeq(indices.epoch, indices.seq),
            data: indices.values,
          };
        const e = touched.get(p.symbol);
        if (!e) return null;
        const seq = streamSeq(e.state.epoch, e.state.seq);
        if (p.kind === 'quotes') {
          const q = quote(e);
          return {
            type: 'quote',
            topic,
            seq,
            data: {
              symbol: q.symbol,
              last: q.last,
              prevClose: q.prevClose,
              change: q.change,
              changePercent: q.changePercent,
              open: q.open,
              high: q.high,
              low: q.low,
              volume: q.volume,
              turnover: q.turnover,
              limitUp: q.limitUp,
              limitDown: q.limitDown,
              tickSize: q.tickSize,
              day: q.day,
              status: q.status,
              source,
              at: new Date(e.state.at).toISOString(),
            },
          };
        }
        if (p.kind === 'depth') {
          const d = depth(e);
          return { type: 'depth', topic, seq, data: { symbol: p.symbol, bids: d.bids, asks: d.asks } };
        }
        if (p.kind !== 'candles') return null;
        e.candlesAskedAt = deps.clock.now().getTime();
        const tuple = e.candles.get(p.period);
        return tuple
          ? { type: 'candle', topic, seq, data: { symbol: p.symbol, period: p.period, candle: candleWire(tuple) } }
          : null;
      },
    });
  }

  loading = false;
  for (const symbol of changedWhileLoading) void refreshStatus(symbol);

  return {
    get: (symbol: string): SymbolEntry | undefined => entries.get(symbol),
    all: (): SymbolEntry[] => [...entries.values()],
    quote,
    depth,
    source: (): PriceSource => source,
    indices: () => indices,
    definitions: (): readonly IndexDefinition[] => definitions,
    weights: (d: IndexDefinition) => constituentWeights(d, pricePoints()),
    /** Reads a symbol's status from the table now (the process that changed it, before answering). */
    refreshStatus,
    /** For the leader: what the halted set is right now (halted and delisted symbols do not trade). */
    notTrading: (): ReadonlySet<string> => notTrading,
    /** The listed and halted symbols in a list order (`rankQuotes`'s lists, kept in order as ticks arrive). */
    ranked: (order: ListOrder): readonly SymbolEntry[] => ranks.ranked(order),
    /**
     * The symbol's live candles, following it from now on: when not followed yet, asks the leader for them and waits
     * for the answer (at most `resyncWaitMs`; an empty map then, the database has the rest).
     */
    async candlesOf(e: SymbolEntry): Promise<ReadonlyMap<CandlePeriodName, CandleTuple>> {
      e.candlesAskedAt = deps.clock.now().getTime();
      if (e.candlesSeq === null) await askResync(e.company.code);
      return e.candles;
    },
    /** Resolves once the feed's step `step` has been applied here (tests step the feed by hand). */
    applied: (step: number): Promise<void> =>
      step <= appliedStep ? Promise.resolve() : new Promise<void>((resolve) => stepWaiters.push({ step, resolve })),
    /** The stream: is this a market topic we can serve, and what is its sequence number now. */
    resolveTopic(topic: MarketTopic): { seq: string } | { error: ErrorKey } {
      const parsed = parseTopic(topic);
      if (!('market' in parsed)) return { error: errorKeys.stream.unknownTopic };
      if (parsed.market.kind === 'indices') return { seq: streamSeq(indices.epoch, indices.seq) };
      const e = entries.get(parsed.market.symbol);
      if (!e) return { error: errorKeys.market.unknownSymbol };
      // A chart on screen: its candles are followed from now on.
      if (parsed.market.kind === 'candles') {
        e.candlesAskedAt = deps.clock.now().getTime();
        if (e.candlesSeq === null) void askResync(e.company.code);
      }
      return { seq: streamSeq(e.state.epoch, e.state.seq) };
    },
    /** The best bid and ask now (the top of the depth ladder), with the quote; null when either side is empty. */
    touch(symbol: string): { bid: string; ask: string; quote: QuoteWire } | null {
      const e = entries.get(symbol);
      if (!e) return null;
      const d = depth(e);
      const bid = d.bids[0]?.price;
      const ask = d.asks[0]?.price;
      return bid === undefined || ask === undefined ? null : { bid, ask, quote: quote(e) };
    },
    /** A symbol's status changed (halted, resumed, delisted), after this process applied it. */
    onStatus(listener: (symbol: string, status: SymbolStatus) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    /** A symbol joined the market while this process runs (an IPO's listing, issue 25), after it is added here. */
    onListing(listener: (entry: SymbolEntry) => void): () => void {
      listingListeners.add(listener);
      return () => listingListeners.delete(listener);
    },
    /** Symbols that just traded, after their state is applied (the trigger engine's input). */
    onTicks(listener: (entries: readonly SymbolEntry[]) => void): () => void {
      tickListeners.add(listener);
      return () => tickListeners.delete(listener);
    },
    onUpdate(listener: (u: MarketUpdate) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close(): Promise<void> {
      await unsubscribe();
      await statusReads;
      listeners.clear();
      tickListeners.clear();
      statusListeners.clear();
      listingListeners.clear();
    },
  };
}
export type MarketSnapshot = Awaited<ReturnType<typeof marketSnapshot>>;
