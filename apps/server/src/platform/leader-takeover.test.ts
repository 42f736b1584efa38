import { createServer, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { migrate } from '@kabuto/db/migrate';
import { openDatabase } from '@kabuto/db/open';
import { openTestDatabase, testDatabaseKinds } from '@kabuto/db/test-databases';
import { advisoryLockLeader, leaderLockKey, soleLeader } from './leader.ts';
import { describeScaled } from '../test/scaled.ts';
import { scratchDatabase } from '../test/server-processes.ts';

const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return check();
};

for (const kind of testDatabaseKinds())
  it(`in the embedded mode the one process leads from its start, each start in a new epoch [${kind}]`, async () => {
    const { db, drop } = await openTestDatabase(kind);
    try {
      const first = soleLeader(db);
      const seen: boolean[] = [];
      first.onChange((l) => seen.push(l));
      await first.start();
      expect([first.isLeader(), seen]).toEqual([true, [true]]);
      const epoch = first.epoch() as number;
      expect(epoch).toBeGreaterThan(0);
      await first.stop();
      expect([first.isLeader(), first.epoch(), seen]).toEqual([false, null, [true, false]]);
      // A restart (same database): a higher epoch, so its sequence numbers never repeat the last run's.
      const again = soleLeader(db);
      await again.start();
      expect(again.epoch()).toBe(epoch + 1);
      await again.stop();
    } finally {
      await drop();
    }
  });

/** A TCP relay to PostgreSQL that can go silent: nothing passes either way and nothing closes, like a cut network. */
async function cuttableRelay(target: string) {
  const url = new URL(target);
  const sockets: Socket[] = [];
  let silent = false;
  const server = createServer((inbound) => {
    const outbound = connect(Number(url.port || 5432), url.hostname);
    sockets.push(inbound, outbound);
    inbound.on('data', (d) => silent || outbound.write(d));
    outbound.on('data', (d) => silent || inbound.write(d));
    for (const [a, b] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const relayed = new URL(target);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as { port: number }).port);
  return {
    url: relayed.toString(),
    silence: () => {
      silent = true;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describeScaled('leader by PostgreSQL advisory lock', (services) => {
  // A database of its own: the lock is per database, and the epoch table must be migrated.
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    scratch = await scratchDatabase(services().databaseUrl, 'kabuto_leader');
    const db = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    await migrate(db);
    await db.close();
  });
  afterAll(async () => {
    await scratch.drop();
  });
  const admin = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const c = new pg.Client({ connectionString: scratch.url });
    await c.connect();
    try {
      return (await c.query<T>(sql, params)).rows;
    } finally {
      await c.end();
    }
  };

  it('lets exactly one of two contenders lead, and hands over within seconds when its connection dies', async () => {
    const a = advisoryLockLeader({ connectionString: scratch.url, pollMs: 200 });
    const b = advisoryLockLeader({ connectionString: scratch.url, pollMs: 200 });
    const changes: string[] = [];
    a.onChange((l) => changes.push(`a:${l}`));
    b.onChange((l) => changes.push(`b:${l}`));
    await a.start();
    await b.start();
    expect(await until(() => a.isLeader() || b.isLeader())).toBe(true);
    await new Promise((r) => setTimeout(r, 600));
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
    const firstEpoch = (a.epoch() ?? b.epoch()) as number;
    expect([a.epoch(), b.epoch()].filter((e) => e !== null)).toEqual([firstEpoch]);

    // Cut the winner's connection from the database side, as a network cut would: it must stop
    // leading at once, and within seconds exactly one process leads again (it may be either).
    const lostBefore = changes.filter((c) => c.endsWith(':false')).length;
    await admin(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = ($1::bigint & 4294967295)::oid AND granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND pid <> pg_backend_pid()`,
      [leaderLockKey],
    );
    expect(await until(() => changes.filter((c) => c.endsWith(':false')).length > lostBefore)).toBe(true);
    expect(await until(() => a.isLeader() || b.isLeader())).toBe(true);
    await new Promise((r) => setTimeout(r, 600));
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
    // The new term has a higher epoch than the one cut off.
    expect((a.epoch() ?? b.epoch()) as number).toBeGreaterThan(firstEpoch);

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

  it('stops leading when another process has taken a newer epoch, and leads again only in a newer one', async () => {
    const leader = advisoryLockLeader({ connectionString: scratch.url, pollMs: 100 });
    const changes: boolean[] = [];
    leader.onChange((l) => changes.push(l));
    await leader.start();
    expect(await until(() => leader.isLeader())).toBe(true);
    const mine = leader.epoch() as number;
    const [bumped] = await admin<{ epoch: string }>(
      `UPDATE leader_epoch SET epoch = epoch + 1 WHERE id = 1 RETURNING epoch`,
    );
    expect(await until(() => changes.includes(false))).toBe(true);
    expect(await until(() => leader.isLeader())).toBe(true);
    expect(leader.epoch()).toBeGreaterThan(Number(bumped?.epoch));
    expect(mine).toBeLessThan(Number(bumped?.epoch));
    await leader.stop();
  });

  it('stops leading when its lock connection goes silent, after the query timeout rather than never', async () => {
    const relay = await cuttableRelay(scratch.url);
    const leader = advisoryLockLeader({ connectionString: relay.url, pollMs: 100, queryTimeoutMs: 500 });
    try {
      await leader.start();
      expect(await until(() => leader.isLeader())).toBe(true);
      relay.silence();
      // The lock is still held on the database side (the connection is not closed), but this process can no longer
      // prove it, so it must not go on acting as the leader.
      expect(await until(() => !leader.isLeader(), 5000)).toBe(true);
    } finally {
      await relay.close();
      await leader.stop();
    }
  });
});
