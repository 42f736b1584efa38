import { expect, it } from 'vitest';
import { describeEachDatabase, TestClock } from '../test/harness.ts';
import { jobRunner, periodKey } from './jobs.ts';
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

  it('runs a JST daily job once that day, only after its time, and records a failure as its outcome', async () => {
    // 2026-11-24 02:59 JST (17:59 UTC the day before).
    const clock = new TestClock(new Date('2026-11-23T17:59:00Z'));
    const jobs = jobRunner({ db: h().db, clock, leader: h().platform.leader, runner: 'x' });
    let runs = 0;
    jobs.register({
      name: 'test.daily',
      schedule: { jstDailyAt: { hour: 3, minute: 0 } },
      run: async () => {
        runs++;
        throw new Error('bank file missing');
      },
    });
    expect(await jobs.runDue()).toEqual([]);
    clock.advance(60_000);
    expect(await jobs.runDue()).toEqual(['test.daily']);
    clock.advance(6 * 60 * 60_000);
    expect(await jobs.runDue()).toEqual([]);
    expect(runs).toBe(1);
    const [row] = await h().db.query<{ period_key: string; outcome: string }>(
      `SELECT period_key, outcome FROM job_runs WHERE job = 'test.daily'`,
    );
    expect(row).toEqual({ period_key: '2026-11-24', outcome: 'failed: bank file missing' });
  });

  it('names periods by the JST calendar day', () => {
    expect(periodKey({ jstDailyAt: { hour: 3, minute: 0 } }, new Date('2026-11-23T18:00:00Z'))).toBe('2026-11-24');
    expect(periodKey({ jstDailyAt: { hour: 3, minute: 0 } }, new Date('2026-11-23T17:00:00Z'))).toBeNull();
    expect(periodKey({ everyMs: 1000 }, new Date(5500))).toBe('5');
  });
});
