import type { Database } from '@kabuto/db/database';
import { Decimal } from '@kabuto/domain/money';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import { followEquity, stopLossReached, type StopLoss } from '@kabuto/domain/copy/copy-trading';
import {
  busChannels,
  holdEpoch,
  LostLeadership,
  type Bus,
  type Fenced,
  type JobDefinition,
  type Leader,
  type RelayedEvent,
} from '../platform/public.ts';
import type { MarketSnapshot } from '../market/public.ts';
import type { Clock } from '../clock.ts';
import { followFree } from './copy-books.ts';
import {
  copyChanged,
  endFollows,
  followsToMirror,
  mirrorCloseBatch,
  mirrorOpenBatch,
  type LeadEvent,
} from './copy-moves.ts';
import { closingPriceOf, heldPositions, stopLossOf } from './copy-rows.ts';

/** Follows mirrored in one transaction: a few statements for the whole batch (group commit), not one per follower. */
export const defaultMirrorBatch = 2500;

interface Watched {
  capital: string;
  stopLoss: StopLoss;
  free: Decimal;
  positions: { symbol: string; side: 'long' | 'short'; quantity: string; openPrice: string; margin: string }[];
}

const positionChanged = 'trade.positionChanged';

/**
 * Issue 26: copy trading's leader-only engine. Its one serial queue (the trigger engine's shape) takes every copy
 * write on the leader: mirroring a lead's fills and closes into the follows of its strategies, the copy stop-loss, and
 * the term ends. Each write is a transaction fenced by the leader epoch (`holdEpoch`); the work is found in the
 * database each time (`catchUp`: lead positions not yet mirrored into every follow that should have them), so a
 * leader killed mid fan-out leaves the rest to the next leader, and the unique key (lead event, follow) with the
 * follows' row locks make each mirror happen once. The outbox's `trade.positionChanged` of a lead nudges it at once;
 * the job `copy.steps` (every 2 s) catches up whatever a lost nudge or a crash left. The stop-loss is checked per tick
 * for the follows holding the ticking stock (an index symbol → follows, rebuilt at each leadership and refreshed by
 * `copy.changed`), never by a periodic scan of every follow.
 */
export function copyEngine(deps: {
  db: Database;
  clock: Clock;
  bus: Bus;
  leader: Leader;
  market: Pick<MarketSnapshot, 'touch' | 'get' | 'onTicks'>;
  profile: SessionProfile;
  afterCommit?: () => void;
  log?: (msg: string, err?: unknown) => void;
  batchSize?: number;
  /** Tests: called between two batches of one fan-out (to kill the leader mid-way). */
  betweenBatches?: () => Promise<void>;
}) {
  const batchSize = deps.batchSize ?? defaultMirrorBatch;
  let writing: Promise<void> = Promise.resolve();
  let active = false;
  let generation = 0;
  let catchUpQueued = false;
  let leads = new Set<string>();
  const watched = new Map<string, Watched>();
  const bySymbol = new Map<string, Set<string>>();
  const stopping = new Set<string>();
  let offTicks: (() => void) | null = null;
  let offEvents: (() => Promise<void>) | null = null;
  let offLeader: (() => void) | null = null;
  let mirrored = 0;

  function enqueue(what: string, task: () => Promise<void>, gen: number | null = generation): Promise<void> {
    const run = writing.then(() => (gen === null || gen === generation ? task() : undefined));
    writing = run.catch((err: unknown) => {
      if (!(err instanceof LostLeadership)) deps.log?.(`copy: ${what} failed`, err);
    });
    return writing;
  }

  /** One fenced transaction: commits only while this process's leader epoch is current. */
  const fencedNow: Fenced = async (work) => {
    const epoch = deps.leader.epoch();
    if (epoch === null) throw new LostLeadership();
    return deps.db.transaction(async (tx) => {
      if (!(await holdEpoch(tx, epoch))) throw new LostLeadership();
      return work(tx);
    });
  };

  async function loadLeads(): Promise<void> {
    const rows = await deps.db.query<{ id: string }>(
      `SELECT DISTINCT s.lead_member_id::text AS id FROM copy_strategies s
        WHERE s.status = 'published'
          AND EXISTS (SELECT 1 FROM copy_follows f WHERE f.strategy_id = s.id AND f.status = 'inProgress')`,
    );
    leads = new Set(rows.map((r) => r.id));
  }

  /** Every lead fill and close not yet mirrored into every follow that should have it, then the follows due to end. */
  async function catchUp(fenced: Fenced): Promise<number> {
    await loadLeads();
    let wrote = 0;
    const opens = await deps.db.query<{
      id: string;
      order_no: string;
      member_id: string;
      symbol: string;
      side: 'long' | 'short';
      quantity: string;
      leverage: number;
      price: string;
      at: Date;
      strategy_id: string;
      capital_base: string;
    }>(
      `SELECT p.id::text AS id, p.order_no, p.member_id::text AS member_id, p.symbol, p.side,
              p.quantity::text AS quantity, p.leverage, p.open_price::text AS price, p.opened_at AS at,
              s.id::text AS strategy_id, s.capital_base::text AS capital_base
         FROM copy_strategies s JOIN trade_positions p ON p.member_id = s.lead_member_id
        WHERE s.status = 'published' AND p.origin = 'order' AND p.status = 'holding' AND p.opened_at >= s.published_at
          AND EXISTS (SELECT 1 FROM copy_follows f WHERE f.strategy_id = s.id AND f.status = 'inProgress'
                        AND f.started_at <= p.opened_at
                        AND NOT EXISTS (SELECT 1 FROM copy_mirrors m WHERE m.lead_position_id = p.id
                                          AND m.event = 'open' AND m.follow_id = f.id))
        ORDER BY p.opened_at, p.id`,
    );
    for (const o of opens) {
      const lead: LeadEvent = { ...o, orderNo: o.order_no, memberId: o.member_id, at: new Date(o.at) };
      const ids = await followsToMirror(deps.db, lead, o.strategy_id);
      for (let i = 0; i < ids.length; i += batchSize) {
        if (i > 0) await deps.betweenBatches?.();
        const n = await fenced((tx) =>
          mirrorOpenBatch(tx, lead, { capitalBase: o.capital_base }, ids.slice(i, i + batchSize), {
            market: deps.market,
            profile: deps.profile,
            at: deps.clock.now(),
          }),
        );
        if (n === null) break;
        wrote += n;
        deps.afterCommit?.();
      }
      await refreshWatch(ids);
    }
    const closes = await deps.db.query<{
      id: string;
      order_no: string;
      member_id: string;
      symbol: string;
      side: 'long' | 'short';
      quantity: string;
      leverage: number;
      price: string;
      at: Date;
    }>(
      `SELECT DISTINCT lp.id::text AS id, lp.order_no, lp.member_id::text AS member_id, lp.symbol, lp.side,
              lp.quantity::text AS quantity, lp.leverage, lp.close_price::text AS price, lp.closed_at AS at
         FROM copy_mirrors m JOIN trade_positions lp ON lp.id = m.lead_position_id
         JOIN trade_positions fp ON fp.id = m.follower_position_id
        WHERE m.event = 'open' AND m.outcome = 'mirrored' AND lp.status = 'closed' AND fp.status = 'holding'
        ORDER BY at, id`,
    );
    for (const c of closes) {
      const lead: LeadEvent = { ...c, orderNo: c.order_no, memberId: c.member_id, at: new Date(c.at) };
      const ids = (
        await deps.db.query<{ id: string }>(
          `SELECT m.follow_id::text AS id FROM copy_mirrors m JOIN trade_positions fp ON fp.id = m.follower_position_id
            WHERE m.lead_position_id = $1 AND m.event = 'open' AND m.outcome = 'mirrored' AND fp.status = 'holding'
            ORDER BY m.follow_id`,
          [c.id],
        )
      ).map((r) => r.id);
      for (let i = 0; i < ids.length; i += batchSize) {
        if (i > 0) await deps.betweenBatches?.();
        const n = await fenced((tx) =>
          mirrorCloseBatch(tx, lead, ids.slice(i, i + batchSize), { market: deps.market, at: deps.clock.now() }),
        );
        if (n === null) break;
        wrote += n;
        deps.afterCommit?.();
      }
      await refreshWatch(ids);
    }
    const due = await deps.db.query<{ id: string; closed: boolean }>(
      `SELECT f.id::text AS id, s.status = 'closed' AS closed FROM copy_follows f JOIN copy_strategies s ON s.id = f.strategy_id
        WHERE f.status = 'inProgress' AND (f.ends_at <= $1 OR s.status = 'closed') ORDER BY f.id`,
      [deps.clock.now()],
    );
    for (const reason of ['termEnd', 'strategyClosed'] as const) {
      const ids = due.filter((d) => d.closed === (reason === 'strategyClosed')).map((d) => d.id);
      for (let i = 0; i < ids.length; i += batchSize) {
        const ended = await fenced((tx) =>
          endFollows(tx, ids.slice(i, i + batchSize), reason, { market: deps.market, at: deps.clock.now() }),
        );
        wrote += ended.length;
        deps.afterCommit?.();
      }
      await refreshWatch(ids);
    }
    mirrored += wrote;
    return wrote;
  }

  function catchUpSoon(): void {
    if (!active || catchUpQueued) return;
    catchUpQueued = true;
    void enqueue('mirroring', async () => {
      catchUpQueued = false;
      await catchUp(fencedNow);
    });
  }

  // ——— The copy stop-loss, per tick ———

  function unwatch(id: string): void {
    const w = watched.get(id);
    if (!w) return;
    for (const p of w.positions) bySymbol.get(p.symbol)?.delete(id);
    watched.delete(id);
  }

  /** Reads the follows again (after a write or a `copy.changed`) and indexes those with a stop-loss and positions. */
  async function refreshWatch(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const gen = generation;
    const follows = await deps.db.query<{
      id: string;
      capital: string;
      stop_loss_yen: string | null;
      stop_loss_percent: string | null;
    }>(
      `SELECT id::text AS id, capital::text AS capital, stop_loss_yen::text AS stop_loss_yen,
              stop_loss_percent::text AS stop_loss_percent FROM copy_follows
        WHERE id = ANY($1::uuid[]) AND status = 'inProgress'
          AND (stop_loss_yen IS NOT NULL OR stop_loss_percent IS NOT NULL)`,
      [[...ids]],
    );
    const withStop = follows.map((f) => f.id);
    const held = await heldPositions(deps.db, withStop);
    const free = await followFree(deps.db, withStop);
    if (gen !== generation) return;
    for (const id of ids) unwatch(id);
    for (const f of follows) {
      const positions = held
        .filter((h) => h.follow_id === f.id)
        .map((h) => ({
          symbol: h.symbol,
          side: h.side,
          quantity: h.quantity,
          openPrice: h.open_price,
          margin: h.margin,
        }));
      if (positions.length === 0) continue;
      watched.set(f.id, {
        capital: f.capital,
        stopLoss: stopLossOf(f) as StopLoss,
        free: free.get(f.id) ?? new Decimal(0),
        positions,
      });
      for (const p of positions) {
        const set = bySymbol.get(p.symbol) ?? new Set<string>();
        set.add(f.id);
        bySymbol.set(p.symbol, set);
      }
    }
  }

  async function rebuildWatch(): Promise<void> {
    watched.clear();
    bySymbol.clear();
    const rows = await deps.db.query<{ id: string }>(
      `SELECT id::text AS id FROM copy_follows WHERE status = 'inProgress'
          AND (stop_loss_yen IS NOT NULL OR stop_loss_percent IS NOT NULL)`,
    );
    await refreshWatch(rows.map((r) => r.id));
  }

  function onTicks(entries: readonly { company: { code: string } }[]): void {
    if (!active) return;
    const hit: string[] = [];
    for (const e of entries) {
      const ids = bySymbol.get(e.company.code);
      if (!ids) continue;
      for (const id of ids) {
        const w = watched.get(id);
        if (!w || stopping.has(id)) continue;
        const priced = [];
        for (const p of w.positions) {
          const price = closingPriceOf(deps.market, p.symbol, p.side);
          if (price === null) break;
          priced.push({ ...p, price });
        }
        if (priced.length !== w.positions.length) continue;
        if (stopLossReached(w.stopLoss, w.capital, followEquity(w.free, priced))) hit.push(id);
      }
    }
    if (hit.length === 0) return;
    for (const id of hit) stopping.add(id);
    void enqueue('copy stop-loss', async () => {
      try {
        await fencedNow((tx) => endFollows(tx, hit, 'stopLoss', { market: deps.market, at: deps.clock.now() }));
        deps.afterCommit?.();
      } finally {
        for (const id of hit) stopping.delete(id);
        await refreshWatch(hit);
      }
    });
  }

  async function start(): Promise<void> {
    generation++;
    active = false;
    await loadLeads();
    await rebuildWatch();
    active = true;
    catchUpSoon();
  }

  function stop(): void {
    generation++;
    active = false;
    catchUpQueued = false;
    watched.clear();
    bySymbol.clear();
  }

  return {
    async attach(): Promise<void> {
      offTicks = deps.market.onTicks(onTicks);
      offEvents = await deps.bus.subscribe(busChannels.events, (raw) => {
        if (!active) return;
        let e: RelayedEvent;
        try {
          e = JSON.parse(raw) as RelayedEvent;
        } catch {
          return;
        }
        if (e.type === positionChanged && leads.has(e.memberId)) catchUpSoon();
        else if (e.type === copyChanged && typeof e.payload.followId === 'string') {
          const id = e.payload.followId;
          // A follow started, mirrored or ended: its strategy's lead may be newly followed, its stop-loss moved.
          void enqueue('follow refresh', async () => {
            await loadLeads();
            await refreshWatch([id]);
          });
        }
      });
      offLeader = deps.leader.onChange((leading) => {
        if (leading) void enqueue('copy start', start, null);
        else stop();
      });
    },
    /** The leader job: catches up every fan-out, close and term end (through the engine's one queue). */
    job(): JobDefinition {
      return {
        name: 'copy.steps',
        schedule: { everyMs: 2000 },
        run: async (_now, fenced) => {
          let n = 0;
          await enqueue(
            'copy steps',
            async () => {
              n = await catchUp(fenced);
            },
            null,
          );
          return `${n} follows mirrored or ended`;
        },
      };
    },
    /** Runs a catch-up now through the queue (tests, the bench). */
    catchUpNow: async (fenced: Fenced = fencedNow): Promise<number> => {
      let n = 0;
      await enqueue(
        'catch-up',
        async () => {
          n = await catchUp(fenced);
        },
        null,
      );
      return n;
    },
    settled: async (): Promise<void> => {
      await writing;
    },
    watching: (symbol: string) => bySymbol.get(symbol)?.size ?? 0,
    mirrored: () => mirrored,
    isActive: () => active,
    async close(): Promise<void> {
      offTicks?.();
      offLeader?.();
      const off = offEvents;
      offTicks = offLeader = offEvents = null;
      await off?.();
      stop();
      await writing;
    },
  };
}
export type CopyEngine = ReturnType<typeof copyEngine>;
