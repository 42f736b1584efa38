import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';
import { balanceOf, fund, verifiedMember, firstChannelId } from '../test/money-fixtures.ts';
import { uploadImage } from '../uploads/image-fixtures.ts';

describeEachDatabase('review queues, reconciliation report and member privacy', (h) => {
  it('staff queues show what is needed to decide; decided items leave the pending queue', async () => {
    const m = await verifiedMember(h());
    const receipt = await uploadImage(h().app, m.headers, 'deposit_receipt');
    const dep = await h().call<{ id: string; orderNo: string }>(
      'user/deposit/create',
      { channelId: await firstChannelId(h(), m.headers), amount: '20000', receiptImageId: receipt },
      m.headers,
    );
    const pending = await h().call<{
      items: {
        id: string;
        account: string;
        realName: string;
        referenceCode: string;
        receiptImageId: string;
        amount: string;
      }[];
    }>('admin/deposits/list', { status: 'pending', pageSize: 100 }, m.staff);
    expect(pending.data.items.find((i) => i.id === dep.data.id)).toMatchObject({
      account: m.account,
      realName: m.realName,
      referenceCode: `K${m.account}`,
      receiptImageId: receipt,
      amount: '20000',
    });
    await h().call(
      'admin/deposits/decide',
      { id: dep.data.id, decision: 'approve', reason: 'transfer received' },
      m.staff,
    );
    const after = await h().call<{ items: { id: string }[] }>(
      'admin/deposits/list',
      { status: 'pending', pageSize: 100 },
      m.staff,
    );
    expect(after.data.items.some((i) => i.id === dep.data.id)).toBe(false);

    const w = await h().call<{ id: string }>(
      'user/withdraw/create',
      { amount: '5000', fundPassword: m.pin, bankCardId: m.cardId },
      m.headers,
    );
    const wq = await h().call<{ items: { id: string; bankName: string; holderName: string; cardNumber: string }[] }>(
      'admin/withdrawals/list',
      { status: 'pending', pageSize: 100 },
      m.staff,
    );
    expect(wq.data.items.find((i) => i.id === w.data.id)).toMatchObject({
      bankName: 'Mizuho Bank',
      holderName: m.realName,
      cardNumber: '1234567',
    });
    const counts = await h().call<{ deposits: number; withdrawals: number }>('admin/queues/counts', {}, m.staff);
    expect(counts.data.withdrawals).toBeGreaterThanOrEqual(1);
  });

  it('the reconciliation report says the books balance, with currency totals of zero', async () => {
    const m = await verifiedMember(h());
    await fund(h(), m, '12345', m.staff);
    const report = await h().call<{
      ok: boolean;
      entries: number;
      currencyTotals: { currency: string; total: string }[];
    }>('admin/reconciliation', {}, m.staff);
    expect(report.data.ok).toBe(true);
    expect(report.data.entries).toBeGreaterThan(0);
    for (const t of report.data.currencyTotals) expect(Number(t.total)).toBe(0);
  });

  it('member B sees nothing of member A’s money and can decide nothing', async () => {
    const a = await verifiedMember(h());
    await fund(h(), a, '30000', a.staff);
    const w = await h().call<{ id: string }>(
      'user/withdraw/create',
      { amount: '1000', fundPassword: a.pin, bankCardId: a.cardId },
      a.headers,
    );
    const b = await h().member();
    expect((await h().call<{ total: number }>('user/fundRecords', {}, b.headers)).data.total).toBe(0);
    expect((await h().call<{ total: number }>('user/timeline', {}, b.headers)).data.total).toBe(0);
    expect(await balanceOf(h(), b.headers)).toEqual({ available: '0', frozen: '0' });
    for (const [path, body] of [
      ['admin/withdrawals/decide', { id: w.data.id, decision: 'approve', reason: 'mine now' }],
      ['admin/deposits/list', {}],
      ['admin/reconciliation', {}],
    ] as const) {
      const res = await h().call(path, body, { ...b.headers, 'is-admin': '1' });
      expect(res, path).toMatchObject({ http: 403, msg: errorKeys.auth.forbidden });
    }
    expect(await balanceOf(h(), a.headers)).toEqual({ available: '29000', frozen: '1000' });
  });
});
