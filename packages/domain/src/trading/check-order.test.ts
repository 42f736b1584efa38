import { describe, expect, it } from 'vitest';
import { checkOrder, statusRefusal, type OrderFacts, type OrderMarket } from './check-order.ts';

// Toyota on the TOPIX500 table: 0.5-yen ticks between 1,000 and 3,000 yen.
const market: OrderMarket = {
  status: 'listed',
  table: 'topix500',
  limitUp: '3274.5',
  limitDown: '2474.5',
  bid: '2874',
  ask: '2874.5',
  last: '2874.5',
};
const terms = { leverages: [1, 2, 5] };
const order = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  side: 'long',
  type: 'market',
  shares: '100',
  leverage: 1,
  limitPrice: null,
  stopLoss: null,
  takeProfit: null,
  ...over,
});

describe('one order check for the server and the ticket (issue 24 §4)', () => {
  it('opens a market long at the ask and a market short at the bid', () => {
    expect(checkOrder(order(), market, terms)).toMatchObject({ ok: { price: '2874.5', fillsNow: true } });
    expect(checkOrder(order({ side: 'short' }), market, terms)).toMatchObject({
      ok: { price: '2874', fillsNow: true },
    });
  });

  it('rests a limit below the ask at its own price, stored as read; a limit the ask already meets fills at the ask', () => {
    expect(checkOrder(order({ type: 'limit', limitPrice: '2700.0' }), market, terms)).toMatchObject({
      ok: { price: '2700', fillsNow: false, limitPrice: '2700' },
    });
    expect(checkOrder(order({ type: 'limit', limitPrice: '2900' }), market, terms)).toMatchObject({
      ok: { price: '2874.5', fillsNow: true },
    });
  });

  it('refuses in the order a member would fix them: status, quantity, leverage, limit price', () => {
    expect(checkOrder(order({ shares: '150' }), { ...market, status: 'halted' }, terms)).toEqual({
      refused: 'halted',
      field: null,
    });
    expect(checkOrder(order({ shares: '150', leverage: 3 }), market, terms)).toEqual({
      refused: 'quantityUnit',
      field: 'quantity',
    });
    expect(checkOrder(order({ leverage: 3 }), market, terms)).toEqual({
      refused: 'leverageNotAllowed',
      field: 'leverage',
    });
    expect(checkOrder(order({ type: 'limit' }), market, terms)).toEqual({
      refused: 'limitPriceRequired',
      field: 'limitPrice',
    });
    expect(checkOrder(order({ type: 'limit', limitPrice: '2700.3' }), market, terms)).toEqual({
      refused: 'priceOffGrid',
      field: 'limitPrice',
    });
    expect(checkOrder(order({ type: 'limit', limitPrice: '3300' }), market, terms)).toEqual({
      refused: 'exceedsPriceLimit',
      field: 'limitPrice',
    });
  });

  it('takes no long at market into a limit-up stock, and no short into a limit-down one', () => {
    const up = { ...market, last: '3274.5', bid: '3274.5', ask: '3274.5' };
    expect(checkOrder(order(), up, terms)).toEqual({ refused: 'exceedsPriceLimit', field: null });
    expect(checkOrder(order({ side: 'short' }), up, terms)).toMatchObject({ ok: { fillsNow: true } });
  });

  it('checks stop-loss and take-profit on the grid and on their sides of the price the order opens at', () => {
    expect(checkOrder(order({ stopLoss: '2800.3' }), market, terms)).toEqual({
      refused: 'priceOffGrid',
      field: 'stopLoss',
    });
    expect(checkOrder(order({ stopLoss: '2900' }), market, terms)).toEqual({
      refused: 'stopLossSide',
      field: 'stopLoss',
    });
    expect(checkOrder(order({ side: 'short', takeProfit: '2900' }), market, terms)).toEqual({
      refused: 'takeProfitSide',
      field: 'takeProfit',
    });
    // Against the fill price, not the last trade: a short's stop at the ask is above the bid it opens at.
    expect(checkOrder(order({ side: 'short', stopLoss: '2874.5' }), market, terms)).toMatchObject({
      ok: { stopLoss: '2874.5' },
    });
    expect(checkOrder(order({ takeProfit: '0' }), market, terms)).toEqual({
      refused: 'takeProfitSide',
      field: 'takeProfit',
    });
  });

  it('reads a stock’s status: unknown and delisted take nothing, halted waits', () => {
    expect([statusRefusal(null), statusRefusal('delisted'), statusRefusal('halted'), statusRefusal('listed')]).toEqual([
      'productUnavailable',
      'productUnavailable',
      'halted',
      null,
    ]);
  });

  it('outside the session (issue 26): a market order is refused; a limit rests at its own price even when it crosses', () => {
    expect(checkOrder(order(), market, terms, 'queued')).toEqual({ refused: 'limitOnlyOutsideHours', field: null });
    expect(checkOrder(order({ type: 'limit', limitPrice: '2900' }), market, terms, 'queued')).toMatchObject({
      ok: { price: '2900', fillsNow: false, limitPrice: '2900' },
    });
    expect(checkOrder(order({ type: 'limit', limitPrice: '3300' }), market, terms, 'queued')).toMatchObject({
      refused: 'exceedsPriceLimit',
    });
  });
});
