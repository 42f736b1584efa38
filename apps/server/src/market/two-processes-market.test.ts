import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { ServerMessage } from '@kabuto/contracts/stream/messages';
import { describeScaled } from '../test/scaled.ts';
import { leads, post, twoProcesses, until, staffSignIn } from '../test/server-processes.ts';
import { signedIn, type Conn } from './market-fixtures.ts';

// Issue 7: two real `main.ts` processes on one PostgreSQL and one Redis both stream the same ticks,
// and the feed survives the leader's death.

const staffPassword = `Staff${randomBytes(6).toString('hex')}7`;
const inviteCode = `MKT${randomBytes(3).toString('hex').toUpperCase()}`;
type Quote = Extract<ServerMessage, { type: 'quote' }>;
const quotes = (c: Conn): Quote[] => c.messages.filter((m): m is Quote => m.type === 'quote');

describeScaled('two processes stream the same market, and the feed survives the leader', (services) => {
  const procs = twoProcesses(services, 'kabuto_mkt', {
    SEED_STAFF_PASSWORD: staffPassword,
    SEED_INVITE_CODE: inviteCode,
    MARKET_FEED_INTERVAL_MS: '200',
    MARKET_BACKFILL: 'ondemand',
  });

  it('sends the same ticks to members on either process, and the survivor carries the feed on after a SIGKILL of the leader', async () => {
    const [a, b] = procs();
    expect(await until(() => leads(a) || leads(b), 10_000)).toBe(true);
    const account = `07${String(Date.now()).slice(-8)}`;
    expect(
      (
        await post(a, 'user/register', {
          account,
          password: 'abcd1234',
          confirmPassword: 'abcd1234',
          inviteCode,
          agree: true,
        })
      ).status,
    ).toBe(1);
    const login = await post<{ token: string }>(a, 'user/login', { account, password: 'abcd1234', agree: true });
    const member = { account, headers: { token: login.data.token, account } };
    const topic = 'quotes:7203';
    const conns: Conn[] = [];
    for (const p of [a, b]) {
      const c = await signedIn(`ws://127.0.0.1:${p.port}/api/vue/stream`, member);
      c.send({ type: 'subscribe', topic });
      await c.next((m) => m.type === 'subscribed');
      conns.push(c);
    }
    const [onA, onB] = conns as [Conn, Conn];
    expect(await until(() => quotes(onA).length >= 5 && quotes(onB).length >= 5, 30_000)).toBe(true);
    // Every tick both saw is the same tick: same sequence number, same price and volume.
    const bySeq = new Map(quotes(onA).map((q) => [q.seq, q.data]));
    const shared = quotes(onB).filter((q) => bySeq.has(q.seq));
    expect(shared.length).toBeGreaterThanOrEqual(4);
    for (const q of shared) expect(q.data).toEqual(bySeq.get(q.seq));

    // Issue 17 §9: a halt taken through the process that does not lead reaches both through the outbox and the leader.
    const follower = leads(a) ? b : a;
    const staff = await staffSignIn(follower, '9000000001', staffPassword);
    const statusOn = (c: Conn, status: string) =>
      c.next((m) => m.type === 'symbolStatus' && m.data.status === status, 10_000);
    for (const [action, status] of [
      ['halt', 'halted'],
      ['resume', 'listed'],
    ] as const) {
      expect(
        (await post(follower, `admin/market/${action}`, { symbol: '7203', reason: 'two processes' }, staff)).status,
      ).toBe(1);
      await Promise.all(conns.map((c) => statusOn(c, status)));
    }

    const [leader, survivor] = leads(a) ? [a, b] : [b, a];
    const onSurvivor = leader === a ? onB : onA;
    const lastBefore = quotes(onSurvivor).at(-1) as Quote;
    const countBefore = quotes(onSurvivor).length;
    leader.child.kill('SIGKILL');
    expect(await until(() => leads(survivor), 15_000)).toBe(true);
    expect(await until(() => quotes(onSurvivor).length >= countBefore + 3, 30_000)).toBe(true);
    const firstAfter = quotes(onSurvivor)[countBefore] as Quote;
    // Continued from the stored state (written every second), not from the seed: the same day's previous
    // close, and the sequence carries on from at most a second of lost trades behind.
    expect(firstAfter.data.prevClose).toBe(lastBefore.data.prevClose);
    expect(Number(firstAfter.seq)).toBeGreaterThan(Number(lastBefore.seq) - 10);
    expect(Number(firstAfter.seq)).toBeGreaterThan(5);
    const detail = await post<{ seq: string; last: string }>(survivor, 'market/detail', { symbol: '7203' });
    expect(Number(detail.data.seq)).toBeGreaterThanOrEqual(Number(firstAfter.seq));
    for (const c of conns) c.ws.close();
  }, 120_000);
});
