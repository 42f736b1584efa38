import { expect, it } from 'vitest';
import { Decimal } from '@kabuto/domain/money';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { errorKeys } from '@kabuto/contracts/errors';
import { idempotencyLeaseMs } from '../http/public.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { books, expectReconciled, fundedMember, order, place, positionCount, preview } from './trade-fixtures.ts';

const d = (v: string) => new Decimal(v);

describeEachDatabase('trading: the ticket, market orders, limit orders, closing and cancelling (issue 18)', (h) => {
  it('previews a long at the ask and charges exactly the ticket’s figures; closing returns margin ± P&L less fees', async () => {
    const m = await fundedMember(h());
    const touch = h().platform.market.snapshot.touch('7203');
    expect(touch).not.toBeNull();
    const ticket = await preview(h(), m, order({ quantity: '1000', leverage: 5 }));
    expect(ticket.status).toBe(1);
    expect(ticket.data.price).toBe(touch?.ask);
    expect(d(ticket.data.notional).eq(d(ticket.data.price).times(1000))).toBe(true);
    expect(ticket.data.margin).toBe(d(ticket.data.notional).div(5).ceil().toFixed());
    expect(ticket.data.lots).toBe('1');
    expect(ticket.data.available).toBe('900000');

    const placed = await place(h(), m, order({ quantity: '1000', leverage: 5 }));
    expect(placed.status).toBe(1);
    expect(placed.msg).toBe('success.purchase');
    expect(placed.data).toMatchObject({ status: 'holding', openPrice: ticket.data.price, margin: ticket.data.margin });
    expect(placed.data.purchaseFee).toBe(ticket.data.purchaseFee);
    const afterOpen = await books(h(), m);
    expect(afterOpen.available).toBe(d('900000').minus(ticket.data.cost).toFixed());
    expect(afterOpen.margin).toBe(ticket.data.margin);

    const closed = await h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, m.headers);
    expect(closed.status).toBe(1);
    expect(closed.data).toMatchObject({ status: 'closed', closeReason: 'member', closePrice: touch?.bid });
    const pnl = d(closed.data.pnl as string);
    expect(
      pnl.eq(
        d(touch?.bid as string)
          .minus(touch?.ask as string)
          .times(1000),
      ),
    ).toBe(true);
    const after = await books(h(), m);
    expect(after.margin).toBe('0');
    const expected = d('900000')
      .plus(pnl)
      .minus(closed.data.purchaseFee)
      .minus(closed.data.sellingFee)
      .minus(closed.data.stampDuty);
    expect(after.available).toBe(expected.toFixed());
    expect(closed.data.netPnl).toBe(expected.minus('900000').toFixed());

    // Every yen has its entry, with a reason the member reads; the detail lists them oldest first.
    const detail = await h().call<PositionWire & { entries: { reason: string }[] }>(
      'trade/detail',
      { orderNo: placed.data.orderNo },
      m.headers,
    );
    expect(detail.data.entries.map((e) => e.reason)).toEqual(['ledger.tradeOpen', 'ledger.tradeClose']);
    const assets = await h().call<{ profit: string }>('user/assets', {}, m.headers);
    // Member centre: profit = realised (after fees) + unrealised, and nothing is open now.
    expect(d(assets.data.profit).eq(d(closed.data.netPnl as string))).toBe(true);

    // SPEC §4: a second close is refused and changes nothing.
    const again = await h().call('trade/close', { orderNo: placed.data.orderNo }, m.headers);
    expect([again.http, again.msg]).toEqual([409, 'errors.trade.notHolding']);
    expect(await books(h(), m)).toEqual(after);
    await expectReconciled(h());
  });

  it('rests a limit away from the price with its margin and fee frozen; cancelling gives them back', async () => {
    const m = await fundedMember(h());
    const quote = h().platform.market.snapshot.touch('7203')?.quote;
    const price = quote?.limitDown as string;
    const ticket = await preview(h(), m, order({ type: 'limit', price, quantity: '200', leverage: 2 }));
    expect(ticket.data.price).toBe(price);
    const placed = await place(h(), m, order({ type: 'limit', price, quantity: '200', leverage: 2 }));
    expect(placed.data).toMatchObject({
      status: 'pending',
      limitPrice: price,
      held: ticket.data.cost,
      openPrice: null,
    });
    expect(await books(h(), m)).toMatchObject({ frozen: ticket.data.cost, margin: '0' });
    const list = await h().call<{ items: PositionWire[]; total: number }>('trade/list', { tab: 'placing' }, m.headers);
    expect(list.data.items.map((p) => p.orderNo)).toEqual([placed.data.orderNo]);

    const notHolding = await h().call('trade/close', { orderNo: placed.data.orderNo }, m.headers);
    expect(notHolding.msg).toBe('errors.trade.notHolding');
    const cancelled = await h().call<PositionWire>('trade/cancel', { orderNo: placed.data.orderNo }, m.headers);
    expect(cancelled.data.status).toBe('cancelled');
    expect(cancelled.msg).toBe('success.cancel');
    expect(await books(h(), m)).toEqual({ available: '900000', frozen: '0', margin: '0' });
    const twice = await h().call('trade/cancel', { orderNo: placed.data.orderNo }, m.headers);
    expect([twice.http, twice.msg]).toEqual([409, 'errors.trade.notPending']);
    const closedTab = await h().call<{ items: PositionWire[] }>('trade/list', { tab: 'closed' }, m.headers);
    expect(closedTab.data.items[0]?.status).toBe('cancelled');
    await expectReconciled(h());
  });

  it('fills a limit the quote already crosses at once, at the quote', async () => {
    const m = await fundedMember(h());
    const quote = h().platform.market.snapshot.touch('7203');
    const placed = await place(h(), m, order({ type: 'limit', price: quote?.quote.limitUp, leverage: 3 }));
    expect(placed.data).toMatchObject({ status: 'holding', openPrice: quote?.ask, held: '0' });
  });

  it('refuses bad input with its catalogued key and writes nothing', async () => {
    const m = await fundedMember(h());
    const q = h().platform.market.snapshot.touch('7203')?.quote;
    const before = await positionCount(h());
    const cases: [object, number, string][] = [
      [order({ quantity: '150' }), 400, 'errors.trade.quantityUnit'],
      [order({ quantity: '-100' }), 400, 'errors.trade.quantityUnit'],
      [order({ quantity: '100.5' }), 400, 'errors.trade.quantityUnit'],
      [order({ quantity: '0' }), 400, 'errors.trade.quantityUnit'],
      [order({ quantity: '20000000' }), 400, 'errors.trade.quantityTooLarge'],
      [order({ symbol: 'ZZZZ' }), 404, 'errors.trade.productUnavailable'],
      [order({ leverage: 4 }), 400, 'errors.trade.leverageNotAllowed'],
      [order({ leverage: 1.5 }), 400, 'errors.trade.leverageNotAllowed'],
      [order({ type: 'limit' }), 400, 'errors.trade.limitPriceRequired'],
      [order({ type: 'limit', price: `${q?.limitDown}.03` }), 400, 'errors.trade.priceOffGrid'],
      [
        order({
          type: 'limit',
          price: d(q?.limitUp as string)
            .plus(100)
            .toFixed(),
        }),
        422,
        'errors.trade.exceedsPriceLimit',
      ],
      [
        order({
          type: 'limit',
          price: d(q?.limitDown as string)
            .minus(100)
            .toFixed(),
        }),
        422,
        'errors.trade.exceedsPriceLimit',
      ],
      [order({ stopLoss: d(q?.limitUp as string).toFixed() }), 400, 'errors.trade.stopLossSide'],
      [order({ takeProfit: '1' }), 400, 'errors.trade.takeProfitSide'],
      [order({ side: 'short', stopLoss: '1' }), 400, 'errors.trade.stopLossSide'],
      [order({ quantity: '1000000', leverage: 1 }), 409, 'errors.funds.insufficientBalance'],
    ];
    for (const [body, http, msg] of cases) {
      const res = await place(h(), m, body);
      expect([JSON.stringify(body), res.http, res.msg]).toEqual([JSON.stringify(body), http, msg]);
    }
    expect(await positionCount(h())).toBe(before);
    expect(await books(h(), m)).toEqual({ available: '900000', frozen: '0', margin: '0' });
    const unknown = await h().call('trade/close', { orderNo: 'T0000' }, m.headers);
    expect([unknown.http, unknown.msg]).toEqual([404, 'errors.order.notExist']);
  });

  it('another member’s order is not yours to see, cancel or close', async () => {
    const a = await fundedMember(h());
    const b = await fundedMember(h());
    const placed = await place(h(), a, order());
    for (const path of ['trade/detail', 'trade/close', 'trade/cancel', 'trade/addMargin']) {
      const res = await h().call(path, { orderNo: placed.data.orderNo, amount: '100' }, b.headers);
      expect([path, res.msg]).toEqual([path, 'errors.order.notExist']);
    }
    expect(
      (await h().call<PositionWire>('trade/detail', { orderNo: placed.data.orderNo }, a.headers)).data.status,
    ).toBe('holding');
  });

  it('honours Idempotency-Key: a retried placement answers the first order and places one', async () => {
    const m = await fundedMember(h());
    const first = await place(h(), m, order(), 'buy-once-1');
    const again = await place(h(), m, order(), 'buy-once-1');
    expect(again.data.orderNo).toBe(first.data.orderNo);
    const list = await h().call<{ total: number }>('trade/list', { tab: 'holding' }, m.headers);
    expect(list.data.total).toBe(1);
  });

  it('an Idempotency-Key is the member’s own: another member sending the same key gets an order of their own', async () => {
    const a = await fundedMember(h());
    const b = await fundedMember(h());
    const mine = await place(h(), a, order(), 'shared-key-0001');
    const theirs = await place(h(), b, order({ side: 'short' }), 'shared-key-0001');
    expect(theirs.status).toBe(1);
    expect(theirs.data.orderNo).not.toBe(mine.data.orderNo);
    expect(theirs.data.side).toBe('short');
    expect((await h().call<PositionWire>('trade/detail', { orderNo: mine.data.orderNo }, b.headers)).msg).toBe(
      errorKeys.order.notExist,
    );
  });

  it('a process that dies between the order’s commit and its reply: the retry answers that order and places no second', async () => {
    const m = await fundedMember(h());
    const first = await place(h(), m, order(), 'order-crash-0001');
    expect(first.status).toBe(1);
    // What the crash leaves: the position (committed with its key) and the key still "in progress".
    await h().db.query(`UPDATE idempotency_keys SET http_status = NULL, response = NULL WHERE key = $1`, [
      'order-crash-0001',
    ]);
    expect((await place(h(), m, order(), 'order-crash-0001')).msg).toBe(errorKeys.idempotency.inProgress);
    h().clock.advance(idempotencyLeaseMs + 1_000);
    const retry = await place(h(), m, order(), 'order-crash-0001');
    expect(retry).toMatchObject({ status: 1, data: { orderNo: first.data.orderNo } });
    expect(retry.headers['idempotent-replay']).toBe('true');
    const list = await h().call<{ total: number }>('trade/list', { tab: 'holding' }, m.headers);
    expect(list.data.total).toBe(1);
    await expectReconciled(h());
  });

  it('adds margin to a holding position (a positive whole number of yen), which moves its margin-call price', async () => {
    const m = await fundedMember(h());
    const placed = await place(h(), m, order({ leverage: 5 }));
    const bad = await h().call('trade/addMargin', { orderNo: placed.data.orderNo, amount: '10.5' }, m.headers);
    expect(bad.msg).toBe('errors.trade.marginAmount');
    const added = await h().call<PositionWire>(
      'trade/addMargin',
      { orderNo: placed.data.orderNo, amount: '5000' },
      m.headers,
    );
    expect(added.data.addedMargin).toBe('5000');
    expect(d(added.data.marginCallPrice as string).lt(placed.data.marginCallPrice as string)).toBe(true);
    expect((await books(h(), m)).margin).toBe(d(placed.data.margin).plus(5000).toFixed());
    await expectReconciled(h());
  });

  it('a member barred from trading or frozen can neither open nor close; a halted stock takes no order', async () => {
    const m = await fundedMember(h());
    const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    const placed = await place(h(), m, order());
    const [row] = await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [m.account]);
    await h().call(
      'admin/members/restrict',
      { memberId: row?.id, kind: 'no_trading', reason: 'compliance check' },
      staff,
    );
    expect((await place(h(), m, order())).msg).toBe('errors.restriction.noTrading');
    expect((await h().call('trade/close', { orderNo: placed.data.orderNo }, m.headers)).msg).toBe(
      'errors.restriction.noTrading',
    );
    await h().call('admin/members/lift', { memberId: row?.id, kind: 'no_trading', reason: 'cleared' }, staff);
    await h().call('admin/market/halt', { symbol: '6758', reason: 'pending news' }, staff);
    const halted = await place(h(), m, order({ symbol: '6758' }));
    expect([halted.http, halted.msg]).toEqual([409, 'errors.market.halted']);
    await h().call('admin/market/resume', { symbol: '6758', reason: 'news out' }, staff);
  });
});
