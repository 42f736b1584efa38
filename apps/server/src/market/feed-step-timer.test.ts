import { afterEach, expect, it, vi } from 'vitest';
import type { Bus } from '../platform/public.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { marketFeed } from './market-feed.ts';

// Issue 17 §8: a slow step (here: a bus that does not answer) must not make the timer's later steps queue up behind
// it, to run back to back once it is done; they are skipped and counted.

/** A bus whose publishes, once held, wait until the test lets them through. */
function heldBus() {
  const waiting: (() => void)[] = [];
  let held = false;
  const bus: Bus = {
    kind: 'memory',
    publish: () => (held ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve()),
    subscribe: async () => async () => undefined,
    close: async () => undefined,
  };
  const releaseAll = () => waiting.splice(0).forEach((r) => r());
  return {
    bus,
    waiting: () => waiting.length,
    releaseAll,
    hold() {
      held = true;
    },
    open() {
      held = false;
      releaseAll();
    },
  };
}

const settle = () => new Promise((r) => setImmediate(r));
/** A step lets the event loop run between slices of its trades: the turns it takes to reach the bus. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await settle();
}

describeEachDatabase('the feed’s step timer', (h) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('skips the steps due while one still runs instead of queueing them, and logs how many it skipped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const held = heldBus();
    const logs: string[] = [];
    const feed = marketFeed({
      db: h().db,
      bus: held.bus,
      leader: h().platform.leader,
      clock: h().clock,
      snapshot: h().platform.market.snapshot,
      // No batched write falls due: the test clock stands still.
      options: { seed: 7203, profile: 'demo', intervalMs: 100, flushMs: 60_000, activity: 1 },
      log: (msg) => logs.push(msg),
    });
    feed.attach();
    try {
      while (!feed.running()) await settle();
      // A step by hand waits for the feed's start (its load) to finish; then the bus stops answering.
      await feed.step();
      held.hold();
      await vi.advanceTimersByTimeAsync(100);
      await until(() => held.waiting() === 1);
      expect(held.waiting()).toBe(1);
      // Ten more steps fall due while the first waits on the bus: none starts.
      await vi.advanceTimersByTimeAsync(1000);
      expect(held.waiting()).toBe(1);
      expect(feed.skippedSteps()).toBe(10);
      expect(logs.filter((l) => l.startsWith('market: step skipped'))).toEqual([
        'market: step skipped, the previous one still runs (1 skipped since the feed started)',
      ]);
      // Once it is done, nothing runs until the timer's next step: no backlog of steps runs back to back.
      held.releaseAll();
      for (let i = 0; i < 5; i++) await settle();
      expect(held.waiting()).toBe(0);
      await vi.advanceTimersByTimeAsync(100);
      await until(() => held.waiting() === 1);
      expect(held.waiting()).toBe(1);
      held.releaseAll();
    } finally {
      held.open();
      await feed.stop();
    }
  });
});
