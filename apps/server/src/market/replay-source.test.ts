import { expect, it } from 'vitest';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import { describeEachDatabase, type Harness } from '../test/harness.ts';

// A recording in the JSON-lines format MARKET_REPLAY_FILE takes (one line per tick; turnover optional).
const recording = [
  { symbol: '7203', price: '2910', volume: 300, at: '2026-11-20T01:00:01Z' },
  { symbol: '6758', price: '3500', volume: 100, turnover: '350000', at: '2026-11-20T01:00:02Z' },
  { symbol: '7203', price: '2915.5', volume: 200, at: '2026-11-20T01:00:03Z' },
  { symbol: '9999', price: '100', volume: 100, at: '2026-11-20T01:00:04Z' },
]
  .map((t) => JSON.stringify(t))
  .join('\n');

/** Steps until the feed has published `n` recorded trades (the replay plays on its own timers). */
async function stepUntil(h: Harness, n: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < 200 && seen.length < n; i++) {
    await new Promise((r) => setTimeout(r, 10));
    const m = await h.platform.market.feed.step();
    if (m?.kind === 'ticks') {
      await h.platform.market.snapshot.applied(m.step);
      seen.push(...m.ticks.map((t) => `${t.symbol}@${t.last}`));
    }
  }
  return seen;
}

describeEachDatabase(
  'replaying a recording instead of simulating',
  (h) => {
    it('books the recorded trades as they were, skips symbols it does not carry, and labels every price replay', async () => {
      expect(await stepUntil(h(), 3)).toEqual(['7203@2910', '6758@3500', '7203@2915.5']);
      const detail = await h().call<QuoteWire>('market/detail', { symbol: '7203' });
      expect(detail.data).toMatchObject({
        last: '2915.5',
        open: '2910',
        high: '2915.5',
        low: '2910',
        volume: 500,
        source: 'replay',
      });
      expect(detail.data.turnover).toBe('1456100');
      expect((await h().call<{ source: string }>('market/status')).data.source).toBe('replay');
      const list = await h().call<{ source: string; items: QuoteWire[] }>('market/stockList', { pageSize: 5 });
      expect([list.data.source, ...list.data.items.map((q) => q.source)].every((s) => s === 'replay')).toBe(true);
      const candles = await h().call<{ source: string; candles: { close: string; start: string }[] }>(
        'market/candles',
        { symbol: '7203', period: '1m', limit: 2 },
      );
      expect(candles.data.source).toBe('replay');
      expect(candles.data.candles.at(-1)).toMatchObject({ start: '2026-11-20T01:00:00.000Z', close: '2915.5' });
    });
  },
  { market: { replay: { ticks: recording, speed: 1000, maxGapMs: 1, loop: false } } },
);
