import { expireIdempotencyKeys } from '../http/public.ts';
import type { JobRunner } from './jobs.ts';

// Relayed events are kept a week for inspection, then pruned.
const outboxKeepDays = 7;

/** The platform's own leader-only jobs; markets, triggers, draws and interest add theirs later. */
export function registerPlatformJobs(jobs: JobRunner): void {
  jobs.register({
    name: 'idempotency.expire',
    schedule: { jstDailyAt: { hour: 3, minute: 0 } },
    run: async (now, fenced) => `deleted ${await fenced((tx) => expireIdempotencyKeys(tx, now))}`,
  });
  jobs.register({
    name: 'outbox.prune',
    schedule: { jstDailyAt: { hour: 3, minute: 30 } },
    run: async (now, fenced) => {
      const rows = await fenced((tx) =>
        tx.query(`DELETE FROM outbox WHERE relayed_at IS NOT NULL AND relayed_at < $1 RETURNING id`, [
          new Date(now.getTime() - outboxKeepDays * 86_400_000),
        ]),
      );
      return `deleted ${rows.length}`;
    },
  });
}
