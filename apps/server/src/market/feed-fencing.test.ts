import { expect, it } from 'vitest';
import type { MarketTopic } from '@kabuto/contracts/stream/messages';
import { memoryBus } from '../platform/public.ts';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { startMarket } from './market-module.ts';
import { manualLeader, stepFeed } from './market-fixtures.ts';
import type { MarketSnapshot } from './market-snapshot.ts';

// Issue 17 §7: a leader that lost its term writes nothing, and a new leader's ticks are never taken for the old one's.

/** Every quote a subscriber of the snapshot's process would get: topic → sequence number → prices seen with it. */
function recordQuotes(snapshot: MarketSnapshot, seen: Map<string, Map<string, Set<string>>>): () => void {
  return snapshot.onUpdate((u) => {
    for (const topic of u.topics.filter((t): t is MarketTopic => t.startsWith('quotes:'))) {
      const m = u.build(topic);
      if (m?.type !== 'quote') continue;
      const bySeq = seen.get(topic) ?? new Map<string, Set<string>>();
      bySeq.set(m.seq, (bySeq.get(m.seq) ?? new Set()).add(m.data.last));
      seen.set(topic, bySeq);
    }
  });
}

/** Steps within the same second (no batched write falls due) until a step traded. */
async function stepUnflushed(h: Harness, step: () => Promise<unknown>): Promise<void> {
  for (let traded = null; traded === null;) {
    h.clock.advance(100);
    traded = await step();
  }
}

const liveState = (h: Harness) =>
  h.db.query<{ symbol: string; last: string; seq: string }>(
    `SELECT symbol, last::text AS last, seq FROM market_live_state ORDER BY symbol`,
  );

describeEachDatabase('fencing: a leader that lost its epoch', (h) => {
  it('writes nothing once another process took a newer epoch, and no topic repeats a sequence number with another price', async () => {
    const old = h().platform.market;
    const seen = new Map<string, Map<string, Set<string>>>();
    const offOld = recordQuotes(old.snapshot, seen);
    await stepFeed(h(), 10);
    await old.feed.flush();
    // Trades streamed but not yet written: what a leader killed (or cut off) now takes with it.
    for (let i = 0; i < 5; i++) await stepUnflushed(h(), () => old.feed.step());
    const stored = await liveState(h());

    const hand = manualLeader(h().db);
    const bus = memoryBus();
    const next = await startMarket({
      db: h().db,
      clock: h().clock,
      bus,
      leader: hand.leader,
      profile: 'demo',
      options: { feedIntervalMs: null, backfill: 'onDemand' },
    });
    const offNext = recordQuotes(next.snapshot, seen);
    try {
      next.attach();
      await hand.set(true);
      // The old leader has not noticed yet: it goes on trading, but its batched write is refused.
      await stepUnflushed(h(), () => old.feed.step());
      await old.feed.flush();
      expect(await liveState(h())).toEqual(stored);
      expect(old.feed.running()).toBe(false);

      for (let i = 0; i < 10; i++) {
        h().clock.advance(1000);
        await next.feed.step();
      }
      await next.feed.flush();
      expect(await liveState(h())).not.toEqual(stored);

      // The new leader went on from the stored state, behind what the old one streamed, yet no topic shows one
      // sequence number with two prices: its numbers are all in its own, newer epoch.
      let numbered = 0;
      for (const [topic, bySeq] of seen) {
        for (const [seq, prices] of bySeq)
          expect([topic, seq, [...prices]]).toEqual([topic, seq, [...prices].slice(0, 1)]);
        numbered += bySeq.size;
      }
      expect(numbered).toBeGreaterThan(100);
    } finally {
      offOld();
      offNext();
      await next.close();
      await bus.close();
    }
  });
});
