import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeScaled } from '../test/scaled.ts';
import { leads, post, twoProcesses, until, type ServerProcess } from '../test/server-processes.ts';
import { multipartBody, png } from '../uploads/image-fixtures.ts';

// Issue 18: in the scaled mode only the feed's leader runs the trigger engine, orders placed on either process reach
// it through the outbox, and after the leader dies the new one rebuilds its index and fills what rests — once.

const staffPassword = `Staff${randomBytes(6).toString('hex')}8`;
const inviteCode = `TRD${randomBytes(3).toString('hex').toUpperCase()}`;
// Toyota swings between 2,800 and 2,950 yen, over and over (a looping recording).
const swing = ['2870', '2850', '2830', '2810', '2800', '2810', '2830', '2850', '2870', '2890', '2910', '2930', '2950'];
const recording = join(tmpdir(), `kabuto-swing-${process.pid}.jsonl`);
writeFileSync(
  recording,
  swing
    .map((price, i) =>
      JSON.stringify({
        symbol: '7203',
        price,
        volume: 100,
        at: new Date(Date.UTC(2026, 10, 20, 1, 0, i)).toISOString(),
      }),
    )
    .join('\n'),
);

type Headers = Record<string, string>;

async function fundedMember(p: ServerProcess): Promise<Headers> {
  const account = `06${String(Date.now()).slice(-8)}`;
  const password = 'abcd1234';
  await post(p, 'user/register', { account, password, confirmPassword: password, inviteCode, agree: true });
  const login = await post<{ token: string }>(p, 'user/login', { account, password, agree: true });
  const headers = { token: login.data.token, account };
  const { payload, contentType } = multipartBody({ purpose: 'deposit_receipt' }, [
    { name: 'receipt.png', type: 'image/png', data: png() },
  ]);
  const upload = (await (
    await fetch(`${p.base}/api/vue/upload/image`, {
      method: 'POST',
      headers: { ...headers, 'content-type': contentType },
      body: new Uint8Array(payload),
    })
  ).json()) as { data: { id: string } };
  const channels = await post<{ channels: { id: string }[] }>(p, 'user/deposit/channels', {}, headers);
  const deposit = await post<{ id: string }>(
    p,
    'user/deposit/create',
    { channelId: channels.data.channels[0]?.id, amount: '900000', receiptImageId: upload.data.id },
    headers,
  );
  const staffLogin = await post<{ token: string }>(p, 'user/login', {
    account: '9000000001',
    password: staffPassword,
    agree: true,
  });
  const staff = { token: staffLogin.data.token, account: '9000000001' };
  const ok = await post(
    p,
    'admin/deposits/decide',
    { id: deposit.data.id, decision: 'approve', reason: 'received' },
    staff,
  );
  expect(ok.status).toBe(1);
  return headers;
}

/** Waits until Toyota trades in the upper part of its swing, so a limit at 2,820 rests before it fills. */
async function upperSwing(p: ServerProcess): Promise<void> {
  for (let end = Date.now() + 20_000; Date.now() < end;) {
    const q = await post<{ last: string }>(p, 'market/detail', { symbol: '7203' });
    if (['2890', '2910', '2930', '2950'].includes(q.data.last)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('Toyota never reached the upper swing');
}

const limitOrder = { symbol: '7203', side: 'long', type: 'limit', quantity: '100', leverage: 1, price: '2820' };

async function filledOnce(p: ServerProcess, headers: Headers, orderNo: string): Promise<void> {
  let d = await post<PositionWire & { entries: { kind: string }[] }>(p, 'trade/detail', { orderNo }, headers);
  for (let end = Date.now() + 40_000; d.data.status !== 'holding' && Date.now() < end;) {
    await new Promise((r) => setTimeout(r, 200));
    d = await post<PositionWire & { entries: { kind: string }[] }>(p, 'trade/detail', { orderNo }, headers);
  }
  expect(d.data.status).toBe('holding');
  expect(d.data.entries.map((e) => e.kind)).toEqual(['trade_hold', 'trade_fill']);
}

describeScaled(
  'two processes: the leader’s trigger engine fills orders placed anywhere, and a new leader takes over',
  (services) => {
    const procs = twoProcesses(services, 'kabuto_trd', {
      SEED_STAFF_PASSWORD: staffPassword,
      SEED_INVITE_CODE: inviteCode,
      MARKET_FEED_INTERVAL_MS: '200',
      MARKET_BACKFILL: 'ondemand',
      MARKET_REPLAY_FILE: recording,
      MARKET_REPLAY_SPEED: '10',
    });

    it('fills a limit placed on the follower once; after a SIGKILL of the leader the survivor fills the next', async () => {
      const [a, b] = procs();
      expect(await until(() => leads(a) || leads(b), 10_000)).toBe(true);
      const [leader, follower] = leads(a) ? [a, b] : [b, a];
      const headers = await fundedMember(follower);
      await upperSwing(follower);
      const first = await post<PositionWire>(follower, 'trade/place', limitOrder, {
        ...headers,
        'idempotency-key': 'two-proc-order-1',
      });
      expect([first.msg, first.data?.status]).toEqual(['success.purchase', 'pending']);
      await filledOnce(follower, headers, first.data.orderNo);

      await upperSwing(follower);
      const second = await post<PositionWire>(follower, 'trade/place', limitOrder, {
        ...headers,
        'idempotency-key': 'two-proc-order-2',
      });
      expect([second.msg, second.data?.status]).toEqual(['success.purchase', 'pending']);
      leader.child.kill('SIGKILL');
      expect(await until(() => leads(follower), 15_000)).toBe(true);
      await filledOnce(follower, headers, second.data.orderNo);
      // The first order was not filled again by the new leader.
      const again = await post<{ entries: { kind: string }[] }>(
        follower,
        'trade/detail',
        { orderNo: first.data.orderNo },
        headers,
      );
      expect(again.data.entries.map((e) => e.kind)).toEqual(['trade_hold', 'trade_fill']);
    }, 150_000);
  },
);
