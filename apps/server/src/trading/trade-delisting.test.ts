import { expect, it } from 'vitest';
import { Decimal, toWire } from '@kabuto/domain/money';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase } from '../test/harness.ts';
import { waitFor } from '../test/wait-for.ts';
import { books, expectReconciled, fundedMember, order, place } from './trade-fixtures.ts';

type Detail = PositionWire & { entries: { kind: string; lines: { book: string; amount: string }[] }[] };

describeEachDatabase('trading: a delisted stock’s orders and positions (issue 18)', (h) => {
  it('cancels its pending orders and closes its positions at the last price, reason delisted', async () => {
    const m = await fundedMember(h());
    const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    const touch = h().platform.market.snapshot.touch('6758');
    const held = await place(h(), m, order({ symbol: '6758', leverage: 2 }));
    const pending = await place(h(), m, order({ symbol: '6758', type: 'limit', price: touch?.quote.limitDown }));
    const other = await place(h(), m, order({ symbol: '7203' }));
    expect([held.data.status, pending.data.status, other.data.status]).toEqual(['holding', 'pending', 'holding']);
    const engine = h().platform.triggers;
    // The orders reach the engine through the outbox: it watches both before the stock is delisted.
    const watched = (no: string) => engine.index.has(no);
    await waitFor(
      'the trigger engine to index both 6758 orders',
      10_000,
      () => [held.data.orderNo, pending.data.orderNo].filter(watched),
      (seen) => seen.length === 2,
    );

    const delisted = await h().call('admin/market/delist', { symbol: '6758', reason: 'merger completed' }, staff);
    expect(delisted.status).toBe(1);
    const detail = async (orderNo: string) => (await h().call<Detail>('trade/detail', { orderNo }, m.headers)).data;
    // The delisting reaches the engine through the outbox too; then it settles both orders in one transaction.
    await waitFor(
      'the delisting to close the 6758 position',
      10_000,
      async () => {
        await engine.settled();
        return (await detail(held.data.orderNo)).status;
      },
      (status) => status === 'closed',
    );
    await engine.settled();
    expect([held.data.orderNo, pending.data.orderNo].filter(watched)).toEqual([]);
    const [closed, cancelled, untouched] = await Promise.all([held, pending, other].map((p) => detail(p.data.orderNo)));
    const kinds = (d: Detail | undefined) => d?.entries.map((e) => e.kind);
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'delisted', closePrice: touch?.quote.last });
    expect(kinds(closed)).toEqual(['trade_open', 'trade_close']);
    expect(cancelled).toMatchObject({ status: 'cancelled', held: '0', closeReason: null });
    expect(kinds(cancelled)).toEqual(['trade_hold', 'trade_release']);
    expect(untouched).toMatchObject({ status: 'holding', closeReason: null });
    expect(kinds(untouched)).toEqual(['trade_open']);
    // Nothing else moved the member's money: the deposit and these entries' lines on `available` are the balance.
    const available = [closed, cancelled, untouched]
      .flatMap((d) => d?.entries ?? [])
      .flatMap((e) => e.lines)
      .filter((l) => l.book === 'available')
      .reduce((sum, l) => sum.plus(l.amount), new Decimal('900000'));
    expect(await books(h(), m)).toEqual({ available: toWire(available), frozen: '0', margin: untouched?.margin });
    await expectReconciled(h());
  });
});
