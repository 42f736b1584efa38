import { expect, it } from 'vitest';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase } from '../test/harness.ts';
import { books, expectReconciled, fundedMember, order, place } from './trade-fixtures.ts';

describeEachDatabase('trading: a delisted stock’s orders and positions (issue 18)', (h) => {
  it('cancels its pending orders and closes its positions at the last price, reason delisted', async () => {
    const m = await fundedMember(h());
    const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    const touch = h().platform.market.snapshot.touch('6758');
    const held = await place(h(), m, order({ symbol: '6758', leverage: 2 }));
    const pending = await place(h(), m, order({ symbol: '6758', type: 'limit', price: touch?.quote.limitDown }));
    const other = await place(h(), m, order({ symbol: '7203' }));
    const engine = h().platform.triggers;
    for (let i = 0; i < 200 && !(engine.index.has(held.data.orderNo) && engine.index.has(pending.data.orderNo)); i++)
      await new Promise((r) => setTimeout(r, 10));

    const delisted = await h().call('admin/market/delist', { symbol: '6758', reason: 'merger completed' }, staff);
    expect(delisted.status).toBe(1);
    const detail = (orderNo: string) => h().call<PositionWire>('trade/detail', { orderNo }, m.headers);
    let closed = await detail(held.data.orderNo);
    for (let i = 0; i < 200 && closed.data.status !== 'closed'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      await engine.settled();
      closed = await detail(held.data.orderNo);
    }
    expect(closed.data).toMatchObject({ status: 'closed', closeReason: 'delisted', closePrice: touch?.quote.last });
    expect((await detail(pending.data.orderNo)).data.status).toBe('cancelled');
    expect((await detail(other.data.orderNo)).data.status).toBe('holding');
    expect((await books(h(), m)).frozen).toBe('0');
    await expectReconciled(h());
  });
});
