import { expect, it } from 'vitest';
import pg from 'pg';
import { advisoryLockLeader, leaderLockKey, soleLeader } from './leader.ts';
import { describeScaled } from '../test/scaled.ts';

const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return check();
};

it('in the embedded mode the one process always leads', async () => {
  const leader = soleLeader();
  const seen: boolean[] = [];
  leader.onChange((l) => seen.push(l));
  await leader.start();
  await until(() => seen.length > 0, 500);
  expect(leader.isLeader()).toBe(true);
  expect(seen).toEqual([true]);
});

describeScaled('leader by PostgreSQL advisory lock', (services) => {
  it('lets exactly one of two contenders lead, and hands over within seconds when its connection dies', async () => {
    const a = advisoryLockLeader({ connectionString: services().databaseUrl, pollMs: 200 });
    const b = advisoryLockLeader({ connectionString: services().databaseUrl, pollMs: 200 });
    const changes: string[] = [];
    a.onChange((l) => changes.push(`a:${l}`));
    b.onChange((l) => changes.push(`b:${l}`));
    await a.start();
    await b.start();
    expect(await until(() => a.isLeader() || b.isLeader())).toBe(true);
    await new Promise((r) => setTimeout(r, 600));
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);

    // Cut the winner's connection from the database side, as a network cut would: it must stop
    // leading at once, and within seconds exactly one process leads again (it may be either).
    const admin = new pg.Client({ connectionString: services().databaseUrl });
    await admin.connect();
    const lostBefore = changes.filter((c) => c.endsWith(':false')).length;
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = ($1::bigint & 4294967295)::oid AND granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND pid <> pg_backend_pid()`,
      [leaderLockKey],
    );
    await admin.end();
    expect(await until(() => changes.filter((c) => c.endsWith(':false')).length > lostBefore)).toBe(true);
    expect(await until(() => a.isLeader() || b.isLeader())).toBe(true);
    await new Promise((r) => setTimeout(r, 600));
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);

    // The leader goes away for good (a process that ends): the other takes over within seconds.
    const [current, other] = a.isLeader() ? [a, b] : [b, a];
    const started = Date.now();
    await current.stop();
    expect(await until(() => other.isLeader())).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    await a.stop();
    await b.stop();
    expect(changes.filter((c) => c.endsWith(':true')).length).toBeGreaterThanOrEqual(2);
  });
});
