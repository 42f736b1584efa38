import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { Decimal } from '@kabuto/domain/money';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeScaled } from '../test/scaled.ts';
import { leads, post, twoProcesses, type ServerProcess, staffSignIn } from '../test/server-processes.ts';
import { waitFor } from '../test/wait-for.ts';
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
  const staff = await staffSignIn(p, '9000000001', staffPassword);
  const ok = await post(
    p,
    'admin/deposits/decide',
    { id: deposit.data.id, decision: 'approve', reason: 'received' },
    staff,
  );
  expect(ok.status).toBe(1);
  return headers;
}

/** Toyota's last price on `p`, as the member's screens read it. */
const toyota = async (p: ServerProcess): Promise<string> =>
  (await post<{ last: string }>(p, 'market/detail', { symbol: '7203' })).data.last;

/**
 * Waits until Toyota has touched the bottom of its swing (at or below 2,820) and risen above it again: a limit at
 * 2,820 placed then rests, and the replay takes most of a swing (about 1.8 s at the speed below) to come down to it.
 */
async function risingFromTrough(p: ServerProcess): Promise<void> {
  let troughSeen = false;
  await waitFor(
    `Toyota to rise again from the bottom of its swing on ${p.name}`,
    20_000,
    () => toyota(p),
    (last) => {
      const above = new Decimal(last).gt('2820');
      if (!above) troughSeen = true;
      return troughSeen && above;
    },
    20,
  );
}

const limitOrder = { symbol: '7203', side: 'long', type: 'limit', quantity: '100', leverage: 1, price: '2820' };
type Detail = PositionWire & { entries: { kind: string }[] };
const detail = async (p: ServerProcess, headers: Headers, orderNo: string): Promise<Detail> =>
  (await post<Detail>(p, 'trade/detail', { orderNo }, headers)).data;

/** Places the limit on `p` and checks that it rests (the replay has not come down to 2,820 meanwhile). */
async function placeResting(p: ServerProcess, headers: Headers, key: string): Promise<string> {
  await risingFromTrough(p);
  const placed = await post<PositionWire>(p, 'trade/place', limitOrder, { ...headers, 'idempotency-key': key });
  expect([placed.msg, placed.data?.status], 'the limit at 2,820 rests when placed').toEqual([
    'success.purchase',
    'pending',
  ]);
  return placed.data.orderNo;
}

/** Waits for the leader to fill the order, then checks it was filled from its hold exactly once. */
async function filledOnce(p: ServerProcess, headers: Headers, orderNo: string): Promise<void> {
  const filled = await waitFor(
    `order ${orderNo} to be filled by the leader’s trigger engine`,
    30_000,
    async () => {
      const d = await detail(p, headers, orderNo);
      return { status: d.status, entries: d.entries.map((e) => e.kind) };
    },
    (d) => d.status !== 'pending',
    200,
  );
  expect(filled).toEqual({ status: 'holding', entries: ['trade_hold', 'trade_fill'] });
}

/** The names of the processes whose latest leadership line says they lead. */
const leaders = (procs: readonly ServerProcess[]) => procs.filter(leads).map((p) => p.name);

describeScaled(
  'two processes: the leader’s trigger engine fills orders placed anywhere, and a new leader takes over',
  (services) => {
    const procs = twoProcesses(services, 'kabuto_trd', {
      SEED_STAFF_PASSWORD: staffPassword,
      SEED_INVITE_CODE: inviteCode,
      MARKET_FEED_INTERVAL_MS: '200',
      MARKET_BACKFILL: 'ondemand',
      MARKET_REPLAY_FILE: recording,
      MARKET_REPLAY_SPEED: '5',
    });

    it('fills a limit placed on the follower once; after a SIGKILL of the leader the survivor fills the next', async () => {
      const [a, b] = procs();
      const [leaderName] = await waitFor(
        'exactly one process to lead',
        10_000,
        () => leaders([a, b]),
        (l) => l.length === 1,
      );
      const [leader, follower] = leaderName === a.name ? [a, b] : [b, a];
      const headers = await fundedMember(follower);
      const first = await placeResting(follower, headers, 'two-proc-order-1');
      await filledOnce(follower, headers, first);

      const second = await placeResting(follower, headers, 'two-proc-order-2');
      const dead = new Promise((resolve) => leader.child.once('exit', resolve));
      leader.child.kill('SIGKILL');
      await dead;
      // Still resting once the leader is dead: whatever fills it now is the survivor.
      expect((await detail(follower, headers, second)).status, 'the killed leader had not filled it').toBe('pending');
      await waitFor(
        `${follower.name} to take the lead`,
        15_000,
        () => leaders([follower]),
        (l) => l.length === 1,
      );
      await filledOnce(follower, headers, second);
      // The first order was not filled again by the new leader.
      expect((await detail(follower, headers, first)).entries.map((e) => e.kind)).toEqual(['trade_hold', 'trade_fill']);
    }, 150_000);
  },
);
