import type { Database, Sql } from '@kabuto/db/database';
import { jstParts } from '@kabuto/domain/calendar/jst';
import type { Clock } from '../clock.ts';
import { holdEpoch, type Leader } from './leader.ts';

/** When a job is due: every N ms, or once a JST day at a time (optionally weekdays only). */
export type JobSchedule =
  | { readonly everyMs: number }
  | { readonly jstDailyAt: { readonly hour: number; readonly minute: number } }
  /**
   * A period the job names itself from what it reads (issue 26: the day-trade cut-off staff set): the key of the period
   * `now` is in, or null while none is due.
   */
  | { readonly periodOf: (now: Date) => Promise<string | null> };

/** A job's writes: a transaction that commits only while the leader epoch the run started under is current. */
export type Fenced = <T>(work: (tx: Sql) => Promise<T>) => Promise<T>;

export interface JobDefinition {
  readonly name: string;
  readonly schedule: JobSchedule;
  /** Runs the period; every write goes through `fenced`, so a leader that lost its term writes nothing. */
  readonly run: (now: Date, fenced: Fenced) => Promise<string | void>;
}

/** A run's leader lost its term: it stops, and the period is claimed again by the next leader. */
export class LostLeadership extends Error {
  constructor() {
    super('leadership lost');
    this.name = 'LostLeadership';
  }
}

/** A failed period is claimed again after this long times its attempts (so a job that keeps failing backs off). */
export const jobRetryMs = 10_000;

/** The period a schedule is in at `now`, or null when today's JST time has not come yet. */
export function periodKey(schedule: Exclude<JobSchedule, { periodOf: unknown }>, now: Date): string | null {
  if ('everyMs' in schedule) return String(Math.floor(now.getTime() / schedule.everyMs));
  const p = jstParts(now);
  const at = schedule.jstDailyAt.hour * 60 + schedule.jstDailyAt.minute;
  if (p.minuteOfDay < at) return null;
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * Leader-only jobs, each exactly once per job and period: the `job_runs` primary key lets only one runner claim a
 * period, even if two processes briefly both believe they lead; the claim carries the leader epoch, and every write of
 * the run is fenced by it. A period whose run failed is claimed again on a later tick (after `jobRetryMs` times its
 * attempts), and so is one whose leader's term ended before it finished (a crash, a takeover); so a job must be
 * idempotent per item (the financing job charges each position's unpaid days, whatever runs before it did).
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

  const fencedBy =
    (epoch: number): Fenced =>
    (work) =>
      deps.db.transaction(async (tx) => {
        if (!(await holdEpoch(tx, epoch))) throw new LostLeadership();
        return work(tx);
      });

  async function runDue(): Promise<string[]> {
    const epoch = deps.leader.epoch();
    if (!deps.leader.isLeader() || epoch === null) return [];
    const now = deps.clock.now();
    const ran: string[] = [];
    for (const job of jobs.values()) {
      const key = 'periodOf' in job.schedule ? await job.schedule.periodOf(now) : periodKey(job.schedule, now);
      if (key === null) continue;
      const claimed = await deps.db.query(
        `INSERT INTO job_runs AS r (job, period_key, runner, started_at, epoch) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (job, period_key) DO UPDATE
           SET runner = EXCLUDED.runner, started_at = EXCLUDED.started_at, epoch = EXCLUDED.epoch,
               finished_at = NULL, outcome = NULL, attempts = r.attempts + 1
         WHERE (r.outcome LIKE 'failed%' AND r.finished_at <= $4::timestamptz - make_interval(secs => r.attempts * $6::int / 1000.0))
            OR (r.finished_at IS NULL AND r.epoch IS DISTINCT FROM EXCLUDED.epoch AND (r.epoch IS NULL OR r.epoch < EXCLUDED.epoch))
         RETURNING job`,
        [job.name, key, deps.runner, now, epoch, jobRetryMs],
      );
      if (claimed.length === 0) continue;
      let outcome: string;
      try {
        outcome = (await job.run(now, fencedBy(epoch))) || 'ok';
      } catch (err) {
        outcome = `failed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
        if (!(err instanceof LostLeadership)) deps.log?.(`job ${job.name} failed`, err);
      }
      await deps.db.query(
        `UPDATE job_runs SET finished_at = $3, outcome = $4 WHERE job = $1 AND period_key = $2 AND epoch = $5`,
        [job.name, key, deps.clock.now(), outcome, epoch],
      );
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
