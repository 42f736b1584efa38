import { expect, it } from 'vitest';
import { describeEachDatabase, TestClock } from '../test/harness.ts';
import { jobRetryMs, jobRunner, periodKey, type Fenced } from './jobs.ts';
import { registerPlatformJobs } from './platform-jobs.ts';
import type { Leader } from './leader.ts';

const follower: Leader = {
  isLeader: () => false,
  epoch: () => null,
  onChange: () => () => {},
  start: async () => {},
  stop: async () => {},
};

describeEachDatabase('leader-only jobs run at most once per job and period', (h) => {
  it('runs a due job once even when two runners race for the same period', async () => {
    const clock = new TestClock(new Date('2026-11-24T00:00:00Z'));
    let runs = 0;
    const make = (runner: string) => {
      const jobs = jobRunner({ db: h().db, clock, leader: h().platform.leader, runner });
      jobs.register({ name: 'test.race', schedule: { everyMs: 60_000 }, run: async () => void runs++ });
      return jobs;
    };
    const [a, b] = [make('a'), make('b')];
    await Promise.all([a.runDue(), b.runDue(), a.runDue()]);
    expect(runs).toBe(1);
    clock.advance(60_000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(2);
    const rows = await h().db.query<{ outcome: string }>(`SELECT outcome FROM job_runs WHERE job = 'test.race'`);
    expect(rows.map((r) => r.outcome)).toEqual(['ok', 'ok']);
  });

  it('runs nothing on a process that is not the leader', async () => {
    let runs = 0;
    const jobs = jobRunner({ db: h().db, clock: new TestClock(), leader: follower, runner: 'f' });
    jobs.register({ name: 'test.follower', schedule: { everyMs: 1000 }, run: async () => void runs++ });
    expect(await jobs.runDue()).toEqual([]);
    expect(runs).toBe(0);
  });

  it('runs a JST daily job once that day, only after its time; a failed run is recorded and retried after a back-off', async () => {
    // 2026-11-24 02:59 JST (17:59 UTC the day before).
    const clock = new TestClock(new Date('2026-11-23T17:59:00Z'));
    const jobs = jobRunner({ db: h().db, clock, leader: h().platform.leader, runner: 'x' });
    let runs = 0;
    jobs.register({
      name: 'test.daily',
      schedule: { jstDailyAt: { hour: 3, minute: 0 } },
      run: async () => {
        runs++;
        if (runs === 1) throw new Error('bank file missing');
      },
    });
    expect(await jobs.runDue()).toEqual([]);
    clock.advance(60_000);
    expect(await jobs.runDue()).toEqual(['test.daily']);
    const read = () =>
      h().db.query<{ period_key: string; outcome: string; attempts: number }>(
        `SELECT period_key, outcome, attempts FROM job_runs WHERE job = 'test.daily'`,
      );
    expect(await read()).toEqual([{ period_key: '2026-11-24', outcome: 'failed: bank file missing', attempts: 1 }]);
    // Issue 24 §2: the failed period is claimed again, not at once but after the back-off, and then done.
    clock.advance(jobRetryMs - 1000);
    expect(await jobs.runDue()).toEqual([]);
    clock.advance(2000);
    expect(await jobs.runDue()).toEqual(['test.daily']);
    expect(await read()).toEqual([{ period_key: '2026-11-24', outcome: 'ok', attempts: 2 }]);
    clock.advance(6 * 60 * 60_000);
    expect(await jobs.runDue()).toEqual([]);
    expect(runs).toBe(2);
  });

  it('a run whose leader lost its term writes nothing, and the next leader claims the period again (issue 24 §6)', async () => {
    const clock = new TestClock(new Date('2026-11-25T00:00:00Z'));
    const current = h().platform.leader.epoch() as number;
    // A process that still believes it leads, under the term before the current one.
    const stale: Leader = { ...follower, isLeader: () => true, epoch: () => current - 1 };
    const write = (name: string) => ({
      name: 'test.fenced',
      schedule: { everyMs: 86_400_000 },
      run: async (_now: Date, fenced: Fenced) => {
        await fenced((tx) =>
          tx.query(`INSERT INTO job_runs (job, period_key, runner, started_at) VALUES ($1, 'x', 'x', now())`, [name]),
        );
      },
    });
    const old = jobRunner({ db: h().db, clock, leader: stale, runner: 'old' });
    old.register(write('test.fenced.old'));
    expect(await old.runDue()).toEqual(['test.fenced']);
    const written = (name: string) => h().db.query(`SELECT 1 FROM job_runs WHERE job = $1`, [name]);
    expect(await written('test.fenced.old')).toEqual([]);
    const [lost] = await h().db.query<{ outcome: string; finished_at: Date | null }>(
      `SELECT outcome, finished_at FROM job_runs WHERE job = 'test.fenced'`,
    );
    expect(lost?.outcome).toBe('failed: leadership lost');
    const now = jobRunner({ db: h().db, clock, leader: h().platform.leader, runner: 'now' });
    now.register(write('test.fenced.now'));
    clock.advance(jobRetryMs);
    expect(await now.runDue()).toEqual(['test.fenced']);
    expect(await written('test.fenced.now')).toHaveLength(1);
  });

  it('names periods by the JST calendar day', () => {
    expect(periodKey({ jstDailyAt: { hour: 3, minute: 0 } }, new Date('2026-11-23T18:00:00Z'))).toBe('2026-11-24');
    expect(periodKey({ jstDailyAt: { hour: 3, minute: 0 } }, new Date('2026-11-23T17:00:00Z'))).toBeNull();
    expect(periodKey({ everyMs: 1000 }, new Date(5500))).toBe('5');
  });

  it('prunes finished periods older than a week, and keeps newer and unfinished ones', async () => {
    const clock = new TestClock(new Date('2026-12-10T00:00:00Z'));
    const old = new Date('2026-12-01T00:00:00Z');
    const recent = new Date('2026-12-08T00:00:00Z');
    await h().db.query(
      `INSERT INTO job_runs (job, period_key, runner, started_at, finished_at, outcome) VALUES
         ('test.prune', 'old', 'r', $1, $1, 'ok'), ('test.prune', 'recent', 'r', $2, $2, 'ok'),
         ('test.prune', 'unfinished', 'r', $1, NULL, NULL)`,
      [old, recent],
    );
    const jobs = jobRunner({ db: h().db, clock, leader: h().platform.leader, runner: 'prune' });
    registerPlatformJobs(jobs);
    expect(await jobs.runDue()).toContain('jobRuns.prune');
    const left = await h().db.query<{ period_key: string }>(
      `SELECT period_key FROM job_runs WHERE job = 'test.prune' ORDER BY period_key`,
    );
    expect(left.map((r) => r.period_key)).toEqual(['recent', 'unfinished']);
  });
});
