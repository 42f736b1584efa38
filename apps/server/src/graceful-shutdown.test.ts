import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPglite } from '@kabuto/db/pglite';
import { testDatabaseKinds } from '@kabuto/db/test-databases';
import { streamCloseCodes } from '@kabuto/contracts/stream/messages';
import { signedIn, type Conn } from './test/stream-client.ts';
import {
  post,
  scratchDatabase,
  startServerProcess,
  stopAll,
  until,
  type ServerProcess,
} from './test/server-processes.ts';

// Issue 17 §6: SIGTERM with members connected used to hang (Fastify's close waited for every WebSocket). The real
// `main.ts` process must close every socket with "service restart", answer the calls it took, and exit 0 in time.

const staffPassword = `Staff${randomBytes(6).toString('hex')}7`;
const inviteCode = `SIG${randomBytes(3).toString('hex').toUpperCase()}`;
const sockets = 100;
const exitBoundMs = 10_000;
let counter = 0;
const nextAccount = () =>
  `06${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 100).padStart(2, '0')}${String(++counter).padStart(3, '0')}`;

/** The accounts among `accounts` that the database holds. */
async function storedAccounts(kind: 'pglite' | 'postgres', where: string, accounts: string[]): Promise<string[]> {
  if (kind === 'pglite') {
    const db = await openPglite(where);
    try {
      const rows = await db.query<{ account: string }>(`SELECT account FROM members WHERE account = ANY($1)`, [
        accounts,
      ]);
      return rows.map((r) => r.account).sort();
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: where });
  await client.connect();
  try {
    const { rows } = await client.query<{ account: string }>(`SELECT account FROM members WHERE account = ANY($1)`, [
      accounts,
    ]);
    return rows.map((r) => r.account).sort();
  } finally {
    await client.end();
  }
}

for (const kind of testDatabaseKinds()) {
  describe(`SIGTERM with clients connected [${kind}]`, () => {
    let proc: ServerProcess | undefined;
    let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
    beforeAll(async () => {
      const env: Record<string, string> = {
        SEED_STAFF_PASSWORD: staffPassword,
        SEED_INVITE_CODE: inviteCode,
        REGISTER_LIMIT_PER_MINUTE: '100000',
        SIGN_IN_LIMIT_PER_MINUTE: '100000',
        // The test's 100 sockets all come from 127.0.0.1.
        STREAM_SOCKETS_PER_ADDRESS: '200',
        MARKET_BACKFILL: 'ondemand',
        MARKET_FEED_INTERVAL_MS: '200',
      };
      if (kind === 'postgres') {
        scratch = await scratchDatabase(process.env.TEST_DATABASE_URL as string, 'kabuto_sigterm');
        env.DATABASE_URL = scratch.url;
        if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;
      }
      proc = await startServerProcess('sigterm', env, (p) => (proc = p));
    }, 90_000);
    afterAll(async () => {
      if (proc) await stopAll([proc]);
      await scratch?.drop();
    });

    it(`closes ${String(sockets)} sockets with "service restart", answers the calls it took, keeps every one it acknowledged, and exits 0 within 10 s`, async () => {
      const p = proc as ServerProcess;
      const register = (account: string) =>
        post(p, 'user/register', {
          account,
          password: 'abcd1234',
          confirmPassword: 'abcd1234',
          inviteCode,
          agree: true,
        });
      const account = nextAccount();
      expect((await register(account)).status).toBe(1);
      const login = await post<{ token: string }>(p, 'user/login', { account, password: 'abcd1234', agree: true });
      const member = { account, headers: { token: login.data.token, account } };

      const url = `ws://127.0.0.1:${String(p.port)}/api/vue/stream`;
      const conns: Conn[] = [];
      for (let i = 0; i < sockets; i += 20)
        conns.push(...(await Promise.all(Array.from({ length: 20 }, () => signedIn(url, member)))));
      for (const c of conns.slice(0, 10)) c.send({ type: 'subscribe', topic: 'quotes:7203' });

      // Registrations (argon2: each takes a while) keep arriving until the process stops taking them.
      let signalledAt = Number.POSITIVE_INFINITY;
      const acknowledged: { account: string; at: number }[] = [];
      const worker = async () => {
        for (;;) {
          const next = nextAccount();
          try {
            if ((await register(next)).status === 1) acknowledged.push({ account: next, at: Date.now() });
          } catch {
            return; // refused, cut or not JSON (a 503 while closing): the process has stopped taking calls
          }
          if (Date.now() > signalledAt + exitBoundMs) return;
        }
      };
      const workers = Array.from({ length: 6 }, () => worker());
      expect(await until(() => acknowledged.length >= 6, 30_000)).toBe(true);

      const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
        p.child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
      );
      signalledAt = Date.now();
      p.child.kill('SIGTERM');
      const exit = await Promise.race([
        exited,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), exitBoundMs + 2000)),
      ]);
      expect(exit, 'the process did not exit').not.toBeNull();
      expect({ code: exit?.code, signal: exit?.signal }, p.out.slice(-20).join('\n')).toEqual({
        code: 0,
        signal: null,
      });
      const tookMs = (exit?.at ?? 0) - signalledAt;
      process.stdout.write(`SIGTERM → exit [${kind}]: ${String(tookMs)} ms\n`);
      expect(tookMs).toBeLessThanOrEqual(exitBoundMs);

      const codes = await Promise.all(conns.map((c) => c.closed));
      expect(new Set(codes)).toEqual(new Set([streamCloseCodes.serviceRestart]));
      await Promise.all(workers);
      // Calls in flight when the signal came were answered, not cut.
      expect(acknowledged.filter((a) => a.at >= signalledAt).length).toBeGreaterThanOrEqual(1);
      const accounts = acknowledged.map((a) => a.account).sort();
      expect(await storedAccounts(kind, scratch?.url ?? p.dataDir, accounts)).toEqual(accounts);
    }, 120_000);
  });
}
