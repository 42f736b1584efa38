import type { Database } from '@kabuto/db/database';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import type { JobDefinition } from '../platform/public.ts';
import { lockPosition } from './position-row.ts';
import { chargeFinancingDue } from './position-moves.ts';

/**
 * Issue 18, made exactly-once by issue 24 §2: leverage above 1 borrows the rest, and a holding position pays one
 * day's financing (long) or stock lending (short) on the borrowed part, at the rate it opened on, for every JST day
 * after the day it opened. Leader-only, daily at 00:10 JST. Each run charges every day a position has not paid yet
 * (`financed_through` up to today), in one entry that says which days it covers, so a run that failed or was missed
 * is caught up by the next one and no day is charged twice (a close charges what is still owed first). Every write is
 * fenced by the leader epoch. Day trades (origin 'daytrade', issue 26) are skipped: they never carry financing.
 */
export function financingJob(db: Database, afterCommit?: () => void): JobDefinition {
  return {
    name: 'trade.financing',
    schedule: { jstDailyAt: { hour: 0, minute: 10 } },
    run: async (now, fenced) => {
      const today = sessionDate(now);
      const due = await db.query<{ order_no: string }>(
        `SELECT order_no FROM trade_positions WHERE status = 'holding' AND leverage > 1 AND origin <> 'daytrade'
            AND opened_at < ($1::date::timestamp AT TIME ZONE 'Asia/Tokyo')
            AND (financed_through IS NULL OR financed_through < $1::date) ORDER BY order_no`,
        [today],
      );
      let charged = 0;
      for (const { order_no } of due) {
        const done = await fenced(async (tx) => {
          const r = await lockPosition(tx, { orderNo: order_no });
          return r ? chargeFinancingDue(tx, r, now) : false;
        });
        if (done) charged++;
      }
      if (charged > 0) afterCommit?.();
      return `${charged} positions charged financing up to ${today}`;
    },
  };
}
