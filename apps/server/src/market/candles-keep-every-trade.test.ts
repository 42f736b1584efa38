import { expect, it } from 'vitest';
import { bucketStart, mergeTick, openCandle, type Candle } from '@kabuto/domain/market/candles';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { candleColumns, candleOf, type CandleRow } from './candle-rows.ts';
import type { TickState } from './market-messages.ts';

// Issue 17 §10: every trade the stream carried is in the stored candles, also when a bucket (a minute, a day) ends
// between two batched writes; and a day's stored close is the next day's previous close.

/** Steps the feed by `stepMs` (not a divisor of a minute, so writes fall anywhere in a bucket) until `until`; every tick. */
async function streamUntil(h: Harness, until: Date, stepMs: number): Promise<TickState[]> {
  const ticks: TickState[] = [];
  while (h.clock.now() < until) {
    h.clock.advance(stepMs);
    const m = await h.platform.market.feed.step();
    if (m?.kind === 'ticks') ticks.push(...m.ticks);
  }
  await h.platform.market.feed.flush();
  return ticks;
}

/** The one-minute candles the streamed trades make: a trade's volume is the rise of the day's volume it brought. */
function rebuild(before: ReadonlyMap<string, Pick<TickState, 'day' | 'volume'>>, ticks: readonly TickState[]) {
  const dayVolume = new Map(before);
  const candles = new Map<string, Candle>();
  for (const t of ticks) {
    const last = dayVolume.get(t.symbol);
    const volume = last && last.day === t.day ? t.volume - last.volume : t.volume;
    dayVolume.set(t.symbol, t);
    const print = { price: t.last, volume, at: new Date(t.at) };
    const key = `${t.symbol}@${bucketStart('1m', print.at).toISOString()}`;
    const open = candles.get(key);
    candles.set(key, open ? mergeTick(open, print) : openCandle('1m', print));
  }
  return candles;
}

const stored = async (h: Harness, period: string, from: Date): Promise<Map<string, Candle>> => {
  const rows = await h.db.query<CandleRow>(
    `SELECT ${candleColumns} FROM market_candles WHERE period = $1 AND bucket_start >= $2`,
    [period, from],
  );
  return new Map(rows.map((r) => [`${r.symbol}@${new Date(r.bucket_start).toISOString()}`, candleOf(r)]));
};

const ohlcv = (c: Candle | undefined) => c && [c.open, c.high, c.low, c.close, c.volume];

describeEachDatabase('candles keep every trade', (h) => {
  it('stores one-minute candles equal to the trades streamed in them, across minute boundaries', async () => {
    const from = bucketStart('1m', h().clock.now());
    const before = new Map(
      h()
        .platform.market.snapshot.all()
        .map((e) => [e.company.code, { ...e.state }]),
    );
    const ticks = await streamUntil(h(), new Date(from.getTime() + 4 * 60_000 + 30_000), 1700);
    const rebuilt = rebuild(before, ticks);
    const saved = await stored(h(), '1m', from);
    expect(new Set([...rebuilt.keys()].map((k) => k.split('@')[1])).size).toBeGreaterThanOrEqual(5);
    expect([...saved.keys()].sort()).toEqual([...rebuilt.keys()].sort());
    for (const [key, candle] of rebuilt) expect([key, ohlcv(saved.get(key))]).toEqual([key, ohlcv(candle)]);
  });

  it('stores each day’s close as the previous close the next day opens with, across midnight (JST)', async () => {
    // 2026-11-20 23:58 JST, then on past midnight.
    const now = h().clock.now();
    h().clock.advance(new Date('2026-11-20T14:58:00Z').getTime() - now.getTime());
    const ticks = await streamUntil(h(), new Date('2026-11-20T15:02:00Z'), 1300);
    const days = await stored(h(), '1d', new Date('2026-11-19T15:00:00Z'));
    const nextDay = ticks.filter((t) => t.day === '2026-11-21');
    const firstNextDay = new Map<string, TickState>();
    for (const t of nextDay) if (!firstNextDay.has(t.symbol)) firstNextDay.set(t.symbol, t);
    expect(firstNextDay.size).toBeGreaterThan(200);
    const dayStart = new Date('2026-11-19T15:00:00Z').toISOString();
    for (const [symbol, t] of firstNextDay)
      expect([symbol, days.get(`${symbol}@${dayStart}`)?.close]).toEqual([symbol, t.prevClose]);
    // And the stored state of the new day agrees.
    const live = await h().db.query<{ symbol: string; prev_close: string; day: string | Date }>(
      `SELECT symbol, prev_close::text AS prev_close, day FROM market_live_state`,
    );
    for (const r of live.filter((l) => firstNextDay.has(l.symbol)))
      expect([r.symbol, r.prev_close]).toEqual([r.symbol, days.get(`${r.symbol}@${dayStart}`)?.close]);
  });
});
