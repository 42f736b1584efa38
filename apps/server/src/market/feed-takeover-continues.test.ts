import { expect, it } from 'vitest';
import { memoryBus } from '../platform/public.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { startMarket } from './market-module.ts';
import { manualLeader, stepFeed } from './market-fixtures.ts';

describeEachDatabase('a new leader continues the feed from the stored state', (h) => {
  it('restores prices, day figures, sequence numbers and the candles in progress, and writes in batches', async () => {
    await stepFeed(h(), 20);
    await h().platform.market.feed.flush();
    const stored = await h().db.query<{ symbol: string; last: string; seq: string; volume: string }>(
      `SELECT symbol, last::text AS last, seq, volume FROM market_live_state ORDER BY symbol`,
    );
    expect(stored.length).toBeGreaterThan(100);
    const first = h().platform.market.snapshot;
    for (const row of stored)
      expect([first.get(row.symbol)?.state.last, first.get(row.symbol)?.state.seq]).toEqual([
        row.last,
        Number(row.seq),
      ]);
    const [feedState] = await h().db.query<{ steps: string }>(`SELECT steps FROM market_feed_state`);
    expect(Number(feedState?.steps)).toBeGreaterThanOrEqual(20);

    // Another process: its snapshot starts from the stored state, then it takes over the feed.
    const hand = manualLeader(h().db);
    const bus = memoryBus();
    const second = await startMarket({
      db: h().db,
      clock: h().clock,
      bus,
      leader: hand.leader,
      profile: 'demo',
      options: { feedIntervalMs: null, backfill: 'onDemand' },
    });
    try {
      for (const row of stored) expect(second.snapshot.get(row.symbol)?.state.seq).toBe(Number(row.seq));
      second.attach();
      expect(await second.feed.step()).toBeNull();
      await hand.set(true);
      const byTicks = new Map<string, { seq: number; volume: number; dayVolume: number }>();
      for (let i = 0; i < 10; i++) {
        h().clock.advance(1000);
        const m = await second.feed.step();
        if (m?.kind !== 'ticks') continue;
        for (const t of m.ticks)
          if (!byTicks.has(t.symbol))
            byTicks.set(t.symbol, { seq: t.seq, volume: t.volume, dayVolume: t.candles['1d']?.volume ?? -1 });
      }
      expect(byTicks.size).toBeGreaterThan(50);
      for (const [symbol, first] of byTicks) {
        const before = stored.find((r) => r.symbol === symbol);
        // The first trade after the takeover is the next in the symbol's sequence, and the day's candle goes on growing.
        expect(first.seq, symbol).toBe(Number(before?.seq ?? 0) + 1);
        expect(first.dayVolume).toBeGreaterThan(Number(before?.volume ?? 0));
      }
      await second.feed.flush();
      const state = () =>
        h().db.query<{ seq: string; symbol: string }>(`SELECT symbol, seq FROM market_live_state ORDER BY symbol`);
      const flushed = await state();
      for (const [symbol, t] of byTicks)
        expect(Number(flushed.find((r) => r.symbol === symbol)?.seq)).toBeGreaterThanOrEqual(t.seq);
      // Trades not yet written when leadership is lost stay unwritten, so a newer leader's state is never overwritten.
      for (let traded = null; traded === null;) {
        h().clock.advance(100);
        traded = await second.feed.step();
      }
      await hand.set(false);
      await second.feed.flush();
      expect(await state()).toEqual(flushed);
      // Nor when this process leads again later, in a newer epoch: it starts from what is stored, so the candles of the
      // buckets it had not written then stay as stored.
      const thisMinuteEnds = new Date(Math.floor(h().clock.now().getTime() / 60_000 + 1) * 60_000);
      const candles = () =>
        h().db.query(
          `SELECT symbol, period, bucket_start, close::text AS close, volume FROM market_candles WHERE bucket_start < $1 AND period = '1m' ORDER BY 1, 3`,
          [thisMinuteEnds],
        );
      const storedCandles = await candles();
      h().clock.advance(60_000);
      await hand.set(true);
      await second.feed.step();
      await second.feed.flush();
      expect(await candles()).toEqual(storedCandles);
    } finally {
      await second.close();
      await bus.close();
    }
  });
});
