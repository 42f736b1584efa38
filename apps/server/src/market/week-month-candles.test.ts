import { expect, it } from 'vitest';
import type { CandleWire } from '@kabuto/contracts/market/fields';
import { money, toWire } from '@kabuto/domain/money';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { candleWire } from './market-snapshot.ts';
import { candleTuple, type TickWithCandles } from './market-messages.ts';

type Candles = { candles: CandleWire[] };

// The test clock starts on Friday 2026-11-20, 10:00 JST: the month began on Sunday 1 November and the
// week (Monday-start, JST) on Monday 16 November.
const monthStart = '2026-10-31T15:00:00.000Z';
const weekStart = '2026-11-15T15:00:00.000Z';

/** What a week's or month's candle must be: its daily candles rolled up. */
function rolledUp(days: CandleWire[], start: string): CandleWire {
  const first = days[0]!;
  return {
    start,
    open: first.open,
    high: toWire(days.reduce((m, d) => (money(d.high).gt(m) ? money(d.high) : m), money(first.high))),
    low: toWire(days.reduce((m, d) => (money(d.low).lt(m) ? money(d.low) : m), money(first.low))),
    close: days.at(-1)!.close,
    volume: days.reduce((n, d) => n + d.volume, 0),
    turnover: toWire(days.reduce((s, d) => s.plus(money(d.turnover)), money('0'))),
  };
}

/** Steps the feed until the symbol trades; the symbol's state as the leader published it (what the stream sends). */
async function tradeOnce(h: Harness, symbol: string): Promise<TickWithCandles> {
  const { feed, snapshot } = h.platform.market;
  for (let i = 0; i < 200; i++) {
    h.clock.advance(1000);
    const m = await feed.step();
    if (m?.kind !== 'ticks') continue;
    await snapshot.applied(m.step);
    const tick = m.ticks.filter((t) => t.symbol === symbol).at(-1);
    if (tick) return tick;
  }
  throw new Error(`${symbol} did not trade`);
}

const chart = async (h: Harness, symbol: string, period: string) =>
  (await h.call<Candles>('market/candles', { symbol, period, limit: 100 })).data.candles;

const daysFrom = (daily: CandleWire[], start: string) => daily.filter((d) => d.start >= start);

describeEachDatabase('the current week’s and month’s candle hold every day of the week and month', (h) => {
  it('rolls the back-filled days of this month and week up with today’s trades, in the chart and on the stream', async () => {
    const symbol = '7203';
    await tradeOnce(h(), symbol);
    // The first chart request back-fills the stock's history (daily candles up to yesterday) while the feed runs.
    await chart(h(), symbol, '1d');
    const tick = await tradeOnce(h(), symbol);
    const daily = await chart(h(), symbol, '1d');
    const month = daysFrom(daily, monthStart);
    const week = daysFrom(daily, weekStart);
    // 2–19 November less Culture Day (3rd): 13 back-filled trading days, then today.
    expect(month.map((d) => d.start.slice(0, 10))).toHaveLength(14);
    expect(week).toHaveLength(5);
    expect(daily.at(-1)?.close).toBe(tick.last);

    expect((await chart(h(), symbol, '1M')).at(-1)).toEqual(rolledUp(month, monthStart));
    expect((await chart(h(), symbol, '1w')).at(-1)).toEqual(rolledUp(week, weekStart));
    // What the stream sends for the bucket in progress is the same candle.
    expect(candleWire(candleTuple(tick.candles['1M']!))).toEqual(rolledUp(month, monthStart));
    expect(candleWire(candleTuple(tick.candles['1w']!))).toEqual(rolledUp(week, weekStart));
    // And the stored row the next process starts from.
    await h().platform.market.feed.flush();
    const [stored] = await h().db.query<{ open: string; volume: string }>(
      `SELECT open::text AS open, volume FROM market_candles WHERE symbol = $1 AND period = '1M' AND bucket_start = $2`,
      [symbol, monthStart],
    );
    expect([stored?.open, Number(stored?.volume)]).toEqual([month[0]?.open, rolledUp(month, monthStart).volume]);
  });

  it('keeps rolling days into the week and month across midnight, and starts a new week on Monday (JST)', async () => {
    const symbol = '6758';
    await chart(h(), symbol, '1d');
    await tradeOnce(h(), symbol);
    // Saturday 21 November (the demo profile trades every day): same week, same month.
    h().clock.advance(24 * 3_600_000);
    let tick = await tradeOnce(h(), symbol);
    // Friday's finished candle reaches the table with the flush that step started: the daily chart reads what is
    // stored (only the day in progress comes from memory), so wait for it. PGlite queues the chart's read behind
    // the flush; PostgreSQL runs them side by side.
    await h().platform.market.feed.flush();
    let daily = await chart(h(), symbol, '1d');
    expect(candleWire(candleTuple(tick.candles['1M']!))).toEqual(rolledUp(daysFrom(daily, monthStart), monthStart));
    expect(candleWire(candleTuple(tick.candles['1w']!))).toEqual(rolledUp(daysFrom(daily, weekStart), weekStart));
    // Monday 23 November: a new week, still November.
    h().clock.advance(2 * 24 * 3_600_000);
    tick = await tradeOnce(h(), symbol);
    await h().platform.market.feed.flush();
    daily = await chart(h(), symbol, '1d');
    const monday = '2026-11-22T15:00:00.000Z';
    expect(daysFrom(daily, monday)).toHaveLength(1);
    expect(candleWire(candleTuple(tick.candles['1w']!))).toEqual(rolledUp(daysFrom(daily, monday), monday));
    expect((await chart(h(), symbol, '1w')).at(-1)).toEqual(rolledUp(daysFrom(daily, monday), monday));
    expect((await chart(h(), symbol, '1M')).at(-1)).toEqual(rolledUp(daysFrom(daily, monthStart), monthStart));
  });
});
