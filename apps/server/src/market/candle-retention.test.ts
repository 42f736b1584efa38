import { expect, it } from 'vitest';
import { candleRequestMax } from '@kabuto/contracts/market/quotes';
import { jobRunner, type Leader } from '../platform/public.ts';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { candleRetentionJob } from './candle-retention.ts';

// Issue 17 §12: intraday candles beyond what a chart can show are pruned by a leader job; the rest stays.

const follower: Leader = {
  isLeader: () => false,
  epoch: () => null,
  onChange: () => () => {},
  start: async () => {},
  stop: async () => {},
};

/** `count` candles of a symbol and period, one per `stepMs`, the newest starting at `newest`. */
const insertCandles = (h: Harness, symbol: string, period: string, count: number, newest: Date, stepMs: number) =>
  h.db.query(
    `INSERT INTO market_candles (symbol, period, bucket_start, open, high, low, close, volume, turnover)
     SELECT $1, $2, $3::timestamptz - make_interval(secs => i * $4::double precision / 1000), 100, 101, 99, 100, 1000, 100000
       FROM generate_series(0, $5::int - 1) AS i`,
    [symbol, period, newest, stepMs, count],
  );

const counts = async (h: Harness) =>
  Object.fromEntries(
    (
      await h.db.query<{ key: string; n: number; oldest: Date }>(
        `SELECT symbol || ':' || period AS key, count(*)::int AS n, min(bucket_start) AS oldest
           FROM market_candles WHERE symbol IN ('7203', '6758') GROUP BY symbol, period`,
      )
    ).map((r) => [r.key, [r.n, new Date(r.oldest).toISOString()]]),
  );

/** The outcome of the prune in the clock's hour, once the app's runner (on its timer) has finished it. */
async function pruneOutcome(h: Harness): Promise<string | undefined> {
  const period = String(Math.floor(h.clock.now().getTime() / 3_600_000));
  const outcome = async () =>
    (
      await h.db.query<{ outcome: string | null }>(
        `SELECT outcome FROM job_runs WHERE job = 'market.candles.prune' AND period_key = $1`,
        [period],
      )
    )[0]?.outcome ?? undefined;
  for (let i = 0; i < 200 && !(await outcome()); i++) await new Promise((r) => setTimeout(r, 50));
  return outcome();
}

describeEachDatabase('candle retention', (h) => {
  it('prunes intraday candles older than the most a chart can show, keeps the rest, and runs on the leader only', async () => {
    // This hour's run is over before the candles go in (it found nothing to delete).
    expect(await pruneOutcome(h())).toBe('deleted 0');
    const minute = 60_000;
    const newest = new Date(Math.floor(h().clock.now().getTime() / minute) * minute);
    const at = (ms: number) => new Date(newest.getTime() - ms).toISOString();
    await insertCandles(h(), '7203', '1m', candleRequestMax + 10, newest, minute);
    await insertCandles(h(), '7203', '30m', candleRequestMax + 1, newest, 30 * minute);
    await insertCandles(h(), '7203', '5m', 12, newest, 5 * minute);
    await insertCandles(h(), '7203', '1d', candleRequestMax + 200, newest, 1440 * minute);
    await insertCandles(h(), '6758', '1m', 20, newest, minute);
    const before = await counts(h());

    // A process that does not lead runs nothing.
    const elsewhere = jobRunner({ db: h().db, clock: h().clock, leader: follower, runner: 'follower' });
    elsewhere.register(candleRetentionJob());
    h().clock.advance(3_600_000);
    expect(await elsewhere.runDue()).toEqual([]);
    expect(await counts(h())).toEqual(before);

    // The leader's runner (the app's, on its timer) runs it in the new hour.
    expect(await pruneOutcome(h())).toBe('deleted 11');
    expect(await counts(h())).toEqual({
      // The newest candleRequestMax of each intraday period stay: a chart asks for at most that many.
      '7203:1m': [candleRequestMax, at((candleRequestMax - 1) * minute)],
      '7203:30m': [candleRequestMax, at((candleRequestMax - 1) * 30 * minute)],
      '7203:5m': before['7203:5m'],
      '7203:1d': before['7203:1d'],
      '6758:1m': before['6758:1m'],
    });
  });
});
