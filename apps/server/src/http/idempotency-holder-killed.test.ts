import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeScaled } from '../test/scaled.ts';
import { post, scratchDatabase, startServerProcess, stopAll, type ServerProcess } from '../test/server-processes.ts';
import { waitFor } from '../test/wait-for.ts';
import { multipartBody, png } from '../uploads/image-fixtures.ts';
import { idempotencyLeaseMs } from './idempotency.ts';

// Issue 24 §7: two real `main.ts` processes; one is SIGKILLed while it runs a deposit with an Idempotency-Key. The
// retry through the other is answered once the dead process's heartbeat is old (seconds), not after the 30 s lease.

const staffPassword = `Staff${randomBytes(6).toString('hex')}7`;
const inviteCode = `KIL${randomBytes(3).toString('hex').toUpperCase()}`;

const call = async (p: ServerProcess, path: string, body: unknown, headers: Record<string, string>) => {
  const res = await fetch(`${p.base}/api/vue/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; msg: string; data: unknown };
  return { http: res.status, ...json, replay: res.headers.get('idempotent-replay') };
};

describeScaled('a retried Idempotency-Key whose process was killed mid-request', (services) => {
  const procs: ServerProcess[] = [];
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let sql: pg.Client | undefined;
  let locker: pg.Client | undefined;
  beforeAll(async () => {
    scratch = await scratchDatabase(services().databaseUrl, 'kabuto_killed');
    const env = {
      SEED_STAFF_PASSWORD: staffPassword,
      SEED_INVITE_CODE: inviteCode,
      DATABASE_URL: scratch.url,
      REDIS_URL: services().redisUrl,
    };
    await startServerProcess('a', env, (p) => procs.push(p));
    await startServerProcess('b', env, (p) => procs.push(p));
    sql = new pg.Client({ connectionString: scratch.url });
    locker = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
    await locker.connect();
  }, 150_000);
  afterAll(async () => {
    await stopAll(procs);
    await locker?.end();
    await sql?.end();
    await scratch?.drop();
  });

  it('answers the retry from the deposit row within seconds of the death, with one deposit', async () => {
    const [a, b] = procs as [ServerProcess, ServerProcess];
    const db = sql as pg.Client;
    const lock = locker as pg.Client;
    const account = `07${String(Date.now()).slice(-8)}`;
    const reg = await post(a, 'user/register', {
      account,
      password: 'abcd1234',
      confirmPassword: 'abcd1234',
      inviteCode,
      agree: true,
    });
    expect(reg.status).toBe(1);
    const login = await post<{ token: string }>(a, 'user/login', { account, password: 'abcd1234', agree: true });
    const member = { token: login.data.token, account };
    const upload = multipartBody({ purpose: 'deposit_receipt' }, [{ name: 'r.png', type: 'image/png', data: png() }]);
    const up = (await (
      await fetch(`${a.base}/api/vue/upload/image`, {
        method: 'POST',
        headers: { ...member, 'content-type': upload.contentType },
        body: new Uint8Array(upload.payload),
      })
    ).json()) as { data: { id: string } };
    const channels = await post<{ channels: { id: string }[] }>(a, 'user/deposit/channels', {}, member);
    const body = { channelId: channels.data.channels[0]?.id, amount: '20000', receiptImageId: up.data.id };
    const headers = { ...member, 'idempotency-key': 'killed-holder-0001' };

    // Deposits are locked, so A's request stops at its INSERT, after its key is stored "in progress" under A's name.
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE deposits IN SHARE MODE');
    const first = call(a, 'user/deposit/create', body, headers).catch((err: unknown) => err);
    await waitFor(
      "A's deposit waiting on the lock",
      15_000,
      async () =>
        (
          await db.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO deposits%'`,
          )
        ).rows[0]?.n,
      (n) => n === '1',
    );
    // A is alive: the retry through B is told the first run is still going.
    expect(await call(b, 'user/deposit/create', body, headers)).toMatchObject({
      http: 409,
      msg: errorKeys.idempotency.inProgress,
    });

    const killedAt = Date.now();
    a.child.kill('SIGKILL');
    await waitFor(
      'A to exit',
      5_000,
      () => a.child.exitCode ?? a.child.signalCode,
      (s) => s !== null,
    );
    // A's backend finishes its INSERT once the lock goes, and commits it: the crash fell between commit and reply.
    await lock.query('COMMIT');
    expect(await first).toBeInstanceOf(Error);

    const retry = await waitFor(
      'the retry through B to be answered',
      idempotencyLeaseMs / 2,
      () => call(b, 'user/deposit/create', body, headers),
      (r) => r.msg !== errorKeys.idempotency.inProgress,
      200,
    );
    const answeredAfterMs = Date.now() - killedAt;
    process.stdout.write(`retry answered ${String(answeredAfterMs)} ms after the SIGKILL\n`);
    expect(retry).toMatchObject({ http: 200, status: 1, replay: 'true' });
    const { rows } = await db.query<{ n: string; order_no: string }>(
      `SELECT count(*)::text AS n, max(d.order_no) AS order_no FROM deposits d JOIN members m ON m.id = d.member_id WHERE m.account = $1`,
      [account],
    );
    expect(rows[0]?.n).toBe('1');
    expect(retry.data).toMatchObject({ orderNo: rows[0]?.order_no });
  }, 60_000);
});
