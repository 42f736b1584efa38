import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { heartbeatDeadAfterMs, processHeartbeat } from '../platform/public.ts';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { firstChannelId } from '../test/money-fixtures.ts';
import { waitFor } from '../test/wait-for.ts';
import { uploadImage } from '../uploads/image-fixtures.ts';
import { idempotencyLeaseMs, idempotencyStore } from './idempotency.ts';

// Issue 24 §7: a key left "in progress" by a process that died is answered as soon as the death is known (its
// heartbeat stopped), not after the 30 s lease. No test here moves the clock: the lease never runs out.

/** What a process killed between commit and reply leaves: the business row, and its key in progress under its name. */
const crashedHolding = (h: Harness, key: string, holder: string | null) =>
  h.db.query(`UPDATE idempotency_keys SET http_status = NULL, response = NULL, holder = $2 WHERE key = $1`, [
    key,
    holder,
  ]);
const beat = (h: Harness, instance: string, secondsAgo: number) =>
  h.db.query(
    `INSERT INTO process_heartbeats (instance, beat_at) VALUES ($1, now() - make_interval(secs => $2))
     ON CONFLICT (instance) DO UPDATE SET beat_at = EXCLUDED.beat_at`,
    [instance, secondsAgo],
  );
const depositsOf = async (h: Harness, account: string) => {
  const [row] = await h.db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM deposits d JOIN members m ON m.id = d.member_id WHERE m.account = $1`,
    [account],
  );
  return row?.n;
};

describeEachDatabase('an idempotency key whose holder process died', (h) => {
  const depositCall = async (key: string) => {
    const m = await h().member();
    const body = {
      channelId: await firstChannelId(h(), m.headers),
      amount: '12000',
      receiptImageId: await uploadImage(h().app, m.headers, 'deposit_receipt'),
    };
    const headers = { ...m.headers, 'idempotency-key': key };
    const first = await h().call<{ orderNo: string }>('user/deposit/create', body, headers);
    expect(first.status).toBe(1);
    return { m, body, headers, orderNo: first.data.orderNo };
  };
  const memberIdOf = async (account: string) => {
    const [row] = await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [account]);
    return row?.id as string;
  };

  it('is answered at once from its deposit row when the holder has no heartbeat, and adds no second deposit', async () => {
    const d = await depositCall('dead-holder-0001');
    await crashedHolding(h(), 'dead-holder-0001', 'instance-that-never-beat');
    const retry = await h().call<{ orderNo: string }>('user/deposit/create', d.body, d.headers);
    expect(retry).toMatchObject({ http: 200, status: 1, data: { orderNo: d.orderNo } });
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(await depositsOf(h(), d.m.account)).toBe('1');
  });

  it('answers "in progress" while the holder beats, and from the row once its beats are too old', async () => {
    const d = await depositCall('live-holder-0001');
    await crashedHolding(h(), 'live-holder-0001', 'instance-live-elsewhere');
    await beat(h(), 'instance-live-elsewhere', 0);
    expect(await h().call('user/deposit/create', d.body, d.headers)).toMatchObject({
      http: 409,
      msg: errorKeys.idempotency.inProgress,
    });
    // Just inside the window it is still alive; a beat older than the window is a death.
    await beat(h(), 'instance-live-elsewhere', heartbeatDeadAfterMs / 1000 - 2);
    expect(await h().call('user/deposit/create', d.body, d.headers)).toMatchObject({
      http: 409,
      msg: errorKeys.idempotency.inProgress,
    });
    await beat(h(), 'instance-live-elsewhere', heartbeatDeadAfterMs / 1000 + 1);
    expect(await h().call('user/deposit/create', d.body, d.headers)).toMatchObject({
      http: 200,
      data: { orderNo: d.orderNo },
    });
    expect(await depositsOf(h(), d.m.account)).toBe('1');
  });

  it('runs the request again at once when the dead holder never committed its row', async () => {
    const d = await depositCall('dead-holder-0002');
    await h().db.query(`DELETE FROM deposits WHERE client_key = 'dead-holder-0002'`);
    await crashedHolding(h(), 'dead-holder-0002', 'instance-died-before-commit');
    const rerun = await h().call<{ orderNo: string }>('user/deposit/create', d.body, d.headers);
    expect(rerun).toMatchObject({ http: 200, status: 1 });
    expect(rerun.headers['idempotent-replay']).toBeUndefined();
    expect(await depositsOf(h(), d.m.account)).toBe('1');
  });

  it('lets one retry of several take over a dead holder’s key; keys with no holder, or held here, keep the lease', async () => {
    const m = await h().member();
    const id = await memberIdOf(m.account);
    const here = idempotencyStore(h().db, h().clock, { instance: 'instance-here', deadAfterMs: heartbeatDeadAfterMs });
    const there = idempotencyStore(h().db, h().clock, {
      instance: 'instance-there',
      deadAfterMs: heartbeatDeadAfterMs,
    });
    await beat(h(), 'instance-here', 0);
    await beat(h(), 'instance-there', 0);
    const path = 'user/deposit/create';

    // Held by a process that stopped beating: stale for both, and only the first reclaim wins.
    expect(await here.begin(id, 'store-dead-0001', path, 'hash')).toEqual({ kind: 'new' });
    await crashedHolding(h(), 'store-dead-0001', 'instance-gone');
    const seen = await here.begin(id, 'store-dead-0001', path, 'hash');
    expect(seen).toEqual({ kind: 'stale', holder: 'instance-gone' });
    expect(await there.begin(id, 'store-dead-0001', path, 'hash')).toEqual(seen);
    expect(await there.reclaim(id, 'store-dead-0001', 'instance-gone')).toBe(true);
    expect(await here.reclaim(id, 'store-dead-0001', 'instance-gone')).toBe(false);
    // Now held by a live process: in progress for everyone else.
    expect(await here.begin(id, 'store-dead-0001', path, 'hash')).toEqual({ kind: 'inProgress' });

    // Held by this very process: it is alive, so only the lease ends the key, even without a heartbeat row.
    const alone = idempotencyStore(h().db, h().clock, {
      instance: 'instance-no-row',
      deadAfterMs: heartbeatDeadAfterMs,
    });
    expect(await alone.begin(id, 'store-own-0001', path, 'hash')).toEqual({ kind: 'new' });
    expect(await alone.begin(id, 'store-own-0001', path, 'hash')).toEqual({ kind: 'inProgress' });
    expect(await alone.reclaim(id, 'store-own-0001', 'instance-no-row')).toBe(false);

    // Written before holders existed: the lease, as before.
    expect(await here.begin(id, 'store-null-0001', path, 'hash')).toEqual({ kind: 'new' });
    await crashedHolding(h(), 'store-null-0001', null);
    expect(await there.begin(id, 'store-null-0001', path, 'hash')).toEqual({ kind: 'inProgress' });
    h().clock.advance(idempotencyLeaseMs + 1_000);
    expect(await there.begin(id, 'store-null-0001', path, 'hash')).toEqual({ kind: 'stale', holder: null });
    expect(await alone.begin(id, 'store-own-0001', path, 'hash')).toEqual({ kind: 'stale', holder: 'instance-no-row' });
    expect(await there.reclaim(id, 'store-null-0001', null)).toBe(true);
    expect(await here.reclaim(id, 'store-null-0001', null)).toBe(false);
  });

  it('keeps a heartbeat row while the process runs, sweeps rows of long-gone processes, and removes its own on close', async () => {
    const rowOf = async (instance: string) =>
      (await h().db.query(`SELECT instance FROM process_heartbeats WHERE instance = $1`, [instance])).length;
    // The app under test beats from its start.
    const [appRow] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM process_heartbeats WHERE beat_at > now() - interval '10 seconds'`,
    );
    expect(Number(appRow?.n)).toBeGreaterThanOrEqual(1);

    await beat(h(), 'instance-gone-long-ago', 3600);
    const errors: unknown[] = [];
    const hb = processHeartbeat({
      db: h().db,
      instance: 'instance-fast',
      intervalMs: 5,
      log: (_m, e) => errors.push(e),
    });
    await hb.start();
    expect(await rowOf('instance-fast')).toBe(1);
    // Every 30th beat deletes rows older than a minute (a missing row reads as dead, like an old one).
    await waitFor(
      'the sweep of old heartbeats',
      10_000,
      () => rowOf('instance-gone-long-ago'),
      (n) => n === 0,
    );
    await hb.stop();
    expect(await rowOf('instance-fast')).toBe(0);
    expect(errors).toEqual([]);
  });
});
