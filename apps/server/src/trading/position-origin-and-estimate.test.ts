import { expect, it } from 'vitest';
import { Decimal } from '@kabuto/domain/money';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase } from '../test/harness.ts';
import { books, expectReconciled, fundedMember, order, place, preview } from './trade-fixtures.ts';

const d = (v: string) => new Decimal(v);

const detailOf = (h: Parameters<typeof place>[0], m: Parameters<typeof place>[1], orderNo: string) =>
  h.call<PositionWire>('trade/detail', { orderNo }, m.headers);

describeEachDatabase('positions carry their origin and a close estimate (issue 24)', (h) => {
  it('an order’s position is of origin “order”; the database keeps the five origins and refuses others', async () => {
    const m = await fundedMember(h());
    const placed = await place(h(), m, order());
    expect(placed.data.origin).toBe('order');
    await h().db.query(`UPDATE trade_positions SET origin = 'ipo' WHERE order_no = $1`, [placed.data.orderNo]);
    expect((await detailOf(h(), m, placed.data.orderNo)).data.origin).toBe('ipo');
    const listed = await h().call<{ items: PositionWire[] }>('trade/list', { tab: 'holding' }, m.headers);
    expect(listed.data.items.map((p) => [p.orderNo, p.origin])).toEqual([[placed.data.orderNo, 'ipo']]);
    await expect(
      h().db.query(`UPDATE trade_positions SET origin = 'gift' WHERE order_no = $1`, [placed.data.orderNo]),
    ).rejects.toThrow(/check constraint/i);
  });

  it('the list filters on origin (the product tabs), and refuses an unknown one', async () => {
    const m = await fundedMember(h());
    const placed = await place(h(), m, order());
    await place(h(), m, order({ symbol: '6758' }));
    await h().db.query(`UPDATE trade_positions SET origin = 'copy' WHERE order_no = $1`, [placed.data.orderNo]);
    const copies = await h().call<{ items: PositionWire[]; total: number }>(
      'trade/list',
      { tab: 'holding', origin: 'copy' },
      m.headers,
    );
    expect([copies.http, copies.data.total, copies.data.items.map((p) => p.orderNo)]).toEqual([
      200,
      1,
      [placed.data.orderNo],
    ]);
    const all = await h().call<{ total: number }>('trade/list', { tab: 'holding' }, m.headers);
    expect(all.data.total).toBe(2);
    expect(
      (await h().call<{ total: number }>('trade/list', { tab: 'holding', origin: 'ipo' }, m.headers)).data.total,
    ).toBe(0);
    const bad = await h().call('trade/list', { tab: 'holding', origin: 'gift' }, m.headers);
    expect([bad.http, bad.msg]).toEqual([400, 'errors.request.invalid']);
  });

  it('a long’s estimate at the bid is exactly what closing at that price charges and returns', async () => {
    const m = await fundedMember(h());
    const placed = await place(h(), m, order({ quantity: '1000', leverage: 5 }));
    const touch = h().platform.market.snapshot.touch('7203');
    const held = await detailOf(h(), m, placed.data.orderNo);
    const e = held.data.closeEstimate;
    if (e === null) throw new Error('a holding position with a price has a close estimate');
    expect(e.price).toBe(touch?.bid);
    expect(e.price).toBe(held.data.marketPrice);
    expect(e.grossPnl).toBe(held.data.pnl);
    // Demo terms: 0.1% selling fee and 0.1% stamp duty on the sale, ¥100 minimum fee.
    const notional = d(e.price).times(1000);
    expect(e.sellingFee).toBe(Decimal.max(notional.times('0.001').toDecimalPlaces(0), 100).toFixed());
    expect(e.stampDuty).toBe(notional.times('0.001').toDecimalPlaces(0).toFixed());
    expect(e.otherCharges).toBe(d(e.stampDuty).plus(placed.data.purchaseFee).toFixed());
    expect(e.netResult).toBe(d(e.grossPnl).minus(e.charges).toFixed());
    expect(e.lossBeyondMargin).toBe('0');
    expect(held.data.feeTerms).toEqual({
      purchaseRate: '0.001',
      sellingRate: '0.001',
      stampDutyRate: '0.001',
      minimumFee: '100',
    });

    const before = await books(h(), m);
    const closed = await h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, m.headers);
    expect(closed.data).toMatchObject({
      status: 'closed',
      closePrice: e.price,
      sellingFee: e.sellingFee,
      stampDuty: e.stampDuty,
      netPnl: e.netResult,
      closeEstimate: null,
    });
    const after = await books(h(), m);
    expect(d(after.available).minus(before.available).toFixed()).toBe(e.toAvailable);
    await expectReconciled(h());
  });

  it('a short is estimated at the ask, and a loss beyond its margin is said and taken from available funds', async () => {
    const m = await fundedMember(h());
    // 500 shares with 5×: what is left available covers the loss beyond the margin (the server's estimate assumes so).
    const placed = await place(h(), m, order({ side: 'short', quantity: '500', leverage: 5 }));
    const touch = h().platform.market.snapshot.touch('7203');
    // Opened far lower than the price now: the loss is beyond its 20% margin.
    const openPrice = d(touch?.ask as string)
      .times('0.6')
      .toDecimalPlaces(0)
      .toFixed();
    await h().db.query(`UPDATE trade_positions SET open_price = $2 WHERE order_no = $1`, [
      placed.data.orderNo,
      openPrice,
    ]);
    const held = await detailOf(h(), m, placed.data.orderNo);
    const e = held.data.closeEstimate;
    if (e === null) throw new Error('a holding position with a price has a close estimate');
    expect(e.price).toBe(touch?.ask);
    const beyond = d(e.grossPnl).negated().plus(e.sellingFee).plus(e.stampDuty).minus(held.data.margin);
    expect(d(e.lossBeyondMargin).gt(0)).toBe(true);
    expect(e.lossBeyondMargin).toBe(beyond.toFixed());
    expect(e.toAvailable).toBe(beyond.negated().toFixed());

    const before = await books(h(), m);
    const closed = await h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, m.headers);
    expect(closed.data.netPnl).toBe(e.netResult);
    const after = await books(h(), m);
    expect(d(after.available).minus(before.available).toFixed()).toBe(e.toAvailable);
    await expectReconciled(h());
  });

  it('a pending order has no estimate (a closed one has none either: above)', async () => {
    const m = await fundedMember(h());
    const limitDown = h().platform.market.snapshot.touch('7203')?.quote.limitDown as string;
    const pending = await place(h(), m, order({ type: 'limit', price: limitDown }));
    expect(pending.data).toMatchObject({ status: 'pending', closeEstimate: null, origin: 'order' });
  });
});

describeEachDatabase(
  'stamp duty under the tse profile: none by default, as in Japan (GLOSSARY “Charges in Japan”)',
  (h) => {
    it('the opening terms charge no stamp duty: ticket, terms, estimate and close; staff may still set one', async () => {
      const m = await fundedMember(h());
      const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
      const settings = await h().call<{ terms: { stampDutyRate: string } }>('admin/trade/settings', {}, staff);
      expect(settings.data.terms.stampDutyRate).toBe('0');
      expect((await preview(h(), m, order({ quantity: '200' }))).data.stampDuty).toBe('0');

      const placed = await place(h(), m, order({ quantity: '200' }));
      expect(placed.msg).toBe('success.purchase');
      expect(placed.data.feeTerms.stampDutyRate).toBe('0');
      expect(placed.data.closeEstimate?.stampDuty).toBe('0');
      const closed = await h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, m.headers);
      expect(closed.data.stampDuty).toBe('0');

      const saved = await h().call<{ terms: { stampDutyRate: string } }>(
        'admin/trade/settings/save',
        {
          purchaseRate: '0.001',
          sellingRate: '0.001',
          stampDutyRate: '0.002',
          minimumFee: '100',
          leverages: [1, 2, 3, 5],
          maintenanceRatio: '0.5',
          longAnnualRate: '0.028',
          shortAnnualRate: '0.0115',
          reason: 'a duty set by staff',
        },
        staff,
      );
      expect(saved.data.terms.stampDutyRate).toBe('0.002');
      const taxed = await place(h(), m, order({ quantity: '200' }));
      expect(taxed.data.feeTerms.stampDutyRate).toBe('0.002');
      const e = taxed.data.closeEstimate;
      expect(e?.stampDuty).toBe(
        d(e?.price as string)
          .times(200)
          .times('0.002')
          .toDecimalPlaces(0)
          .toFixed(),
      );
      await expectReconciled(h());
    });
  },
  { marketProfile: 'tse' },
);
