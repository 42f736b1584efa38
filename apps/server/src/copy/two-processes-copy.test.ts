import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Follow, Mirror, Strategy } from '@kabuto/contracts/copy/copy-trading';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeScaled } from '../test/scaled.ts';
import { leads, post, twoProcesses, type ServerProcess, staffSignIn } from '../test/server-processes.ts';
import { waitFor } from '../test/wait-for.ts';
import { multipartBody, png } from '../uploads/image-fixtures.ts';

// Issue 26: the leader mirrors a lead's fill into six follows two at a time, pausing between batches; it is killed
// after the first batch, and the survivor, once it leads, mirrors the other four — and nobody twice.

const staffPassword = `Staff${randomBytes(6).toString('hex')}7`;
const inviteCode = `CPY${randomBytes(3).toString('hex').toUpperCase()}`;
const recording = join(tmpdir(), `kabuto-copy-flat-${process.pid}.jsonl`);
writeFileSync(
  recording,
  ['2870', '2880', '2870', '2860']
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
let serial = 0;

async function staffOf(p: ServerProcess): Promise<Headers> {
  return staffSignIn(p, '9000000001', staffPassword);
}

async function fundedMember(
  p: ServerProcess,
  staff: Headers,
  deposits: number,
): Promise<{ account: string; headers: Headers }> {
  serial += 1;
  const account = `07${String(Date.now() + serial).slice(-8)}`;
  const password = 'abcd1234';
  await post(p, 'user/register', { account, password, confirmPassword: password, inviteCode, agree: true });
  const login = await post<{ token: string }>(p, 'user/login', { account, password, agree: true });
  const headers = { token: login.data.token, account };
  for (let i = 0; i < deposits; i++) {
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
    const ok = await post(
      p,
      'admin/deposits/decide',
      { id: deposit.data.id, decision: 'approve', reason: 'received' },
      staff,
    );
    expect(ok.status, ok.msg).toBe(1);
  }
  return { account, headers };
}

const leaders = (procs: readonly ServerProcess[]) => procs.filter(leads).map((p) => p.name);

describeScaled('two processes: a copy fan-out survives the death of its leader', (services) => {
  const procs = twoProcesses(services, 'kabuto_cpy', {
    SEED_STAFF_PASSWORD: staffPassword,
    SEED_INVITE_CODE: inviteCode,
    MARKET_FEED_INTERVAL_MS: '200',
    MARKET_BACKFILL: 'ondemand',
    MARKET_REPLAY_FILE: recording,
    MARKET_REPLAY_SPEED: '5',
    COPY_TEST_BATCH_PAUSE_MS: '2500',
    REGISTER_LIMIT_PER_MINUTE: '100',
    SIGN_IN_LIMIT_PER_MINUTE: '100',
  });

  it('the survivor finishes the fan-out the killed leader began; no follower is mirrored twice', async () => {
    const [a, b] = procs();
    const [leaderName] = await waitFor(
      'exactly one process to lead',
      10_000,
      () => leaders([a, b]),
      (l) => l.length === 1,
    );
    const [leader, survivor] = leaderName === a.name ? [a, b] : [b, a];
    const staff = await staffOf(survivor);
    const lead = await fundedMember(survivor, staff, 2);
    expect(
      (
        await post(
          survivor,
          'admin/copy/lead',
          { account: lead.account, displayName: 'Desk', lead: true, reason: 'Reviewed lead' },
          staff,
        )
      ).status,
    ).toBe(1);
    const published = await post<Strategy>(
      survivor,
      'admin/copy/publish',
      {
        leadAccount: lead.account,
        names: { jp: '検証', en: 'Takeover check', tw: '驗證' },
        minInvestment: '100000',
        capitalBase: '1800000',
        termDays: 30,
        followDeadline: new Date(Date.now() + 86_400_000).toISOString(),
        performanceFee: '0.1',
        reason: 'Two-process check',
      },
      staff,
    );
    expect(published.status, published.msg).toBe(1);
    const followers: { account: string; headers: Headers; followId: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const m = await fundedMember(survivor, staff, 1);
      const f = await post<Follow>(
        survivor,
        'follow/follow',
        { id: published.data.id, amount: '600000' },
        { ...m.headers, 'idempotency-key': `two-proc-follow-${String(i)}` },
      );
      expect(f.status, f.msg).toBe(1);
      followers.push({ ...m, followId: f.data.id });
    }
    const mirrorsOf = async (p: ServerProcess) =>
      Promise.all(
        followers.map(
          async (f) =>
            (await post<Follow & { mirrors: Mirror[] }>(p, 'follow/one', { id: f.followId }, f.headers)).data.mirrors,
        ),
      );
    // The lead buys 300 shares: each follow (600,000 of 1,800,000) gets 100.
    const placed = await post<PositionWire>(
      survivor,
      'trade/place',
      { symbol: '7203', side: 'long', type: 'market', quantity: '300', leverage: 1 },
      { ...lead.headers, 'idempotency-key': 'two-proc-lead-1' },
    );
    expect(placed.status, placed.msg).toBe(1);
    const partial = await waitFor(
      'the leader’s first batch of mirrors',
      20_000,
      async () => (await mirrorsOf(survivor)).filter((m) => m.length > 0).length,
      (n) => n > 0,
      50,
    );
    const dead = new Promise((resolve) => leader.child.once('exit', resolve));
    leader.child.kill('SIGKILL');
    await dead;
    const atDeath = (await mirrorsOf(survivor)).filter((m) => m.length > 0).length;
    expect(partial).toBeLessThan(6);
    expect(atDeath, 'the leader died in the middle of its fan-out').toBeLessThan(6);
    await waitFor(
      `${survivor.name} to take the lead`,
      20_000,
      () => leaders([survivor]),
      (l) => l.length === 1,
    );
    const all = await waitFor(
      'the survivor to finish the fan-out',
      40_000,
      () => mirrorsOf(survivor),
      (ms) => ms.every((m) => m.length > 0),
      200,
    );
    for (const [i, ms] of all.entries()) {
      expect(
        ms.map((m) => [m.event, m.outcome, m.follower?.quantity]),
        `follower ${String(i)}`,
      ).toEqual([['open', 'mirrored', '100']]);
      const f = followers[i] as (typeof followers)[number];
      const held = await post<{ items: PositionWire[] }>(
        survivor,
        'trade/list',
        { tab: 'holding', origin: 'copy' },
        f.headers,
      );
      expect(held.data.items.map((p) => p.quantity)).toEqual(['100']);
    }
    const report = await post<{ ok: boolean }>(survivor, 'admin/reconciliation', {}, staff);
    expect(report.data.ok).toBe(true);
  }, 180_000);
});
