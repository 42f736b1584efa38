import { expect, it } from 'vitest';
import { Decimal } from '@kabuto/domain/money';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { tradeTotalsCall } from '@kabuto/contracts/trade/totals';
import { describeEachDatabase } from '../test/harness.ts';
import { books, fundedMember, order, place } from './trade-fixtures.ts';

type Totals = ResponseOf<typeof tradeTotalsCall>;
const d = (v: string) => new Decimal(v);

describeEachDatabase('trading: the positions totals (issue 27, 建玉一覧)', (h) => {
  it('equal the member centre: the same unrealised P&L, the margin book and the available funds', async () => {
    const m = await fundedMember(h());
    const long = await place(h(), m, order({ quantity: '300', leverage: 5 }));
    const short = await place(h(), m, order({ symbol: '6758', side: 'short', quantity: '100', leverage: 5 }));
    const closed = await place(h(), m, order({ quantity: '100', leverage: 5 }));
    expect([long.msg, short.msg, closed.msg]).toEqual(['success.purchase', 'success.purchase', 'success.purchase']);
    expect((await h().call('trade/close', { orderNo: closed.data.orderNo }, m.headers)).status).toBe(1);
    // A resting order holds frozen funds, not margin: not a position of the totals.
    const limitDown = h().platform.market.snapshot.touch('7203')?.quote.limitDown as string;
    expect((await place(h(), m, order({ type: 'limit', price: limitDown }))).data.status).toBe('pending');

    const totals = await h().call<Totals>('trade/totals', {}, m.headers);
    expect(totals.status).toBe(1);
    expect(totals.data.openCount).toBe(2);
    expect(totals.data.positions.map((p) => p.orderNo).sort()).toEqual([long.data.orderNo, short.data.orderNo].sort());

    // The sum of the cards' P&L on the holding tab …
    const list = await h().call<{ items: PositionWire[] }>(
      'trade/list',
      { tab: 'holding', page: 1, pageSize: 20 },
      m.headers,
    );
    const cards = list.data.items.reduce((s, p) => s.plus(p.pnl ?? '0'), d('0'));
    expect(d(totals.data.unrealised).eq(cards)).toBe(true);
    expect(d(totals.data.unrealised).isZero()).toBe(false);

    // … is the member centre's: total assets = available + frozen + margin + unrealised P&L (DESIGN).
    const b = await books(h(), m);
    const assets = await h().call<{ totalAssets: string; available: string; frozen: string }>(
      'user/assets',
      {},
      m.headers,
    );
    expect(totals.data.margin).toBe(b.margin);
    expect(d(totals.data.margin).eq(d(long.data.margin).plus(short.data.margin))).toBe(true);
    expect(totals.data.available).toBe(b.available);
    expect(d(assets.data.available).eq(totals.data.available)).toBe(true);
    expect(
      d(assets.data.totalAssets).eq(
        d(assets.data.available)
          .plus(assets.data.frozen)
          .plus(totals.data.margin)
          .plus(totals.data.unrealised)
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
      ),
    ).toBe(true);
  });

  it('are the member’s own: another member and a visitor see none of them', async () => {
    const m = await fundedMember(h());
    expect((await place(h(), m, order())).status).toBe(1);
    const other = await fundedMember(h());
    const theirs = await h().call<Totals>('trade/totals', {}, other.headers);
    expect(theirs.data).toEqual({
      currency: 'JPY',
      unrealised: '0',
      margin: '0',
      available: '900000',
      openCount: 0,
      positions: [],
    });
    const visitor = await h().call('trade/totals', {});
    expect(visitor.http).toBe(401);
  });
});
