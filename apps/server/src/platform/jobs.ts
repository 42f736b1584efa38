import type { Database } from '@kabuto/db/database';
import { jstParts } from '@kabuto/domain/calendar/jst';
import type { Clock } from '../clock.ts';
import type { Leader } from './leader.ts';

/** When a job is due: every N ms, or once a JST day at a time (optionally weekdays only). */
export type JobSchedule =
  { readonly everyMs: number } | { readonly jstDailyAt: { readonly hour: number; readonly minute: number } };

export interface JobDefinition {
  readonly name: string;
  readonly schedule: JobSchedule;
  readonly run: (now: Date) => Promise<string | void>;
}

/** The period a schedule is in at `now`, or null when today's JST time has not come yet. */
export function periodKey(schedule: JobSchedule, now: Date): string | null {
  if ('everyMs' in schedule) return String(Math.floor(now.getTime() / schedule.everyMs));
  const p = jstParts(now);
  const at = schedule.jstDailyAt.hour * 60 + schedule.jstDailyAt.minute;
  if (p.minuteOfDay < at) return null;
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * Leader-only jobs, each at most once per job and period: the `job_runs` primary key lets only
 * one runner claim a period, even if two processes briefly both believe they lead.
 */
export function jobRunner(deps: {
  db: Database;
  clock: Clock;
  leader: Leader;
  runner: string;
  log?: (msg: string, err?: unknown) => void;
}) {
  const jobs = new Map<string, JobDefinition>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

  async function runDue(): Promise<string[]> {
    if (!deps.leader.isLeader()) return [];
    const now = deps.clock.now();
    const ran: string[] = [];
    for (const job of jobs.values()) {
      const key = periodKey(job.schedule, now);
      if (key === null) continue;
      const claimed = await deps.db.query(
        `INSERT INTO job_runs (job, period_key, runner, started_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING job`,
        [job.name, key, deps.runner, now],
      );
      if (claimed.length === 0) continue;
      let outcome: string;
      try {
        outcome = (await job.run(now)) || 'ok';
      } catch (err) {
        outcome = `failed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
        deps.log?.(`job ${job.name} failed`, err);
      }
      await deps.db.query(`UPDATE job_runs SET finished_at = $3, outcome = $4 WHERE job = $1 AND period_key = $2`, [
        job.name,
        key,
        deps.clock.now(),
        outcome,
      ]);
      ran.push(job.name);
    }
    return ran;
  }

  return {
    register(job: JobDefinition): void {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
      jobs.set(job.name, job);
    },
    /** Runs every job that is due now (the timer calls this; tests call it with their own clock). */
    runDue,
    start(intervalMs = 1000): void {
      stopped = false;
      const loop = () => {
        if (stopped) return;
        running = runDue()
          .then(() => undefined)
          .catch((err: unknown) => deps.log?.('jobs: run failed', err))
          .finally(() => {
            running = null;
            if (!stopped) timer = setTimeout(loop, intervalMs);
          });
      };
      timer = setTimeout(loop, 0);
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
export type JobRunner = ReturnType<typeof jobRunner>;
