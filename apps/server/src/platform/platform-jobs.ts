import { expireIdempotencyKeys } from '../http/public.ts';
import type { JobRunner } from './jobs.ts';

// Relayed events are kept a week for inspection, then pruned.
const outboxKeepDays = 7;
// Finished job periods are kept a week: a period's key is its time, so an older one is never claimed again (the IPO
// steps alone leave one row every 5 s).
const jobRunsKeepDays = 7;

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
  jobs.register({
    name: 'jobRuns.prune',
    schedule: { jstDailyAt: { hour: 3, minute: 45 } },
    run: async (now, fenced) => {
      const rows = await fenced((tx) =>
        tx.query(`DELETE FROM job_runs WHERE finished_at IS NOT NULL AND finished_at < $1 RETURNING job`, [
          new Date(now.getTime() - jobRunsKeepDays * 86_400_000),
        ]),
      );
      return `deleted ${rows.length}`;
    },
  });
}
