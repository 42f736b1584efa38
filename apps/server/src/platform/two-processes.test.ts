import { randomBytes } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { describeScaled } from '../test/scaled.ts';
import { leads, post, twoProcesses, until, type ServerProcess as Proc, staffSignIn } from '../test/server-processes.ts';
import { multipartBody, png } from '../uploads/image-fixtures.ts';

// Issue 6 §4: two real `main.ts` processes on one PostgreSQL and one Redis, on loopback only.
const root = fileURLToPath(new URL('../../../../', import.meta.url));

const staffPassword = `Staff${randomBytes(6).toString('hex')}7`;
const inviteCode = `TWO${randomBytes(3).toString('hex').toUpperCase()}`;

describeScaled('two API processes, one PostgreSQL and one Redis', (services) => {
  const procs = twoProcesses(services, 'kabuto_two', {
    SEED_STAFF_PASSWORD: staffPassword,
    SEED_INVITE_CODE: inviteCode,
  });
  const timings: Record<string, number> = {};

  afterAll(() => {
    mkdirSync(join(root, '.tmp'), { recursive: true });
    writeFileSync(join(root, '.tmp', 'two-processes.json'), JSON.stringify(timings, null, 2));
    process.stdout.write(`two-process timings (ms): ${JSON.stringify(timings)}\n`);
  });

  it('delivers a decision taken through one process to a member connected to the other; the other takes over when the leader dies', async () => {
    const [a, b] = procs();
    expect(await until(() => leads(a) || leads(b), 10_000)).toBe(true);
    expect([leads(a), leads(b)].filter(Boolean)).toHaveLength(1);

    // A member registers and deposits through A.
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
    const member = { token: login.data.token, account };
    const deposit = async (via: Proc): Promise<string> => {
      const upload = multipartBody({ purpose: 'deposit_receipt' }, [{ name: 'r.png', type: 'image/png', data: png() }]);
      const up = (await (
        await fetch(`${via.base}/api/vue/upload/image`, {
          method: 'POST',
          headers: { ...member, 'content-type': upload.contentType },
          body: new Uint8Array(upload.payload),
        })
      ).json()) as { data: { id: string } };
      const channels = await post<{ channels: { id: string }[] }>(via, 'user/deposit/channels', {}, member);
      const dep = await post<{ id: string }>(
        via,
        'user/deposit/create',
        { channelId: channels.data.channels[0]?.id, amount: '20000', receiptImageId: up.data.id },
        member,
      );
      expect(dep.status).toBe(1);
      return dep.data.id;
    };
    const staff = await staffSignIn(a, '9000000001', staffPassword);

    const listen = async (to: Proc) => {
      const ws = new WebSocket(`ws://127.0.0.1:${to.port}/api/vue/stream`);
      const events: { at: number; m: { type: string; event?: { type: string; payload: { status: string } } } }[] = [];
      ws.on('message', (d) => events.push({ at: Date.now(), m: JSON.parse(String(d)) }));
      await new Promise((r) => ws.once('open', r));
      ws.send(JSON.stringify({ type: 'auth', ...member }));
      await until(() => events.some((e) => e.m.type === 'ready'), 5000);
      ws.send(JSON.stringify({ type: 'subscribe', topic: 'member' }));
      await until(() => events.some((e) => e.m.type === 'subscribed'), 5000);
      return { ws, events };
    };

    // Decided through A, received on B.
    const first = await deposit(a);
    const onB = await listen(b);
    const decidedAt = Date.now();
    expect(
      (await post(a, 'admin/deposits/decide', { id: first, decision: 'approve', reason: 'transfer seen' }, staff))
        .status,
    ).toBe(1);
    expect(await until(() => onB.events.some((e) => e.m.type === 'event'), 10_000)).toBe(true);
    timings.decisionToOtherProcessMs = (onB.events.find((e) => e.m.type === 'event')?.at ?? 0) - decidedAt;
    onB.ws.close();

    // Issue 17 §1: signing out through A closes that session's socket on B (and only that session's).
    const tablet = await post<{ token: string }>(a, 'user/login', { account, password: 'abcd1234', agree: true });
    const tabletOnB = new WebSocket(`ws://127.0.0.1:${b.port}/api/vue/stream`);
    const tabletClosed = new Promise<number>((resolve) => tabletOnB.once('close', (code) => resolve(code)));
    const tabletReady = new Promise((resolve) =>
      tabletOnB.on('message', (d) => String(d).includes('ready') && resolve(1)),
    );
    await new Promise((r) => tabletOnB.once('open', r));
    tabletOnB.send(JSON.stringify({ type: 'auth', token: tablet.data.token, account }));
    await tabletReady;
    const phoneOnB = await listen(b);
    const signedOutAt = Date.now();
    expect((await post(a, 'user/logout', {}, { token: tablet.data.token, account })).status).toBe(1);
    expect(await tabletClosed).toBe(4401);
    timings.signOutToSocketClosedMs = Date.now() - signedOutAt;
    expect(phoneOnB.ws.readyState).toBe(WebSocket.OPEN);
    phoneOnB.ws.close();

    // Kill the leader outright; the survivor must take the lock and relay the next decision.
    const [leader, survivor] = leads(a) ? [a, b] : [b, a];
    const killedAt = Date.now();
    leader.child.kill('SIGKILL');
    expect(await until(() => leads(survivor), 15_000)).toBe(true);
    timings.leaderTakeoverMs = Date.now() - killedAt;

    const onSurvivor = await listen(survivor);
    const second = await deposit(survivor);
    const staffOnSurvivor = await staffSignIn(survivor, '9000000001', staffPassword);
    const decided2 = Date.now();
    expect(
      (
        await post(
          survivor,
          'admin/deposits/decide',
          { id: second, decision: 'reject', reason: 'no transfer found' },
          staffOnSurvivor,
        )
      ).status,
    ).toBe(1);
    // Only the decision: an event the dead leader relayed but had not marked may come again first (at least once).
    const decision = (e: (typeof onSurvivor.events)[number]) => e.m.event?.type === 'funds.depositDecided';
    expect(await until(() => onSurvivor.events.some(decision), 10_000)).toBe(true);
    timings.decisionAfterTakeoverMs = (onSurvivor.events.find(decision)?.at ?? 0) - decided2;
    expect(onSurvivor.events.find(decision)?.m.event?.payload.status).toBe('rejected');
    onSurvivor.ws.close();
  }, 120_000);
});
