import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { reconcile } from '@kabuto/db/ledger';
import { describeEachDatabase } from '../test/harness.ts';
import { balanceOf, fund, verifiedMember } from '../test/money-fixtures.ts';

// Issue 3: 50 parallel withdrawals and exchanges against one balance that covers only some of them.
describeEachDatabase('concurrent money movements', (h) => {
  it('50 parallel exchanges of ¥300 against ¥10,000: exactly 33 succeed, nothing goes negative', async () => {
    const m = await verifiedMember(h());
    await fund(h(), m, '10000', m.staff);
    const quotes: string[] = [];
    for (let i = 0; i < 50; i++) {
      const q = await h().call<{ quoteId: string }>(
        'user/exchange/quote',
        { from: 'JPY', to: 'USD', amount: '300' },
        m.headers,
      );
      quotes.push(q.data.quoteId);
    }
    const results = await Promise.all(
      quotes.map((quoteId) => h().call('user/exchange/create', { quoteId }, m.headers)),
    );
    expect(results.filter((r) => r.status === 1)).toHaveLength(33);
    for (const r of results.filter((x) => x.status === 0))
      expect(r).toMatchObject({ http: 409, msg: errorKeys.funds.insufficientAvailable });
    expect((await balanceOf(h(), m.headers)).available).toBe('100');
    expect((await reconcile(h().db)).ok).toBe(true);
  });

  it('50 parallel withdrawals: one is accepted, the rest are refused as another fund operation, short funds or PIN attempts in flight', async () => {
    const m = await verifiedMember(h());
    await fund(h(), m, '10000', m.staff);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        h().call('user/withdraw/create', { amount: '3000', fundPassword: m.pin, bankCardId: m.cardId }, m.headers),
      ),
    );
    expect(results.filter((r) => r.status === 1)).toHaveLength(1);
    // The fund PIN ladder counts an attempt before checking it, so at most five checks run at once.
    const refusals = [
      errorKeys.process.otherFundOperation,
      errorKeys.funds.insufficientWithdrawable,
      errorKeys.password.fundLocked,
    ];
    for (const r of results.filter((x) => x.status === 0)) expect(refusals).toContain(r.msg);
    expect(await balanceOf(h(), m.headers)).toEqual({ available: '7000', frozen: '3000' });
    const [rows] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE m.account = $1`,
      [m.account],
    );
    expect(rows?.n).toBe('1');
    expect((await reconcile(h().db)).ok).toBe(true);
  });

  it('withdrawals and exchanges racing for one balance never overdraw it', async () => {
    const m = await verifiedMember(h());
    await fund(h(), m, '5000', m.staff);
    const quotes: string[] = [];
    for (let i = 0; i < 20; i++)
      quotes.push(
        (
          await h().call<{ quoteId: string }>(
            'user/exchange/quote',
            { from: 'JPY', to: 'USD', amount: '1000' },
            m.headers,
          )
        ).data.quoteId,
      );
    const calls = [
      ...quotes.map((quoteId) => h().call('user/exchange/create', { quoteId }, m.headers)),
      h().call('user/withdraw/create', { amount: '2000', fundPassword: m.pin, bankCardId: m.cardId }, m.headers),
    ];
    const results = await Promise.all(calls);
    const spent =
      results.slice(0, 20).filter((r) => r.status === 1).length * 1000 + (results[20]?.status === 1 ? 2000 : 0);
    expect(spent).toBeLessThanOrEqual(5000);
    const b = await balanceOf(h(), m.headers);
    expect(Number(b.available) + Number(b.frozen)).toBe(5000 - (spent - (results[20]?.status === 1 ? 2000 : 0)));
    expect((await reconcile(h().db)).ok).toBe(true);
  });
});

describeEachDatabase('idempotent money calls', (h) => {
  it('a retry with the same key gets the first answer and moves money once', async () => {
    const m = await verifiedMember(h());
    await fund(h(), m, '20000', m.staff);
    const headers = { ...m.headers, 'idempotency-key': 'withdraw-0001-retry' };
    const body = { amount: '5000', fundPassword: m.pin, bankCardId: m.cardId };
    const first = await h().call<{ orderNo: string }>('user/withdraw/create', body, headers);
    const retry = await h().call<{ orderNo: string }>('user/withdraw/create', body, headers);
    expect(first.status).toBe(1);
    expect(retry).toMatchObject({ http: 200, status: 1, data: { orderNo: first.data.orderNo } });
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(await balanceOf(h(), m.headers)).toEqual({ available: '15000', frozen: '5000' });
  });

  it('the same key with another body is refused', async () => {
    const m = await h().member();
    const headers = { ...m.headers, 'idempotency-key': 'exchange-key-0002' };
    const q1 = await h().call<{ quoteId: string }>(
      'user/exchange/quote',
      { from: 'USD', to: 'JPY', amount: '10' },
      m.headers,
    );
    const q2 = await h().call<{ quoteId: string }>(
      'user/exchange/quote',
      { from: 'USD', to: 'JPY', amount: '20' },
      m.headers,
    );
    const first = await h().call('user/exchange/create', { quoteId: q1.data.quoteId }, headers);
    expect(first).toMatchObject({ msg: errorKeys.funds.insufficientAvailable });
    expect(await h().call('user/exchange/create', { quoteId: q1.data.quoteId }, headers)).toMatchObject({
      http: 409,
      msg: errorKeys.funds.insufficientAvailable,
    });
    expect(await h().call('user/exchange/create', { quoteId: q2.data.quoteId }, headers)).toMatchObject({
      http: 422,
      msg: errorKeys.idempotency.keyReused,
    });
  });

  it('two simultaneous calls with one key have one effect', async () => {
    const m = await h().member();
    await fund(h(), m, '10000', await h().signIn(h().seed.staffAccount, h().seed.staffPassword));
    const q = await h().call<{ quoteId: string }>(
      'user/exchange/quote',
      { from: 'JPY', to: 'USD', amount: '1000' },
      m.headers,
    );
    const headers = { ...m.headers, 'idempotency-key': 'simultaneous-0003' };
    const results = await Promise.all([
      h().call('user/exchange/create', { quoteId: q.data.quoteId }, headers),
      h().call('user/exchange/create', { quoteId: q.data.quoteId }, headers),
    ]);
    expect(results.filter((r) => r.status === 1).length).toBeGreaterThanOrEqual(1);
    expect((await balanceOf(h(), m.headers)).available).toBe('9000');
    expect((await reconcile(h().db)).ok).toBe(true);
  });
});
