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
import { priceLimits } from '@kabuto/domain/market/price-limit';
import { roundToTick, tickSize } from '@kabuto/domain/market/tick-size';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import { money, toWire } from '@kabuto/domain/money';
import { depthOf, type Depth } from '@kabuto/market/simulator';
import { findCompany, type TseCompany } from '@kabuto/market/tse-companies';
import { constituentWeights, indexDefinitions, type IndexDefinition, type PricePoint } from '@kabuto/market/indices';
import { indexWires, percentOf } from './market-indices.ts';
import type { Bus } from '../platform/public.ts';
import type { Clock } from '../clock.ts';
import { marketChannel, streamSeq, type CandleTuple, type MarketMessage, type TickState } from './market-messages.ts';

/** One symbol as this process knows it: its listing, status and latest state from the feed. */
export interface SymbolEntry {
  company: TseCompany;
  status: SymbolStatus;
  statusReason: string | null;
  state: Omit<TickState, 'candles'>;
  /** The live candle per period, from the feed (the database may be up to a flush behind). */
  candles: Map<CandlePeriodName, CandleTuple>;
}

/** What the stream needs from the market: topic checks, current sequence numbers and updates. */
export interface MarketUpdate {
  topics: MarketTopic[];
  build(topic: MarketTopic): ServerMessage | null;
}

interface StateRow {
  code: string;
  status: SymbolStatus;
  status_reason: string | null;
  base_price: string;
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

/** The day's band on the grid (the simulator's rule: an off-grid limit is pulled inwards). */
export function dayBand(prevClose: string, company: TseCompany): { upper: string; lower: string } {
  const { upper, lower } = priceLimits(prevClose);
  return {
    upper: toWire(roundToTick(upper, company.tickTable, 'down')),
    lower: toWire(roundToTick(lower, company.tickTable, 'up')),
  };
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
  source: PriceSource;
  log?: (msg: string, err?: unknown) => void;
}) {
  const entries = new Map<string, SymbolEntry>();
  const definitions: IndexDefinition[] = [];
  let indices: { epoch: number; seq: number; values: IndexValueWire[] } = { epoch: 0, seq: 0, values: [] };
  let source = deps.source;
  let appliedStep = 0;
  const listeners = new Set<(u: MarketUpdate) => void>();
  const stepWaiters: { step: number; resolve: () => void }[] = [];

  const rows = await deps.db.query<StateRow>(
    `SELECT s.code, s.status, s.status_reason, s.base_price::text AS base_price, l.day, l.last::text AS last, l.prev_close::text AS prev_close,
            l.open::text AS open, l.high::text AS high, l.low::text AS low, l.volume, l.turnover::text AS turnover, l.seq, l.updated_at
       FROM market_symbols s LEFT JOIN market_live_state l ON l.symbol = s.code ORDER BY s.code`,
  );
  // Stored state is numbered in the current epoch: a leader of a newer one streams higher numbers from its first trade.
  const [epochRow] = await deps.db.query<{ epoch: string }>(`SELECT epoch FROM leader_epoch WHERE id = 1`);
  const epoch = Number(epochRow?.epoch ?? 0);
  const today = sessionDate(deps.clock.now());
  for (const r of rows) {
    const company = findCompany(r.code);
    if (company === undefined) continue;
    // A state from an earlier day is shown as the new day would open: last price as previous close.
    const last = r.last ?? company.basePrice;
    const sameDay = r.day !== null && dayText(r.day) === today;
    const prevClose = sameDay ? (r.prev_close ?? last) : last;
    entries.set(r.code, {
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
    });
  }
  definitions.push(...indexDefinitions([...entries.values()].map((e) => e.company)));
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

  function quote(e: SymbolEntry): QuoteWire {
    const last = money(e.state.last);
    const prevClose = money(e.state.prevClose);
    const change = last.minus(prevClose);
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
      change: toWire(change),
      changePercent: percentOf(change, prevClose),
      open: e.state.open,
      high: e.state.high,
      low: e.state.low,
      volume: e.state.volume,
      turnover: e.state.turnover,
      limitUp: e.state.upper,
      limitDown: e.state.lower,
      tickSize: toWire(tickSize(last, e.company.tickTable)),
      day: e.state.day,
      seq: streamSeq(e.state.epoch, e.state.seq),
      source,
    };
  }

  function depth(e: SymbolEntry): Depth {
    return depthOf(deps.seed, e.company.tickTable, {
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

  function apply(m: MarketMessage): void {
    if (m.kind === 'status') {
      const e = entries.get(m.symbol);
      if (!e) return;
      e.status = m.status;
      e.statusReason = m.reason;
      const topic: MarketTopic = `quotes:${m.symbol}`;
      notify({
        topics: [topic],
        build: () => ({ type: 'symbolStatus', topic, data: { symbol: m.symbol, status: m.status, reason: m.reason } }),
      });
      return;
    }
    source = m.source;
    const topics: MarketTopic[] = [];
    const touched = new Map<string, SymbolEntry>();
    for (const t of m.ticks) {
      const e = entries.get(t.symbol);
      if (!e) continue;
      const { candles, ...state } = t;
      e.state = state;
      for (const [period, tuple] of Object.entries(candles) as [CandlePeriodName, CandleTuple][])
        e.candles.set(period, tuple);
      touched.set(t.symbol, e);
      topics.push(
        `quotes:${t.symbol}`,
        `depth:${t.symbol}`,
        ...candlePeriods.map((p): MarketTopic => `candles:${t.symbol}:${p}`),
      );
    }
    if (m.indices) {
      indices = m.indices;
      topics.push('indices');
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
        const tuple = e.candles.get(p.period);
        return tuple
          ? { type: 'candle', topic, seq, data: { symbol: p.symbol, period: p.period, candle: candleWire(tuple) } }
          : null;
      },
    });
  }

  const unsubscribe = await deps.bus.subscribe(marketChannel, (raw) => {
    let m: MarketMessage;
    try {
      m = JSON.parse(raw) as MarketMessage;
    } catch {
      return;
    }
    try {
      apply(m);
    } catch (err) {
      deps.log?.('market: bad bus message', err);
    }
  });

  return {
    get: (symbol: string): SymbolEntry | undefined => entries.get(symbol),
    all: (): SymbolEntry[] => [...entries.values()],
    quote,
    depth,
    source: (): PriceSource => source,
    indices: () => indices,
    definitions: (): readonly IndexDefinition[] => definitions,
    weights: (d: IndexDefinition) => constituentWeights(d, pricePoints()),
    /** For the leader: what the halted set is right now (halted and delisted symbols do not trade). */
    notTrading: (): Set<string> =>
      new Set([...entries.values()].filter((e) => e.status !== 'listed').map((e) => e.company.code)),
    /** Resolves once the feed's step `step` has been applied here (tests step the feed by hand). */
    applied: (step: number): Promise<void> =>
      step <= appliedStep ? Promise.resolve() : new Promise<void>((resolve) => stepWaiters.push({ step, resolve })),
    /** The stream: is this a market topic we can serve, and what is its sequence number now. */
    resolveTopic(topic: MarketTopic): { seq: string } | { error: ErrorKey } {
      const parsed = parseTopic(topic);
      if (!('market' in parsed)) return { error: errorKeys.stream.unknownTopic };
      if (parsed.market.kind === 'indices') return { seq: streamSeq(indices.epoch, indices.seq) };
      const e = entries.get(parsed.market.symbol);
      return e ? { seq: streamSeq(e.state.epoch, e.state.seq) } : { error: errorKeys.market.unknownSymbol };
    },
    onUpdate(listener: (u: MarketUpdate) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close(): Promise<void> {
      await unsubscribe();
      listeners.clear();
    },
  };
}
export type MarketSnapshot = Awaited<ReturnType<typeof marketSnapshot>>;
