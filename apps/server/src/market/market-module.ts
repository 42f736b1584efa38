import type { Database } from '@kabuto/db/database';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import type { ReplayFeedOptions } from '@kabuto/market/feed';
import { TSE_COMPANIES, type TseCompany } from '@kabuto/market/tse-companies';
import type { Bus, Leader } from '../platform/public.ts';
import type { Clock } from '../clock.ts';
import { marketSnapshot } from './market-snapshot.ts';
import { marketHistory } from './market-history.ts';
import { marketFeed } from './market-feed.ts';
import { marketService } from './market.service.ts';
import { marketRoutes } from './market.routes.ts';

export interface MarketOptions {
  /** The simulator's seed: same seed, same market and the same back-filled history. */
  seed: number;
  /** Milliseconds between steps of the feed; null steps only when told (tests). */
  feedIntervalMs: number | null;
  flushMs: number;
  /** `background`: the leader fills every symbol's chart history after it starts; `onDemand`: a symbol's history is filled when its chart is first asked for. */
  backfill: 'background' | 'onDemand';
  activity?: number;
  /** Replay a recording instead of simulating; every price then says `replay`. */
  replay?: ReplayFeedOptions;
  /** The companies the market carries (stored symbols outside it are ignored); the scale bench adds synthetic ones. */
  universe: readonly TseCompany[];
}

export const defaultMarketOptions: MarketOptions = {
  seed: 7203,
  feedIntervalMs: 1000,
  flushMs: 1000,
  backfill: 'background',
  universe: TSE_COMPANIES,
};

/** The market module wired: snapshot (every process), feed (leader only), history, service and routes. */
export async function startMarket(deps: {
  db: Database;
  clock: Clock;
  bus: Bus;
  leader: Leader;
  profile: SessionProfile;
  options?: Partial<MarketOptions>;
  log?: (msg: string, err?: unknown) => void;
  info?: (msg: string) => void;
}) {
  const options: MarketOptions = { ...defaultMarketOptions, ...deps.options };
  const snapshot = await marketSnapshot({
    db: deps.db,
    bus: deps.bus,
    clock: deps.clock,
    seed: options.seed,
    universe: options.universe,
    source: options.replay ? 'replay' : 'simulated',
    ...(deps.log ? { log: deps.log } : {}),
  });
  const history = marketHistory({
    db: deps.db,
    seed: options.seed,
    universe: options.universe,
    bus: deps.bus,
    ...(deps.log ? { log: deps.log } : {}),
  });
  const feed = marketFeed({
    db: deps.db,
    bus: deps.bus,
    leader: deps.leader,
    clock: deps.clock,
    snapshot,
    options: {
      seed: options.seed,
      profile: deps.profile,
      intervalMs: options.feedIntervalMs,
      flushMs: options.flushMs,
      ...(options.activity === undefined ? {} : { activity: options.activity }),
      ...(options.replay ? { replay: options.replay } : {}),
    },
    ...(deps.log ? { log: deps.log } : {}),
  });
  const service = marketService({
    db: deps.db,
    clock: deps.clock,
    bus: deps.bus,
    profile: deps.profile,
    snapshot,
    history,
  });
  let closed = false;
  let filling: Promise<unknown> = Promise.resolve();
  let offFill: (() => void) | null = null;
  return {
    snapshot,
    history,
    feed,
    service,
    routes: marketRoutes(service),
    /** Starts following leadership: the feed runs and, on first start, history fills in the background. */
    attach(): void {
      feed.attach();
      if (options.backfill !== 'background') return;
      offFill = deps.leader.onChange((leading) => {
        if (!leading) return;
        filling = history
          .fillAll(() => !closed && deps.leader.isLeader())
          .then((r) => {
            if (r.symbols > 0)
              deps.info?.(
                `market: chart history back-filled for ${r.symbols} symbols, ${r.rows} candles in ${r.ms} ms`,
              );
          })
          .catch((err: unknown) => deps.log?.('market: history back-fill failed', err));
      });
    },
    async close(): Promise<void> {
      closed = true;
      offFill?.();
      await filling;
      await feed.stop();
      await snapshot.close();
    },
  };
}
export type MarketModule = Awaited<ReturnType<typeof startMarket>>;
