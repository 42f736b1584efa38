import { candleRequestMax } from '@kabuto/contracts/market/quotes';
import type { JobDefinition } from '../platform/public.ts';

/** Intraday periods: about 500k new rows a day across the universe; days, weeks and months are few and kept. */
const prunedPeriods = ['1m', '5m', '10m', '30m'];

/**
 * Issue 17 §12: keeps of each symbol's intraday candles only the newest `candleRequestMax` per period, the most a
 * chart can ask for, so nothing a chart shows goes. The primary key (symbol, period, bucket_start) finds each cut
 * and the rows before it without a scan of the table. Leader-only, hourly, so each run deletes about an hour's growth.
 */
export function candleRetentionJob(): JobDefinition {
  return {
    name: 'market.candles.prune',
    schedule: { everyMs: 3_600_000 },
    run: async (_now, fenced) => {
      const [row] = await fenced((tx) =>
        tx.query<{ deleted: number }>(
          `WITH cut AS (
           SELECT s.code AS symbol, p.period, newest_gone.bucket_start
             FROM market_symbols s CROSS JOIN unnest($1::text[]) AS p(period)
             CROSS JOIN LATERAL (
               SELECT k.bucket_start FROM market_candles k WHERE k.symbol = s.code AND k.period = p.period
                ORDER BY k.bucket_start DESC OFFSET $2 LIMIT 1) newest_gone
         ), gone AS (
           DELETE FROM market_candles c USING cut
            WHERE c.symbol = cut.symbol AND c.period = cut.period AND c.bucket_start <= cut.bucket_start
           RETURNING 1
         )
         SELECT count(*)::int AS deleted FROM gone`,
          [prunedPeriods, candleRequestMax],
        ),
      );
      return `deleted ${row?.deleted ?? 0}`;
    },
  };
}
