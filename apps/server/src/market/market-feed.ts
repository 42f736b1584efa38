import type { Database } from '@kabuto/db/database';
import type { PriceSource } from '@kabuto/contracts/market/fields';
import {
  bucketStart,
  CANDLE_PERIODS,
  mergeTick,
  openCandle,
  rollUp,
  type Candle,
  type CandlePeriod,
} from '@kabuto/domain/market/candles';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import {
  createSimulator,
  type MarketTick,
  type SimulatedCompany,
  type Simulator,
  type StockSnapshot,
} from '@kabuto/market/simulator';
import { replayFeed, type Feed, type ReplayFeedOptions } from '@kabuto/market/feed';
import type { PricePoint } from '@kabuto/market/indices';
import { holdEpoch, type Bus, type Leader } from '../platform/public.ts';
import type { Clock } from '../clock.ts';
import {
  candleTuple,
  encodeTick,
  marketChannel,
  marketHistoryChannel,
  marketResyncChannel,
  streamSeq,
  type CandleTuple,
  type MarketMessage,
  type MarketWire,
  type TickState,
  type TickWithCandles,
  type TickWire,
} from './market-messages.ts';
import { candleColumns, candleOf, type CandleRow } from './candle-rows.ts';
import type { MarketSnapshot } from './market-snapshot.ts';
import { indexBook, type IndexBook } from './market-indices.ts';

export interface FeedOptions {
  seed: number;
  profile: SessionProfile;
  /** How often the market moves; null: only when `step()` is called (tests). */
  intervalMs: number | null;
  /** Live state and candles are written in one transaction at most this often, never per tick. */
  flushMs: number;
  /** Chance a stock trades in one step. */
  activity?: number;
  /** Replays a recording instead of simulating (source `replay`); the simulator then only keeps the books. */
  replay?: ReplayFeedOptions;
}

interface LiveRow {
  symbol: string;
  day: string | Date;
  last: string;
  prev_close: string;
  open: string | null;
  high: string | null;
  low: string | null;
  volume: string | number;
  turnover: string;
  seq: string | number;
}

const dayText = (d: string | Date): string =>
  typeof d === 'string'
    ? d.slice(0, 10)
    : `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;

/**
 * Periods whose candle in progress is made of its days (issue 16): the earlier days' daily candles (back-filled
 * history or earlier live days) rolled up with today's, so it always agrees with the daily chart.
 */
const dayPeriods = ['1w', '1M'] as const satisfies readonly CandlePeriod[];
type DayPeriod = (typeof dayPeriods)[number];
const isDayPeriod = (p: CandlePeriod): p is DayPeriod => (dayPeriods as readonly CandlePeriod[]).includes(p);
const tradePeriods = CANDLE_PERIODS.filter((p) => !isDayPeriod(p));
/** The first instant whose day can still belong to the week or month in progress at `at`. */
const earliestDayPeriodStart = (at: Date): Date =>
  new Date(Math.min(...dayPeriods.map((p) => bucketStart(p, at).getTime())));

/**
 * Rows a flush writes per statement (issue 17 §13). In the embedded mode PGlite runs each statement on the event loop,
 * so a second's 10,000 rows in one statement kept every request waiting ~100 ms; between statements of this size
 * (~10 ms each) the process answers requests. The statements still commit together.
 */
export const flushRowsPerStatement = 250;

/** Trades a step works through before it lets the event loop answer requests (issue 17 §13). */
export const stepSliceTrades = 50;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += flushRowsPerStatement) out.push(rows.slice(i, i + flushRowsPerStatement));
  return out;
}

/**
 * Lets the event loop run (timers, sockets) before the next statement. PGlite answers a statement through promises
 * alone, so without this a whole flush ran as one block of microtasks however it was cut (measured: 116–160 ms
 * blocks at 4,000 symbols).
 */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The market feed, run by the leader only (DESIGN "Runtime modes"): it steps the simulator, keeps the
 * live candles, publishes every step on the bus and writes state and candles in batches. A new leader
 * starts from what the last one wrote.
 */
export function marketFeed(deps: {
  db: Database;
  bus: Bus;
  leader: Leader;
  clock: Clock;
  snapshot: MarketSnapshot;
  options: FeedOptions;
  log?: (msg: string, err?: unknown) => void;
}) {
  const { options } = deps;
  const source: PriceSource = options.replay ? 'replay' : 'simulated';
  let sim: Simulator | null = null;
  // The leader's epoch the feed runs in (set with `sim`): on every sequence number, and its flushes commit only while it is current.
  let term = 0;
  let replay: { feed: Feed; off: () => void } | null = null;
  // Recorded ticks that arrived since the last step (replay only).
  let pending: MarketTick[] = [];
  let starting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  // Steps and rereads chained on `running` and not yet done: the timer's step is skipped while any is.
  let busy = 0;
  let skipped = 0;
  let skipLoggedAt = -Infinity;
  let flushing: Promise<void> = Promise.resolve();
  let steps = 0;
  let indexSeq = 0;
  let lastFlushAt = 0;
  const candles = new Map<string, Candle>();
  const prices = new Map<string, PricePoint>();
  // The indices, kept up to date trade by trade (not recomputed over every constituent each step).
  let indices: IndexBook | null = null;
  // Per symbol and period, the candle object the bus last carried: what every following receiver holds.
  const published = new Map<string, Candle>();
  const dirtySymbols = new Set<string>();
  // Candles to write, per symbol, period and bucket: a bucket that ends before the flush (a new minute or day) is
  // still written with its last trade.
  const dirtyCandles = new Map<string, { symbol: string; candle: Candle }>();
  const markDirty = (symbol: string, candle: Candle): void => {
    dirtyCandles.set(`${symbol}:${candle.period}:${candle.start.getTime()}`, { symbol, candle });
  };
  // Per symbol, the daily candles of the days before today in the week and month in progress, oldest first.
  const earlierDays = new Map<string, Candle[]>();
  // Per symbol and week/month period, those days rolled up (recomputed only when the day or the days change).
  const earlierRolled = new Map<string, { from: number; to: number; candle: Candle | null }>();
  let unsubscribeHistory: Promise<() => Promise<void>> | null = null;
  let unsubscribeResync: Promise<() => Promise<void>> | null = null;

  /** Stored daily candles of the days before today in this week and month, by symbol (one symbol or all). */
  async function readEarlierDays(now: Date, symbol: string | null): Promise<Map<string, Candle[]>> {
    const params: (Date | string)[] = [earliestDayPeriodStart(now), bucketStart('1d', now)];
    if (symbol !== null) params.push(symbol);
    const rows = await deps.db.query<CandleRow>(
      `SELECT ${candleColumns} FROM market_candles
        WHERE period = '1d' AND bucket_start >= $1 AND bucket_start < $2 ${symbol === null ? '' : 'AND symbol = $3'}
        ORDER BY bucket_start`,
      params,
    );
    const bySymbol = new Map<string, Candle[]>();
    for (const r of rows) {
      const list = bySymbol.get(r.symbol) ?? [];
      list.push(candleOf(r));
      bySymbol.set(r.symbol, list);
    }
    return bySymbol;
  }

  /** Replaces or adds earlier days of a symbol (by start), dropping days before the week and month in progress at `at`. */
  function keepEarlierDays(symbol: string, days: readonly Candle[], at: Date): void {
    const byStart = new Map((earlierDays.get(symbol) ?? []).map((d) => [d.start.getTime(), d]));
    for (const d of days) byStart.set(d.start.getTime(), d);
    const from = earliestDayPeriodStart(at).getTime();
    earlierDays.set(
      symbol,
      [...byStart.values()]
        .filter((d) => d.start.getTime() >= from)
        .sort((a, b) => a.start.getTime() - b.start.getTime()),
    );
    for (const p of dayPeriods) earlierRolled.delete(`${symbol}:${p}`);
  }

  /** The week's or month's candle at `at`: its days before today rolled up with today's daily candle; null when it has none. */
  function dayPeriodCandle(symbol: string, period: DayPeriod, at: Date): Candle | null {
    const from = bucketStart(period, at).getTime();
    const to = bucketStart('1d', at).getTime();
    const key = `${symbol}:${period}`;
    let earlier = earlierRolled.get(key);
    if (!earlier || earlier.from !== from || earlier.to !== to) {
      const days = (earlierDays.get(symbol) ?? []).filter((d) => d.start.getTime() >= from && d.start.getTime() < to);
      earlier = { from, to, candle: rollUp(days, period)[0] ?? null };
      earlierRolled.set(key, earlier);
    }
    const today = candles.get(`${symbol}:1d`);
    const parts = [earlier.candle, today?.start.getTime() === to ? today : undefined].filter(
      (c): c is Candle => c !== null && c !== undefined,
    );
    return rollUp(parts, period)[0] ?? null;
  }

  /** Recomputes a symbol's week and month candles without a trade (after a load or a back-fill); changed ones are written at the next flush. */
  function refreshDayPeriods(symbol: string, at: Date): void {
    for (const period of dayPeriods) {
      const next = dayPeriodCandle(symbol, period, at);
      const key = `${symbol}:${period}`;
      const current = candles.get(key);
      if (next === null || (current && JSON.stringify(candleTuple(current)) === JSON.stringify(candleTuple(next))))
        continue;
      candles.set(key, next);
      markDirty(symbol, next);
    }
  }

  /** A symbol's history was back-filled (maybe by another process): its days of this week and month are reread. */
  async function historyFilled(symbol: string): Promise<void> {
    if (starting) await starting;
    if (!sim || !deps.leader.isLeader() || deps.snapshot.get(symbol) === undefined) return;
    const now = deps.clock.now();
    const days = await readEarlierDays(now, symbol);
    // Days this process holds in memory (a day rolled over since the last flush) are kept over the stored ones.
    const held = earlierDays.get(symbol) ?? [];
    keepEarlierDays(symbol, days.get(symbol) ?? [], now);
    keepEarlierDays(symbol, held, now);
    refreshDayPeriods(symbol, now);
  }

  async function load(): Promise<void> {
    const now = deps.clock.now();
    const companies = deps.snapshot.all().map((e) => e.company);
    const live = await deps.db.query<LiveRow>(
      `SELECT symbol, day, last::text AS last, prev_close::text AS prev_close, open::text AS open, high::text AS high, low::text AS low, volume, turnover::text AS turnover, seq FROM market_live_state`,
    );
    const restore: StockSnapshot[] = live.map((r) => ({
      symbol: r.symbol,
      day: dayText(r.day),
      last: r.last,
      prevClose: r.prev_close,
      open: r.open,
      high: r.high,
      low: r.low,
      volume: Number(r.volume),
      turnover: r.turnover,
      trades: Number(r.seq),
    }));
    const [feedRow] = await deps.db.query<{ steps: string; index_seq: string }>(
      `SELECT steps, index_seq FROM market_feed_state WHERE id = 1`,
    );
    steps = Number(feedRow?.steps ?? 0);
    indexSeq = Number(feedRow?.index_seq ?? 0);
    sim = createSimulator({
      seed: options.seed,
      companies,
      now,
      profile: options.profile,
      restore,
      resumeStep: steps,
      ...(options.activity === undefined ? {} : { activity: options.activity }),
    });
    for (const c of companies) {
      const q = sim.quote(c.code);
      prices.set(c.code, { last: q.last, prevClose: q.prevClose, basePrice: c.basePrice });
    }
    indices = indexBook(deps.snapshot.definitions(), prices);
    // Receivers' candles may be another leader's: every symbol's first tick from this leader carries all of them.
    published.clear();
    // The candles of the buckets in progress, so a restarted feed extends them instead of starting over.
    candles.clear();
    const current = CANDLE_PERIODS.map((p) => [p, bucketStart(p, now)] as const);
    const rows = await deps.db.query<CandleRow>(
      `SELECT ${candleColumns}
         FROM market_candles WHERE ${current.map((_, i) => `(period = $${2 * i + 1} AND bucket_start = $${2 * i + 2})`).join(' OR ')}`,
      current.flatMap(([p, start]) => [p, start]),
    );
    for (const r of rows) candles.set(`${r.symbol}:${r.period}`, candleOf(r));
    // The week and month in progress are rebuilt from their days, which may have been back-filled since they were stored.
    earlierDays.clear();
    earlierRolled.clear();
    const days = await readEarlierDays(now, null);
    for (const c of companies) {
      keepEarlierDays(c.code, days.get(c.code) ?? [], now);
      refreshDayPeriods(c.code, now);
    }
    lastFlushAt = now.getTime();
  }

  /**
   * Issue 25: a stock joined the market (an IPO's listing) while this feed runs: the simulator starts trading it from
   * its base price (the offering price) with its own tick grid and daily limits. In line with the steps, so it never
   * joins in the middle of one. A feed not running now loads it with the rest when it next starts (`load`).
   */
  async function listed(company: SimulatedCompany): Promise<void> {
    if (starting) await starting;
    if (!sim || !deps.leader.isLeader()) return;
    const now = deps.clock.now();
    if (!sim.add(company, now)) return;
    const q = sim.quote(company.code);
    prices.set(company.code, { last: q.last, prevClose: q.prevClose, basePrice: company.basePrice });
  }

  /** The recorded trades since the last step; halted symbols' trades are dropped. */
  function takeRecorded(halted: ReadonlySet<string>): MarketTick[] {
    const taken = pending;
    pending = [];
    return taken.filter((t) => !halted.has(t.symbol));
  }

  function stopReplay(): void {
    replay?.feed.stop();
    replay?.off();
    replay = null;
    pending = [];
  }

  /** A symbol's state as the simulator books it now (or as `q`, its quote just read), stamped `at`. */
  function stateOf(symbol: string, at: Date, q = (sim as Simulator).quote(symbol)): TickState {
    return {
      symbol,
      seq: q.trades,
      epoch: term,
      at: at.getTime(),
      last: q.last,
      prevClose: q.prevClose,
      open: q.open,
      high: q.high,
      low: q.low,
      volume: q.volume,
      turnover: q.turnover,
      upper: q.upper,
      lower: q.lower,
      day: q.day,
    };
  }

  /**
   * The candles of a symbol's tick that receivers cannot derive (issue 17 §13), and whether that is all of them. A
   * receiver following the symbol holds the candles the bus last carried; from those and the trade it works out the
   * next ones with `candleAfter`, which is how this feed makes the minute-to-day candles. So a candle is left out when
   * the one it grew from (`before`, by object: every change makes a new one) is the one last published; the week's and
   * month's (its days rolled up) then equal that one with the trade merged in too. A candle changed between trades
   * (a back-fill's days, a new leader's load), or never published by this leader, is sent whole.
   */
  function unpublished(
    symbol: string,
    before: readonly (Candle | undefined)[],
  ): [Partial<Record<CandlePeriod, CandleTuple>>, boolean] {
    const sent: Partial<Record<CandlePeriod, CandleTuple>> = {};
    let full = true;
    CANDLE_PERIODS.forEach((period, i) => {
      const key = `${symbol}:${period}`;
      const now = candles.get(key);
      if (now === undefined) return;
      if (!published.has(key) || published.get(key) !== before[i]) sent[period] = candleTuple(now);
      else full = false;
      published.set(key, now);
    });
    return [sent, full];
  }

  /** Answers a resync request: the symbols' state and every candle this leader holds for them, outside the steps. */
  async function resync(symbols: readonly string[]): Promise<void> {
    if (starting) await starting;
    if (!sim || !deps.leader.isLeader()) return;
    const now = deps.clock.now();
    const known = new Set(sim.symbols());
    const ticks = symbols
      .filter((s) => known.has(s))
      .map((symbol) => {
        const held: Partial<Record<CandlePeriod, CandleTuple>> = {};
        for (const period of CANDLE_PERIODS) {
          const c = candles.get(`${symbol}:${period}`);
          if (c === undefined) continue;
          held[period] = candleTuple(c);
          published.set(`${symbol}:${period}`, c);
        }
        return encodeTick(stateOf(symbol, now), null, held, true);
      });
    if (ticks.length === 0) return;
    const message: MarketWire = { kind: 'resync', source, ticks };
    await deps.bus.publish(marketChannel, JSON.stringify(message));
  }

  /** One move of the market: trades, candles, indices, one bus message. */
  async function stepOnce(): Promise<MarketMessage | null> {
    if (starting) await starting;
    if (!sim || !deps.leader.isLeader()) return null;
    const now = deps.clock.now();
    const halted = deps.snapshot.notTrading();
    const trades = replay ? takeRecorded(halted) : sim.step(now, halted);
    const ticks: TickWithCandles[] = [];
    const wire: TickWire[] = [];
    for (const [i, t] of trades.entries()) {
      // Requests are answered between slices of the step's trades (the embedded mode serves them on this thread);
      // a leader that lost its term meanwhile publishes nothing.
      if (i > 0 && i % stepSliceTrades === 0) {
        await turn();
        if (!sim || !deps.leader.isLeader()) return null;
      }
      // A recorded trade is booked here, one at a time, so two trades of one symbol in a step each keep their own state.
      if (replay && !sim.record(t)) continue;
      const q = sim.quote(t.symbol);
      const before = CANDLE_PERIODS.map((p) => candles.get(`${t.symbol}:${p}`));
      const tickCandles: Partial<Record<CandlePeriod, Candle>> = {};
      const print = { price: t.price, volume: t.volume, turnover: t.turnover, at: t.at };
      for (const period of tradePeriods) {
        const key = `${t.symbol}:${period}`;
        const open = candles.get(key);
        const sameBucket = open?.start.getTime() === bucketStart(period, t.at).getTime();
        // A new day: the finished one counts among the earlier days of its week and month.
        if (period === '1d' && open && !sameBucket && open.start.getTime() < t.at.getTime())
          keepEarlierDays(t.symbol, [open], t.at);
        const next = open && sameBucket ? mergeTick(open, print) : openCandle(period, print);
        candles.set(key, next);
        markDirty(t.symbol, next);
        tickCandles[period] = next;
      }
      // After the day's candle took the trade: the week's and month's are their days rolled up, which is the candle so
      // far with the trade merged in (receivers work it out so too, `candleAfter`). A new week or month is rolled up
      // from its days.
      for (const period of dayPeriods) {
        const key = `${t.symbol}:${period}`;
        const previous = candles.get(key);
        const next =
          previous?.start.getTime() === bucketStart(period, t.at).getTime()
            ? mergeTick(previous, print)
            : dayPeriodCandle(t.symbol, period, t.at);
        if (next === null) continue;
        candles.set(key, next);
        markDirty(t.symbol, next);
        tickCandles[period] = next;
      }
      const base = prices.get(t.symbol);
      const point = { last: q.last, prevClose: q.prevClose, basePrice: base?.basePrice ?? q.last };
      prices.set(t.symbol, point);
      indices?.set(t.symbol, point);
      dirtySymbols.add(t.symbol);
      const state = stateOf(t.symbol, t.at, q);
      ticks.push({ ...state, candles: tickCandles });
      wire.push(encodeTick(state, [print.price, print.volume, print.turnover], ...unpublished(t.symbol, before)));
    }
    if (ticks.length === 0) return null;
    steps += 1;
    indexSeq += 1;
    const values = (indices as IndexBook).wires(streamSeq(term, indexSeq), source);
    const message: MarketMessage = {
      kind: 'ticks',
      step: steps,
      source,
      ticks,
      indices: { epoch: term, seq: indexSeq, values },
    };
    const onBus: MarketWire = { ...message, ticks: wire };
    // Receivers in this process apply the message as it is published: that is a slice of its own.
    await turn();
    if (!sim || !deps.leader.isLeader()) return null;
    await deps.bus.publish(marketChannel, JSON.stringify(onBus));
    if (now.getTime() - lastFlushAt >= options.flushMs) void flush();
    return message;
  }

  /** Writes the changed live state and candles in one transaction (batched, about once a second). */
  function flush(): Promise<void> {
    // Chained after the previous flush whatever its outcome, so one failure never stops later flushes.
    flushing = flushing
      .catch(() => undefined)
      .then(async () => {
        if (!sim || !deps.leader.isLeader() || (dirtySymbols.size === 0 && dirtyCandles.size === 0)) return;
        const epoch = term;
        const now = deps.clock.now();
        lastFlushAt = now.getTime();
        const symbols = [...dirtySymbols];
        const written = [...dirtyCandles];
        dirtySymbols.clear();
        dirtyCandles.clear();
        const state = symbols.map((s) => {
          const q = (sim as Simulator).quote(s);
          return {
            symbol: s,
            day: q.day,
            last: q.last,
            prev_close: q.prevClose,
            open: q.open,
            high: q.high,
            low: q.low,
            volume: q.volume,
            turnover: q.turnover,
            seq: q.trades,
          };
        });
        const candleRows = written.map(([, { symbol, candle: c }]) => ({
          symbol,
          period: c.period,
          bucket_start: c.start.toISOString(),
          open: c.open,
          high: c.high,
          low: c.low,
          close: c.close,
          volume: c.volume,
          turnover: c.turnover,
        }));
        let fenced = false;
        try {
          await deps.db.transaction(async (tx) => {
            // Fencing (issue 17 §7): once another process has taken the next epoch, it continues from what is stored,
            // so this one writes nothing more, even if it has not yet noticed that it lost the lock.
            if (!(await holdEpoch(tx, epoch))) {
              fenced = true;
              return;
            }
            for (const rows of chunks(state)) {
              await turn();
              await tx.query(
                `INSERT INTO market_live_state (symbol, day, last, prev_close, open, high, low, volume, turnover, seq, updated_at)
               SELECT r.symbol, r.day, r.last, r.prev_close, r.open, r.high, r.low, r.volume, r.turnover, r.seq, $2
                 FROM jsonb_to_recordset($1::jsonb) AS r(symbol text, day date, last numeric, prev_close numeric, open numeric, high numeric, low numeric, volume bigint, turnover numeric, seq bigint)
               ON CONFLICT (symbol) DO UPDATE SET day = EXCLUDED.day, last = EXCLUDED.last, prev_close = EXCLUDED.prev_close, open = EXCLUDED.open, high = EXCLUDED.high,
                 low = EXCLUDED.low, volume = EXCLUDED.volume, turnover = EXCLUDED.turnover, seq = EXCLUDED.seq, updated_at = EXCLUDED.updated_at`,
                [JSON.stringify(rows), now],
              );
            }
            for (const rows of chunks(candleRows)) {
              await turn();
              await tx.query(
                `INSERT INTO market_candles (symbol, period, bucket_start, open, high, low, close, volume, turnover)
               SELECT r.symbol, r.period, r.bucket_start, r.open, r.high, r.low, r.close, r.volume, r.turnover
                 FROM jsonb_to_recordset($1::jsonb) AS r(symbol text, period text, bucket_start timestamptz, open numeric, high numeric, low numeric, close numeric, volume bigint, turnover numeric)
               ON CONFLICT (symbol, period, bucket_start) DO UPDATE SET open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close,
                 volume = EXCLUDED.volume, turnover = EXCLUDED.turnover`,
                [JSON.stringify(rows)],
              );
            }
            await tx.query(
              `INSERT INTO market_feed_state (id, steps, index_seq, updated_at) VALUES (1, $1, $2, $3)
             ON CONFLICT (id) DO UPDATE SET steps = EXCLUDED.steps, index_seq = EXCLUDED.index_seq, updated_at = EXCLUDED.updated_at`,
              [steps, indexSeq, now],
            );
          });
        } catch (err) {
          // Kept dirty for the next flush; the in-memory state is still the truth while we lead.
          for (const s of symbols) dirtySymbols.add(s);
          // A bucket traded again since is already dirty with its newer candle.
          for (const [k, v] of written) if (!dirtyCandles.has(k)) dirtyCandles.set(k, v);
          deps.log?.('market: flush failed', err);
        }
        if (fenced) {
          deps.log?.(`market: flush fenced, epoch ${epoch} is no longer current: nothing written, the feed stops`);
          halt();
        }
      });
    return flushing;
  }

  /** Chains work on `running`, so steps and history rereads never interleave; it counts as busy until done. */
  function inLine<T>(work: () => Promise<T>, failure: string): Promise<T> {
    busy += 1;
    const next = running.then(work).finally(() => {
      busy -= 1;
    });
    running = next.catch((err: unknown) => deps.log?.(failure, err));
    return next;
  }

  /** Issue 17 §8: the timer's step while the last one (or a reread) still runs is skipped, never queued behind it. */
  function timedStep(): void {
    if (busy === 0) {
      void inLine(stepOnce, 'market: step failed');
      return;
    }
    skipped += 1;
    // The first skip and then at most one line a minute, with the running total.
    const now = Date.now();
    if (now - skipLoggedAt < 60_000) return;
    skipLoggedAt = now;
    deps.log?.(`market: step skipped, the previous one still runs (${skipped} skipped since the feed started)`);
  }

  function stopTimer(): void {
    if (timer) clearInterval(timer);
    timer = null;
  }

  /**
   * Stops stepping and forgets the simulator and what was not yet written: nothing of this term is published or
   * written any more, also not by a later term of this process (which starts from what is stored).
   */
  function halt(): void {
    stopTimer();
    stopReplay();
    sim = null;
    dirtySymbols.clear();
    dirtyCandles.clear();
  }

  async function lead(leading: boolean): Promise<void> {
    if (!leading) {
      // Another process may lead already: never write after losing the lock.
      halt();
      return;
    }
    term = deps.leader.epoch() ?? 0;
    starting = load().finally(() => {
      starting = null;
    });
    await starting;
    if (options.replay && replay === null) {
      // A new leader plays the recording from its start (the position in it is not stored).
      const feed = replayFeed(options.replay);
      replay = { feed, off: feed.subscribe((t) => pending.push(t)) };
      feed.start();
    }
    if (options.intervalMs !== null && timer === null) {
      timer = setInterval(timedStep, options.intervalMs);
    }
  }

  let offChange: (() => void) | null = null;
  let offListing: (() => void) | null = null;

  /** Runs each message of `channel` after the steps queued before it. */
  function listen(channel: string, what: string, run: (message: string) => Promise<void>) {
    return deps.bus
      .subscribe(channel, (message) => {
        void inLine(() => run(message), `market: ${what} failed`);
      })
      .catch((err: unknown) => {
        deps.log?.(`market: ${what} not heard`, err);
        return async () => undefined;
      });
  }

  return {
    /** Follows leadership: the feed runs while this process leads and stops the moment it does not. */
    attach(): void {
      // Both in line with the steps, so a reread or an answer never falls between a trade's candles and its message.
      unsubscribeHistory = listen(marketHistoryChannel, 'history notices', (symbol) => historyFilled(symbol));
      unsubscribeResync = listen(marketResyncChannel, 'resync requests', (raw) => {
        let symbols: unknown;
        try {
          symbols = JSON.parse(raw);
        } catch {
          return Promise.resolve();
        }
        return resync(Array.isArray(symbols) ? symbols.filter((s): s is string => typeof s === 'string') : []);
      });
      offListing = deps.snapshot.onListing((e) => {
        void inLine(() => listed(e.company), 'market: listing failed');
      });
      offChange = deps.leader.onChange((leading) => {
        void lead(leading).catch((err: unknown) => deps.log?.('market: feed start failed', err));
      });
    },
    /** One step now (tests step by hand with their own clock); null when nothing traded or not leading. */
    step(): Promise<MarketMessage | null> {
      return inLine(stepOnce, 'market: step failed');
    },
    flush,
    running: (): boolean => sim !== null,
    /** Timer steps skipped because the previous one still ran. */
    skippedSteps: (): number => skipped,
    async stop(): Promise<void> {
      offChange?.();
      offListing?.();
      if (unsubscribeHistory) await (await unsubscribeHistory)();
      if (unsubscribeResync) await (await unsubscribeResync)();
      unsubscribeHistory = null;
      unsubscribeResync = null;
      stopTimer();
      stopReplay();
      await running;
      await flush();
      halt();
    },
  };
}
export type MarketFeed = ReturnType<typeof marketFeed>;
