import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { reconcile } from '@kabuto/db/ledger';
import { Decimal } from '@kabuto/domain/money';
import { describeEachDatabase } from '../test/harness.ts';
import { balanceOf, fund } from '../test/money-fixtures.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';

describeEachDatabase('currency exchange', (h) => {
  it('quotes with source and time, then exchanges at the quoted rate with no fee', async () => {
    const m = await h().member();
    await fund(h(), m, '151200', await staffHeaders(h()));
    const q = await h().call<{
      quoteId: string;
      rate: string;
      toAmount: string;
      fee: string;
      source: string;
      simulated: boolean;
      asOf: string;
      expiresAt: string;
    }>('user/exchange/quote', { from: 'JPY', to: 'USD', amount: '100000' }, m.headers);
    expect(q).toMatchObject({ status: 1, data: { fee: '0', simulated: true } });
    expect(q.data.source).toMatch(/reference/i);
    expect(new Date(q.data.expiresAt).getTime() - new Date(q.data.asOf).getTime()).toBe(60_000);
    // About 1/151.2 USD per yen, within the ±0.3 % drift of each side.
    expect(new Decimal(q.data.rate).times(151.2).minus(1).abs().lt('0.007')).toBe(true);
    expect(
      new Decimal(q.data.toAmount).eq(new Decimal(100000).times(q.data.rate).toDecimalPlaces(2, Decimal.ROUND_DOWN)),
    ).toBe(true);

    const x = await h().call<{ toAmount: string; orderNo: string }>(
      'user/exchange/create',
      { quoteId: q.data.quoteId },
      m.headers,
    );
    expect(x).toMatchObject({ status: 1, msg: 'success.exchange', data: { toAmount: q.data.toAmount } });
    expect((await balanceOf(h(), m.headers)).available).toBe('51200');
    expect((await balanceOf(h(), m.headers, 'USD')).available).toBe(q.data.toAmount);
    const reuse = await h().call('user/exchange/create', { quoteId: q.data.quoteId }, m.headers);
    expect(reuse).toMatchObject({ http: 409, msg: errorKeys.exchange.quoteExpired });
    const timeline = await h().call<{ items: { reason: string; lines: { currency: string; amount: string }[] }[] }>(
      'user/timeline',
      {},
      m.headers,
    );
    expect(timeline.data.items[0]).toMatchObject({
      reason: 'ledger.exchange',
      lines: [
        { currency: 'JPY', amount: '-100000' },
        { currency: 'USD', amount: q.data.toAmount },
      ],
    });
    expect((await reconcile(h().db)).ok).toBe(true);
  });

  it.each([
    ['the same currency', { from: 'JPY', to: 'JPY' }, errorKeys.exchange.sameCurrency],
    ['INR with anything but USD', { from: 'JPY', to: 'INR' }, errorKeys.exchange.unsupportedPair],
    ['an empty amount', { amount: '' }, errorKeys.funds.amountInvalid],
    ['a negative amount', { amount: '-5' }, errorKeys.funds.amountInvalid],
    ['yen with decimals', { amount: '100.5' }, errorKeys.funds.amountInvalid],
    ['an unknown currency', { to: 'EUR' }, errorKeys.request.invalid],
  ])('refuses %s', async (_name, over, key) => {
    const m = await h().member();
    const res = await h().call('user/exchange/quote', { from: 'JPY', to: 'USD', amount: '1000', ...over }, m.headers);
    expect(res).toMatchObject({ http: 400, status: 0, msg: key });
  });

  it('allows INR to and from USD only', async () => {
    const m = await h().member();
    expect((await h().call('user/exchange/quote', { from: 'USD', to: 'INR', amount: '10' }, m.headers)).status).toBe(1);
    expect((await h().call('user/exchange/quote', { from: 'INR', to: 'USD', amount: '1000' }, m.headers)).status).toBe(
      1,
    );
  });

  it('refuses an expired quote, another member’s quote and more than is available', async () => {
    const a = await h().member();
    const b = await h().member();
    await fund(h(), a, '10000', await staffHeaders(h()));
    const q = await h().call<{ quoteId: string }>(
      'user/exchange/quote',
      { from: 'JPY', to: 'USD', amount: '5000' },
      a.headers,
    );
    expect(await h().call('user/exchange/create', { quoteId: q.data.quoteId }, b.headers)).toMatchObject({
      http: 409,
      msg: errorKeys.exchange.quoteExpired,
    });
    const big = await h().call<{ quoteId: string }>(
      'user/exchange/quote',
      { from: 'JPY', to: 'USD', amount: '10001' },
      a.headers,
    );
    expect(await h().call('user/exchange/create', { quoteId: big.data.quoteId }, a.headers)).toMatchObject({
      http: 409,
      msg: errorKeys.funds.insufficientAvailable,
    });
    h().clock.advance(61_000);
    expect(await h().call('user/exchange/create', { quoteId: q.data.quoteId }, a.headers)).toMatchObject({
      http: 409,
      msg: errorKeys.exchange.quoteExpired,
    });
    expect((await balanceOf(h(), a.headers)).available).toBe('10000');
  });
});
