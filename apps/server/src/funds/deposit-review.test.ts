import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { reconcile } from '@kabuto/db/ledger';
import { describeEachDatabase } from '../test/harness.ts';
import { balanceOf, firstChannelId, fund } from '../test/money-fixtures.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { uploadImage } from '../uploads/image-fixtures.ts';

describeEachDatabase('deposits and their review', (h) => {
  it('a deposit waits for review, then approval credits available through one journal entry', async () => {
    const m = await h().member();
    const staff = await staffHeaders(h());
    const receipt = await uploadImage(h().app, m.headers, 'deposit_receipt');
    const channels = await h().call<{
      referenceCode: string;
      channels: { id: string; min: string; max: string; window: { open: boolean } }[];
    }>('user/deposit/channels', {}, m.headers);
    expect(channels.data.referenceCode).toBe(`K${m.account}`);
    expect(channels.data.channels[0]).toMatchObject({ min: '1000', max: '10000000', window: { open: true } });
    const dep = await h().call<{ id: string; orderNo: string; status: string; referenceCode: string }>(
      'user/deposit/create',
      { channelId: channels.data.channels[0]?.id, amount: '50000', receiptImageId: receipt },
      m.headers,
    );
    expect(dep).toMatchObject({
      status: 1,
      msg: 'success.deposit',
      data: { status: 'pending', referenceCode: `K${m.account}` },
    });
    expect(dep.data.orderNo).toMatch(/^D\d{20}$/);
    expect(await balanceOf(h(), m.headers)).toEqual({ available: '0', frozen: '0' });

    const decided = await h().call(
      'admin/deposits/decide',
      { id: dep.data.id, decision: 'approve', reason: 'transfer received' },
      staff,
    );
    expect(decided.status).toBe(1);
    expect((await balanceOf(h(), m.headers)).available).toBe('50000');
    const again = await h().call(
      'admin/deposits/decide',
      { id: dep.data.id, decision: 'reject', reason: 'second look' },
      staff,
    );
    expect(again).toMatchObject({ http: 409, msg: errorKeys.order.notInReview });
    expect((await balanceOf(h(), m.headers)).available).toBe('50000');

    const timeline = await h().call<{
      items: { reason: string; refId: string; lines: { book: string; amount: string }[] }[];
    }>('user/timeline', {}, m.headers);
    expect(timeline.data.items[0]).toMatchObject({
      reason: 'ledger.deposit',
      refId: dep.data.orderNo,
      lines: [{ book: 'available', amount: '50000' }],
    });
    const records = await h().call<{ items: { orderNo: string; status: string; remarks: string }[] }>(
      'user/fundRecords',
      { type: 'deposit' },
      m.headers,
    );
    expect(records.data.items[0]).toMatchObject({
      orderNo: dep.data.orderNo,
      status: 'approved',
      remarks: 'transfer received',
    });
    const audit = await h().call<{ items: { action: string; target: string; reason: string }[] }>(
      'admin/auditLog',
      { action: 'deposit.approve' },
      staff,
    );
    expect(audit.data.items[0]).toMatchObject({ target: dep.data.orderNo, reason: 'transfer received' });
    expect((await reconcile(h().db)).ok).toBe(true);
  });

  it('a rejected deposit credits nothing and the member reads the reason', async () => {
    const m = await h().member();
    const staff = await staffHeaders(h());
    const receipt = await uploadImage(h().app, m.headers, 'deposit_receipt');
    const dep = await h().call<{ id: string }>(
      'user/deposit/create',
      { channelId: await firstChannelId(h(), m.headers), amount: '3000', receiptImageId: receipt },
      m.headers,
    );
    await h().call(
      'admin/deposits/decide',
      { id: dep.data.id, decision: 'reject', reason: 'no transfer arrived' },
      staff,
    );
    expect(await balanceOf(h(), m.headers)).toEqual({ available: '0', frozen: '0' });
    const records = await h().call<{ items: { status: string; remarks: string }[] }>('user/fundRecords', {}, m.headers);
    expect(records.data.items[0]).toMatchObject({ status: 'rejected', remarks: 'no transfer arrived' });
  });

  it.each([
    ['below the minimum', { amount: '999' }, 422, errorKeys.funds.depositBelowMin],
    ['above the maximum', { amount: '10000001' }, 422, errorKeys.funds.depositAboveMax],
    ['an amount with yen fractions', { amount: '1000.5' }, 400, errorKeys.funds.amountInvalid],
    ['a zero amount', { amount: '0' }, 400, errorKeys.funds.amountInvalid],
    ['no receipt', { receiptImageId: undefined }, 400, errorKeys.verification.receiptRequired],
    ['an unknown channel', { channelId: '00000000-0000-4000-8000-000000000000' }, 404, errorKeys.funds.channelNotFound],
  ])('refuses %s', async (_name, over, http, key) => {
    const m = await h().member();
    const receipt = await uploadImage(h().app, m.headers, 'deposit_receipt');
    const body = { channelId: await firstChannelId(h(), m.headers), amount: '5000', receiptImageId: receipt, ...over };
    const res = await h().call('user/deposit/create', body, m.headers);
    expect(res).toMatchObject({ http, status: 0, msg: key });
    expect((await h().call<{ total: number }>('user/fundRecords', {}, m.headers)).data.total).toBe(0);
  });

  it('refuses another member’s receipt and an ID image used as a receipt', async () => {
    const a = await h().member();
    const b = await h().member();
    const aReceipt = await uploadImage(h().app, a.headers, 'deposit_receipt');
    const bFront = await uploadImage(h().app, b.headers, 'id_front');
    const channelId = await firstChannelId(h(), b.headers);
    for (const receiptImageId of [aReceipt, bFront]) {
      const res = await h().call('user/deposit/create', { channelId, amount: '5000', receiptImageId }, b.headers);
      expect(res).toMatchObject({ status: 0, msg: errorKeys.upload.notFound });
    }
  });

  it('pays the inviter ¥200 once, on the invitee’s first approved deposit, in both timelines', async () => {
    const staff = await staffHeaders(h());
    const inviter = await h().member();
    const code = (await h().call<{ inviteCode: string }>('user/info', {}, inviter.headers)).data.inviteCode;
    const account = `07${String(Date.now()).slice(-8)}`;
    await h().call('user/register', {
      account,
      password: 'abcd1234',
      confirmPassword: 'abcd1234',
      inviteCode: code,
      agree: true,
    });
    const invitee = { headers: await h().signIn(account, 'abcd1234') };
    await fund(h(), invitee, '10000', staff);
    await fund(h(), invitee, '20000', staff);
    expect((await balanceOf(h(), inviter.headers)).available).toBe('200');
    const timeline = await h().call<{ items: { reason: string; refType: string }[] }>(
      'user/timeline',
      {},
      inviter.headers,
    );
    expect(timeline.data.items.filter((i) => i.reason === 'ledger.referralReward')).toHaveLength(1);
    const inviteeTimeline = await h().call<{ items: { reason: string; lines: unknown[] }[] }>(
      'user/timeline',
      {},
      invitee.headers,
    );
    expect(inviteeTimeline.data.items.filter((i) => i.reason === 'ledger.referralReward')).toEqual([
      expect.objectContaining({ lines: [] }),
    ]);
    expect((await reconcile(h().db)).ok).toBe(true);
  });

  it('a frozen account cannot deposit', async () => {
    const m = await h().member();
    await h().db.query(
      `INSERT INTO member_restrictions (member_id, kind, reason) SELECT id, 'frozen', 'under investigation' FROM members WHERE account = $1`,
      [m.account],
    );
    const receipt = await uploadImage(h().app, m.headers, 'deposit_receipt');
    const res = await h().call(
      'user/deposit/create',
      { channelId: await firstChannelId(h(), m.headers), amount: '5000', receiptImageId: receipt },
      m.headers,
    );
    expect(res).toMatchObject({ http: 403, msg: errorKeys.restriction.frozen });
  });
});

describeEachDatabase(
  'deposit window under the tse profile',
  (h) => {
    it('is refused on a Saturday and accepted on a weekday at 10:00 JST', async () => {
      const m = await h().member();
      const receipt = await uploadImage(h().app, m.headers, 'deposit_receipt');
      const channelId = await firstChannelId(h(), m.headers);
      // The harness clock starts Fri 2026-11-20 10:00 JST.
      h().clock.advance(24 * 3_600_000); // Saturday (sessions last 12 h, so sign in again)
      const saturday = await h().signIn(m.account, m.password);
      const closed = await h().call<{ channels: { window: { open: boolean; opensAt: string } }[] }>(
        'user/deposit/channels',
        {},
        saturday,
      );
      expect(closed.data.channels[0]?.window).toMatchObject({ open: false, opensAt: '2026-11-24T00:30:00.000Z' });
      const refused = await h().call(
        'user/deposit/create',
        { channelId, amount: '5000', receiptImageId: receipt },
        saturday,
      );
      expect(refused).toMatchObject({ http: 422, msg: errorKeys.funds.depositClosed });
      h().clock.advance(3 * 24 * 3_600_000); // Tuesday 10:00 JST (Monday is a holiday)
      const ok = await h().call(
        'user/deposit/create',
        { channelId, amount: '5000', receiptImageId: receipt },
        await h().signIn(m.account, m.password),
      );
      expect(ok.status).toBe(1);
    });
  },
  { marketProfile: 'tse' },
);
