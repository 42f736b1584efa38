import type { Database } from '@kabuto/db/database';
import { takeEpoch, type Leader } from '../platform/public.ts';
import type { Harness } from '../test/harness.ts';

export { connect, signedIn, type Conn } from '../test/stream-client.ts';

/** Moves the test clock a second at a time and steps the feed, until `n` steps traded; waits until this process applied them. */
export async function stepFeed(h: Harness, n = 1): Promise<void> {
  const { feed, snapshot } = h.platform.market;
  let done = 0;
  for (let tries = 0; done < n && tries < n * 20; tries++) {
    h.clock.advance(1000);
    const m = await feed.step();
    if (m && m.kind === 'ticks') {
      await snapshot.applied(m.step);
      done += 1;
    }
  }
  if (done < n) throw new Error(`feed traded ${done} of ${n} steps`);
}

/** Steps until the symbol has traded at least once more. */
export async function stepUntilTraded(h: Harness, symbol: string, maxSteps = 100): Promise<void> {
  const before = h.platform.market.snapshot.get(symbol)?.state.seq ?? 0;
  for (let i = 0; i < maxSteps; i++) {
    await stepFeed(h);
    if ((h.platform.market.snapshot.get(symbol)?.state.seq ?? 0) > before) return;
  }
  throw new Error(`${symbol} did not trade in ${maxSteps} steps`);
}

/** A leader the test hands over by hand; like a real one, it takes the next epoch each time it starts leading. */
export function manualLeader(db: Database) {
  let epoch: number | null = null;
  const listeners = new Set<(l: boolean) => void>();
  const leader: Leader = {
    isLeader: () => epoch !== null,
    epoch: () => epoch,
    onChange(listener) {
      listeners.add(listener);
      if (epoch !== null) queueMicrotask(() => listener(true));
      return () => listeners.delete(listener);
    },
    async start() {},
    async stop() {},
  };
  return {
    leader,
    async set(leading: boolean): Promise<void> {
      epoch = leading ? await takeEpoch(db) : null;
      for (const l of listeners) l(leading);
    },
  };
}
