import { expect, it } from 'vitest';
import { Decimal } from '@kabuto/domain/money';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase } from '../test/harness.ts';
import { books, expectReconciled, fundedMember, order, place } from './trade-fixtures.ts';

describeEachDatabase('trading under concurrency (issue 18)', (h) => {
  it('50 parallel orders against one balance: those that fit fill, the rest are refused, nothing goes negative', async () => {
    const m = await fundedMember(h(), '300000');
    const ticket = await h().call<{ cost: string }>('trade/preview', order({ leverage: 1 }), m.headers);
    const fits = new Decimal('300000').div(ticket.data.cost).floor().toNumber();
    const answers = await Promise.all(Array.from({ length: 50 }, () => place(h(), m, order({ leverage: 1 }))));
    const filled = answers.filter((a) => a.status === 1);
    const refused = answers.filter((a) => a.status === 0);
    expect(new Set(refused.map((a) => a.msg))).toEqual(new Set(['errors.funds.insufficientBalance']));
    // Prices do not move (the feed only steps when told), so every order costs the same.
    expect(filled.length).toBe(fits);
    const b = await books(h(), m);
    expect(new Decimal(b.available).gte(0)).toBe(true);
    expect(new Decimal(b.available).lt(ticket.data.cost)).toBe(true);
    await expectReconciled(h());
  });

  it('closing the same position twice at once: one wins, the other gets “not in holding state”', async () => {
    const m = await fundedMember(h());
    const placed = await place(h(), m, order());
    const both = await Promise.all([
      h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, m.headers),
      h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, m.headers),
    ]);
    expect(both.map((a) => a.msg).sort()).toEqual(['errors.trade.notHolding', 'success.closed']);
    const [n] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM journal_entries WHERE ref_type = 'trade' AND ref_id = $1 AND kind = 'trade_close'`,
      [placed.data.orderNo],
    );
    expect(n?.n).toBe('1');
    await expectReconciled(h());
  });

  it('cancelling a pending order twice at once, and cancel against close: one wins, the other gets its key', async () => {
    const m = await fundedMember(h());
    const limit = h().platform.market.snapshot.touch('7203')?.quote.limitDown;
    const a = await place(h(), m, order({ type: 'limit', price: limit }));
    const twice = await Promise.all([
      h().call('trade/cancel', { orderNo: a.data.orderNo }, m.headers),
      h().call('trade/cancel', { orderNo: a.data.orderNo }, m.headers),
    ]);
    expect(twice.map((x) => x.msg).sort()).toEqual(['errors.trade.notPending', 'success.cancel']);
    const b = await place(h(), m, order({ type: 'limit', price: limit }));
    const mixed = await Promise.all([
      h().call('trade/cancel', { orderNo: b.data.orderNo }, m.headers),
      h().call('trade/close', { orderNo: b.data.orderNo }, m.headers),
    ]);
    expect(mixed.map((x) => x.msg)).toEqual(['success.cancel', 'errors.trade.notHolding']);
    expect(await books(h(), m)).toMatchObject({ available: '900000', frozen: '0' });
    await expectReconciled(h());
  });
});
