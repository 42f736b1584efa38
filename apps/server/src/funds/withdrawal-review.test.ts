import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { reconcile } from '@kabuto/db/ledger';
import { describeEachDatabase } from '../test/harness.ts';
import { balanceOf, fund, verifiedMember } from '../test/money-fixtures.ts';

describeEachDatabase('withdrawals and their review', (h) => {
  it('freezes the amount at once; approval pays it out, rejection returns it', async () => {
    const m = await verifiedMember(h());
    await fund(h(), m, '100000', m.staff);
    const info = await h().call<{
      min: string;
      max: string;
      fee: string;
      withdrawable: string;
      creditScore: number;
      threshold: number;
    }>('user/withdraw/info', {}, m.headers);
    expect(info.data).toMatchObject({ min: '1000', max: '5000000', fee: '0', withdrawable: '100000', threshold: 60 });
    expect(info.data.creditScore).toBeGreaterThanOrEqual(60);

    const w = await h().call<{ id: string; orderNo: string; status: string }>(
      'user/withdraw/create',
      { amount: '30000', fundPassword: m.pin, bankCardId: m.cardId },
      m.headers,
    );
    expect(w).toMatchObject({ status: 1, msg: 'success.withdraw', data: { status: 'pending' } });
    expect(await balanceOf(h(), m.headers)).toEqual({ available: '70000', frozen: '30000' });
    const second = await h().call(
      'user/withdraw/create',
      { amount: '1000', fundPassword: m.pin, bankCardId: m.cardId },
      m.headers,
    );
    expect(second).toMatchObject({ http: 409, msg: errorKeys.process.otherFundOperation });

    await h().call(
      'admin/withdrawals/decide',
      { id: w.data.id, decision: 'approve', reason: 'paid by bank transfer' },
      m.staff,
    );
    expect(await balanceOf(h(), m.headers)).toEqual({ available: '70000', frozen: '0' });

    h().clock.advance(1000); // the second request comes a second later, as it would in life
    const w2 = await h().call<{ id: string }>(
      'user/withdraw/create',
      { amount: '20000', fundPassword: m.pin, bankCardId: m.cardId },
      m.headers,
    );
    await h().call(
      'admin/withdrawals/decide',
      { id: w2.data.id, decision: 'reject', reason: 'card details do not match the bank' },
      m.staff,
    );
    expect(await balanceOf(h(), m.headers)).toEqual({ available: '70000', frozen: '0' });

    const reasons = (await h().call<{ items: { reason: string }[] }>('user/timeline', {}, m.headers)).data.items.map(
      (i) => i.reason,
    );
    expect(reasons).toEqual([
      'ledger.withdrawalReturned',
      'ledger.withdrawalRequested',
      'ledger.withdrawalPaid',
      'ledger.withdrawalRequested',
      'ledger.deposit',
    ]);
    const records = await h().call<{ items: { type: string; status: string; remarks: string }[] }>(
      'user/fundRecords',
      { type: 'withdrawal' },
      m.headers,
    );
    expect(records.data.items.map((r) => [r.status, r.remarks])).toEqual([
      ['rejected', 'card details do not match the bank'],
      ['approved', 'paid by bank transfer'],
    ]);
    expect((await reconcile(h().db)).ok).toBe(true);
  });

  it.each([
    ['a wrong fund password', { fundPassword: '111111' }, 400, errorKeys.password.fundWrong],
    ['more than is available', { amount: '60000' }, 409, errorKeys.funds.insufficientWithdrawable],
    ['below the minimum', { amount: '999' }, 422, errorKeys.funds.withdrawBelowMin],
    ['above the maximum', { amount: '5000001' }, 422, errorKeys.funds.withdrawAboveMax],
    ['an unknown card', { bankCardId: '00000000-0000-4000-8000-000000000000' }, 404, errorKeys.cards.bankCardNotExist],
  ])('refuses %s and changes nothing', async (_name, over, http, key) => {
    const m = await verifiedMember(h());
    await fund(h(), m, '50000', m.staff);
    const res = await h().call(
      'user/withdraw/create',
      { amount: '10000', fundPassword: m.pin, bankCardId: m.cardId, ...over },
      m.headers,
    );
    expect(res).toMatchObject({ http, status: 0, msg: key });
    expect(await balanceOf(h(), m.headers)).toEqual({ available: '50000', frozen: '0' });
  });

  it('refuses a withdrawal to another member’s card', async () => {
    const a = await verifiedMember(h());
    const b = await verifiedMember(h(), { realName: 'スズキ ハナコ' });
    await fund(h(), b, '50000', b.staff);
    const res = await h().call(
      'user/withdraw/create',
      { amount: '10000', fundPassword: b.pin, bankCardId: a.cardId },
      b.headers,
    );
    expect(res).toMatchObject({ status: 0, msg: errorKeys.cards.bankCardNotExist });
  });

  it('refuses without a fund password, under the no-withdrawal restriction, and below the credit threshold', async () => {
    const m = await verifiedMember(h());
    await fund(h(), m, '50000', m.staff);
    const body = { amount: '10000', fundPassword: m.pin, bankCardId: m.cardId };

    await h().db.query(
      `INSERT INTO member_restrictions (member_id, kind, reason) SELECT id, 'no_withdrawal', 'documents expired' FROM members WHERE account = $1`,
      [m.account],
    );
    expect(await h().call('user/withdraw/create', body, m.headers)).toMatchObject({
      http: 403,
      msg: errorKeys.restriction.noWithdrawal,
    });
    await h().db.query(
      `UPDATE member_restrictions SET lifted_at = now(), lift_reason = 'renewed' WHERE kind = 'no_withdrawal'`,
    );

    // Published rule: each rejected deposit costs 10 points; 80 + 10 + 2 − 40 = 52 < 60.
    for (let i = 0; i < 4; i++) {
      await h().db.query(
        `INSERT INTO credit_score_events (member_id, delta, rule, ref_type, ref_id, created_at) SELECT id, -10, 'depositRejected', 'test', $2, now() FROM members WHERE account = $1`,
        [m.account, `t${i}`],
      );
    }
    expect(await h().call('user/withdraw/create', body, m.headers)).toMatchObject({
      http: 403,
      msg: errorKeys.funds.creditScoreTooLow,
    });
    expect(await balanceOf(h(), m.headers)).toEqual({ available: '50000', frozen: '0' });

    // A fresh member has neither card nor PIN: the domain rule names the card first, as the screen does.
    const fresh = await h().member();
    const noCard = await h().call('user/withdraw/create', { ...body }, fresh.headers);
    expect(noCard).toMatchObject({ http: 404, msg: errorKeys.cards.bankCardNotExist });
  });
});
