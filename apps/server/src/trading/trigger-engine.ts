import type { Database, Sql, SqlParam } from '@kabuto/db/database';
import { Decimal, toWire } from '@kabuto/domain/money';
import { noSaleRules, positionSaleRules, saleBlock } from '@kabuto/domain/trading/sale-rules';
import { closeTrigger, closingPrice, limitCrossed, marginWarningDue } from '@kabuto/domain/trading/triggers';
import type { Touch } from '@kabuto/domain/trading/position';
import { busChannels, holdEpoch, writeOutbox, type Bus, type Leader, type RelayedEvent } from '../platform/public.ts';
import type { MarketSnapshot } from '../market/public.ts';
import type { Clock } from '../clock.ts';
import { callPriceOf, lockPosition, positionColumns, warningPriceOf, type PositionRow } from './position-row.ts';
import { cancelPending, closePosition, openPosition, positionChanged } from './position-moves.ts';
import { saleRulesOf } from './trading-terms.ts';
import { TriggerIndex, type TriggerLevel } from './trigger-index.ts';

/** The levels an order or position waits on (none once it is closed or cancelled). */
export function levelsOf(r: PositionRow): TriggerLevel[] {
  if (r.status === 'pending' && r.limit_price !== null)
    return [{ list: r.side === 'long' ? 'askFalls' : 'bidRises', price: r.limit_price }];
  // Preparing to close (a member's close in the TSE closing auction): the next print settles it, whatever its price.
  if (r.status === 'closing')
    return [r.side === 'long' ? { list: 'bidRises', price: '0' } : { list: 'askFalls', price: anyAsk }];
  if (r.status !== 'holding') return [];
  const call = callPriceOf(r);
  const long = r.side === 'long';
  const out: TriggerLevel[] = [];
  if (call !== null) out.push({ list: long ? 'bidFalls' : 'askRises', price: call.toFixed() });
  // Issue 27: the margin warning, once before the call (until margin is added).
  const warning = r.margin_warned_at === null ? warningPriceOf(r) : null;
  if (warning !== null) out.push({ list: long ? 'bidFalls' : 'askRises', price: warning.toFixed() });
  if (r.stop_loss !== null) out.push({ list: long ? 'bidFalls' : 'askRises', price: r.stop_loss });
  if (r.take_profit !== null) out.push({ list: long ? 'bidRises' : 'askFalls', price: r.take_profit });
  return out;
}

/** An ask every quote is at or below (a hundred billion yen a share), for the level that fires on any print. */
const anyAsk = '100000000000';

class LostLeadership extends Error {}

/** The member event that warns of a coming margin call (issue 27: it becomes a notice). */
export const marginWarning = 'trade.marginWarning';

/**
 * A holding position nearing its margin call, inside the engine's fenced write: warned once (the row's
 * `margin_warned_at` is set in the same transaction as the event), with the price it would be force-closed at.
 */
async function warnOfMarginCall(tx: Sql, r: PositionRow, touch: Touch, call: Decimal, now: Date): Promise<boolean> {
  const warning = warningPriceOf(r);
  if (warning === null || !marginWarningDue(r.side, warning, r.margin_warned_at !== null, touch)) return false;
  await tx.query(`UPDATE trade_positions SET margin_warned_at = $2 WHERE id = $1 AND margin_warned_at IS NULL`, [
    r.id,
    now,
  ]);
  await writeOutbox(
    tx,
    {
      topic: 'member',
      memberId: r.member_id,
      type: marginWarning,
      payload: {
        orderNo: r.order_no,
        symbol: r.symbol,
        callPrice: toWire(call.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
      },
    },
    now,
  );
  return true;
}

/**
 * Issue 27: something else the leader watches prices for (price alerts), indexed by price per symbol like the orders.
 * It is fed the same ticks and relayed events, and its reads and writes run on this engine's one queue, so its index
 * is rebuilt with the orders' at each leadership and a write of an earlier term never runs beside the next rebuild.
 */
export interface PriceWatcher {
  /** Leadership began: read what waits from the database. */
  rebuild(): Promise<void>;
  /** Leadership ended: forget everything. */
  clear(): void;
  /** A symbol traded (its state applied): takes what may fire from its index; true when there is work to write. */
  onTick(symbol: string): boolean;
  /** A relayed member event: true when the watcher must re-read something. */
  onEvent(e: RelayedEvent): boolean;
  /** Re-reads what changed and writes what fired, fenced by this epoch (null: not leading, write nothing). */
  flush(epoch: number | null): Promise<void>;
}

/** What the engine reads of the market: quotes, the last price, and the tick and status streams. */
export type EngineMarket = Pick<MarketSnapshot, 'get' | 'touch' | 'onTicks' | 'onStatus'>;

/**
 * Issue 18's trigger engine, leader only: the index is rebuilt from the database each time this process becomes
 * leader; every tick asks it for candidates, and the candidates are decided and written in batched transactions that
 * commit only while this process's leader epoch is current (issue 17 §7). A position's row is locked and its status
 * checked in the write, so after any restart or takeover nothing fills twice; orders placed, changed or closed by
 * members reach the index through the outbox's `trade.positionChanged` events.
 */
export function triggerEngine(deps: {
  db: Database;
  clock: Clock;
  bus: Bus;
  leader: Leader;
  market: EngineMarket;
  afterCommit?: () => void;
  log?: (msg: string, err?: unknown) => void;
  /** Issue 27: price alerts, evaluated on the same ticks and queue. */
  watcher?: PriceWatcher;
}) {
  const index = new TriggerIndex();
  let watcherScheduled = false;
  /** Candidates waiting for the writer, with the quote that triggered them. */
  const queued = new Map<string, Touch>();
  const inFlight = new Set<string>();
  /** The one serial queue every write, refresh and leadership change goes through (STYLE §16). */
  let writing: Promise<void> = Promise.resolve();
  let writerScheduled = false;
  let offTicks: (() => void) | null = null;
  let offStatus: (() => void) | null = null;
  let offEvents: (() => Promise<void>) | null = null;
  let offLeader: (() => void) | null = null;
  let active = false;
  /** Raised at every start and stop of leadership: a task queued under an earlier term does nothing. */
  let generation = 0;
  /** The newest refresh asked for each order: an older refresh that answers later never overwrites it. */
  const refreshVersion = new Map<string, number>();
  let refreshes = 0;
  /**
   * Orders whose events arrived and are not yet re-read: a burst of events (a batch of orders relayed at once) is
   * read back in one query by the one refresh queued for them, not one query an order.
   */
  const refreshWanted = new Set<string>();
  let refreshQueued = false;
  let fills = 0;

  /**
   * Appends a task to the queue. Every link has its own catch, so one failed task (a database error, a bug) is
   * logged and the next task still runs; a task queued under an earlier leadership is dropped.
   */
  function enqueue(what: string, task: () => Promise<void>, gen: number | null = generation): Promise<void> {
    const run = writing.then(() => (gen === null || gen === generation ? task() : undefined));
    writing = run.catch((err: unknown) => deps.log?.(`trading: ${what} failed`, err));
    return writing;
  }

  const loadRows = (where: string, args: readonly SqlParam[]) =>
    deps.db.query<PositionRow>(`SELECT ${positionColumns} FROM trade_positions WHERE ${where}`, args);

  async function rebuild(): Promise<void> {
    const rows = await loadRows(`status IN ('pending', 'holding', 'closing')`, []);
    index.clear();
    index.load(rows.map((r) => ({ id: r.order_no, symbol: r.symbol, levels: levelsOf(r) })));
  }

  /** Reads positions again and indexes them as they now are (after a member's change, or after a write). */
  async function refresh(orderNos: readonly string[]): Promise<void> {
    if (orderNos.length === 0) return;
    const version = ++refreshes;
    for (const no of orderNos) refreshVersion.set(no, version);
    const gen = generation;
    const rows = await loadRows(`order_no = ANY($1::text[])`, [[...orderNos]]);
    if (gen !== generation) return;
    const current = (no: string) => refreshVersion.get(no) === version;
    const found = new Set(rows.map((r) => r.order_no));
    for (const r of rows)
      if (current(r.order_no) && !inFlight.has(r.order_no) && !queued.has(r.order_no))
        index.put(r.order_no, r.symbol, levelsOf(r));
    for (const no of orderNos) if (current(no) && !found.has(no)) index.remove(no);
    for (const no of orderNos) if (current(no)) refreshVersion.delete(no);
  }

  /** An order changed (its outbox event arrived): re-read it with every other order changed before the read starts. */
  function refreshSoon(orderNo: string): void {
    refreshWanted.add(orderNo);
    if (refreshQueued) return;
    refreshQueued = true;
    void enqueue('index refresh', async () => {
      refreshQueued = false;
      const orderNos = [...refreshWanted];
      refreshWanted.clear();
      await refresh(orderNos);
    });
  }

  /** The watcher's work joins the queue once however many ticks or events asked for it. */
  function scheduleWatcher(): void {
    const watcher = deps.watcher;
    if (!watcher || watcherScheduled) return;
    watcherScheduled = true;
    void enqueue('price alerts', async () => {
      watcherScheduled = false;
      await watcher.flush(deps.leader.epoch());
    });
  }

  function onTicks(entries: readonly { company: { code: string } }[]): void {
    if (!active) return;
    for (const e of entries) {
      if (deps.watcher?.onTick(e.company.code)) scheduleWatcher();
      if (!index.watches(e.company.code)) continue;
      const touch = deps.market.touch(e.company.code);
      if (!touch) continue;
      for (const id of index.candidates(e.company.code, touch.bid, touch.ask)) {
        index.remove(id);
        queued.set(id, { bid: touch.bid, ask: touch.ask });
      }
    }
    if (queued.size > 0 && !writerScheduled) {
      writerScheduled = true;
      void enqueue('trigger write', write, null);
    }
  }

  /** Decides and writes every queued candidate in one transaction, fenced by the leader epoch. */
  async function write(): Promise<void> {
    writerScheduled = false;
    const batch = new Map(queued);
    queued.clear();
    for (const id of batch.keys()) inFlight.add(id);
    const epoch = deps.leader.epoch();
    const now = deps.clock.now();
    try {
      if (epoch === null) throw new LostLeadership();
      let wrote = 0;
      let warned = 0;
      await deps.db.transaction(async (tx) => {
        if (!(await holdEpoch(tx, epoch))) throw new LostLeadership();
        const symbols = new Set<string>();
        const rows: { r: PositionRow; touch: Touch }[] = [];
        for (const [orderNo, touch] of [...batch].sort(([a], [b]) => (a < b ? -1 : 1))) {
          const r = await lockPosition(tx, { orderNo });
          if (!r) continue;
          rows.push({ r, touch });
          symbols.add(r.symbol);
        }
        const rules = await saleRulesOf(tx, [...symbols]);
        for (const { r, touch } of rows) {
          if (r.status === 'pending' && r.limit_price !== null && limitCrossed(r.side, r.limit_price, touch)) {
            await openPosition(tx, r, r.limit_price, now);
            wrote++;
          } else if (r.status === 'closing') {
            await closePosition(tx, r, closingPrice(r.side, touch), 'member', now);
            wrote++;
          } else if (r.status === 'holding') {
            const call = callPriceOf(r);
            if (call === null) continue;
            const reason = closeTrigger(
              r.side,
              { stopLoss: r.stop_loss, takeProfit: r.take_profit, marginCall: call },
              touch,
            );
            if (reason === null) {
              if (await warnOfMarginCall(tx, r, touch, call, now)) warned++;
              continue;
            }
            // The member's own levels wait while a sale rule applies; a margin call does not.
            if (
              reason !== 'marginCall' &&
              saleBlock(
                positionSaleRules(rules.get(r.symbol) ?? noSaleRules, r.locked_until ? new Date(r.locked_until) : null),
                new Date(r.opened_at as Date),
                now,
              )
            )
              continue;
            await closePosition(tx, r, closingPrice(r.side, touch), reason, now);
            wrote++;
          }
        }
      });
      fills += wrote;
      if (wrote + warned > 0) deps.afterCommit?.();
    } catch (err) {
      if (!(err instanceof LostLeadership)) deps.log?.('trading: trigger write failed', err);
    } finally {
      for (const id of batch.keys()) inFlight.delete(id);
      // Whatever happened, each candidate is indexed again as the database now has it (filled, still waiting, gone).
      if (active)
        await refresh([...batch.keys()]).catch((err: unknown) => deps.log?.('trading: index refresh failed', err));
    }
  }

  /**
   * A delisted stock never prints again: its pending orders are cancelled (their holds return) and its positions are
   * closed at the last price, reason `delisted`, in one transaction fenced like every write of the engine.
   */
  async function delist(symbol: string): Promise<void> {
    const epoch = deps.leader.epoch();
    const last = deps.market.get(symbol)?.state.last;
    if (epoch === null || last === undefined) return;
    const now = deps.clock.now();
    let open: PositionRow[] = [];
    try {
      open = await loadRows(`symbol = $1 AND status IN ('pending', 'holding', 'closing')`, [symbol]);
      if (open.length === 0) return;
      await deps.db.transaction(async (tx) => {
        if (!(await holdEpoch(tx, epoch))) throw new LostLeadership();
        for (const { order_no } of open) {
          const r = await lockPosition(tx, { orderNo: order_no });
          if (!r) continue;
          if (r.status === 'pending') await cancelPending(tx, r, now);
          else if (r.status === 'holding' || r.status === 'closing') await closePosition(tx, r, last, 'delisted', now);
        }
      });
      deps.afterCommit?.();
    } catch (err) {
      if (!(err instanceof LostLeadership)) deps.log?.('trading: closing a delisted stock failed', err);
    } finally {
      if (active && open.length > 0)
        await refresh(open.map((r) => r.order_no)).catch((err: unknown) =>
          deps.log?.('trading: index refresh failed', err),
        );
    }
  }

  function onStatus(symbol: string, status: string): void {
    if (!active || status !== 'delisted') return;
    void enqueue('closing a delisted stock', () => delist(symbol));
  }

  async function start(): Promise<void> {
    generation++;
    active = false;
    refreshWanted.clear();
    refreshQueued = false;
    await rebuild();
    await deps.watcher?.rebuild();
    active = true;
    // A delisting while no process led: its positions are settled now.
    const delisted = await loadRows(
      `status IN ('pending', 'holding', 'closing') AND symbol IN (SELECT code FROM market_symbols WHERE status = 'delisted')`,
      [],
    );
    for (const symbol of new Set(delisted.map((r) => r.symbol))) onStatus(symbol, 'delisted');
  }

  function stop(): void {
    generation++;
    active = false;
    index.clear();
    queued.clear();
    refreshVersion.clear();
    // A refresh queued in this term is dropped by the queue; the next term's rebuild reads every order anyway.
    refreshWanted.clear();
    refreshQueued = false;
    deps.watcher?.clear();
    watcherScheduled = false;
  }

  return {
    index,
    /** Follows leadership: the engine runs while this process leads. */
    async attach(): Promise<void> {
      offTicks = deps.market.onTicks(onTicks);
      offStatus = deps.market.onStatus(onStatus);
      offEvents = await deps.bus.subscribe(busChannels.events, (raw) => {
        if (!active) return;
        let e: RelayedEvent;
        try {
          e = JSON.parse(raw) as RelayedEvent;
        } catch {
          return;
        }
        if (deps.watcher?.onEvent(e)) scheduleWatcher();
        if (e.type !== positionChanged || typeof e.payload.orderNo !== 'string') return;
        refreshSoon(e.payload.orderNo);
      });
      offLeader = deps.leader.onChange((leading) => {
        // Leadership changes join the same queue, so a rebuild never runs beside a write of the term before.
        if (leading) void enqueue('index rebuild', start, null);
        else stop();
      });
    },
    /** Resolves when every write queued so far has finished (tests). */
    settled: async (): Promise<void> => {
      await writing;
    },
    fills: () => fills,
    isActive: () => active,
    async close(): Promise<void> {
      offTicks?.();
      offStatus?.();
      offLeader?.();
      const off = offEvents;
      offTicks = offStatus = offLeader = offEvents = null;
      await off?.();
      stop();
      await writing;
    },
  };
}
export type TriggerEngine = ReturnType<typeof triggerEngine>;
