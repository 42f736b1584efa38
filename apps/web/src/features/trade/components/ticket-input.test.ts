import { describe, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import {
  affordableShares,
  checkTicket,
  inputKeys,
  quantityIn,
  sharesOf,
  stepLimitPrice,
  stepShares,
  type TicketInput,
} from './ticket-input.ts';

const market = {
  table: 'topix500' as const,
  limitUp: '3700',
  limitDown: '2500',
  bid: '3099',
  ask: '3100',
  last: '3100',
  leverages: null,
};
const input = (over: Partial<TicketInput> = {}): TicketInput => ({
  symbol: '7203',
  side: 'long',
  type: 'market',
  unit: 'shares',
  quantity: '100',
  limitPrice: '',
  leverage: 2,
  stopLoss: '',
  takeProfit: '',
  ...over,
});

describe('the ticket quantity (SPEC §5: units of 100 shares, 1 lot = 1,000 shares)', () => {
  it('reads shares or lots into shares, refusing what is not whole units', () => {
    expect(sharesOf('shares', '300')).toBe('300');
    expect(sharesOf('shares', '150')).toBeNull();
    expect(sharesOf('lots', '1.5')).toBe('1500');
    expect(sharesOf('lots', '0.05')).toBeNull();
    expect(sharesOf('shares', '')).toBeNull();
    expect(quantityIn('lots', '100')).toBe('0.1');
  });

  it('steps by one unit of 100 shares in either unit, never below one unit', () => {
    expect(stepShares('shares', '100', 'up')).toBe('200');
    expect(stepShares('shares', '100', 'down')).toBe('100');
    expect(stepShares('shares', '150', 'up')).toBe('200');
    expect(stepShares('shares', '150', 'down')).toBe('100');
    expect(stepShares('lots', '1', 'up')).toBe('1.1');
    expect(stepShares('lots', '0.1', 'down')).toBe('0.1');
    expect(stepShares('shares', '', 'up')).toBe('100');
  });
});

describe('the limit price − / + (TSE tick sizes, within the day’s limits)', () => {
  it('steps one tick, taking the coarser tick above a band boundary', () => {
    expect(stepLimitPrice('3100', 'up', market)).toBe('3101.00');
    expect(stepLimitPrice('3000', 'up', market)).toBe('3001.00');
    expect(stepLimitPrice('3000', 'down', market)).toBe('2999.50');
  });

  it('goes to the grid from an off-grid price and stops at the day’s limits', () => {
    expect(stepLimitPrice('3100.3', 'up', market)).toBe('3101.00');
    expect(stepLimitPrice('3100.3', 'down', market)).toBe('3100.00');
    expect(stepLimitPrice('3700', 'up', market)).toBe('3700.00');
    expect(stepLimitPrice('2500', 'down', market)).toBe('2500.00');
    expect(stepLimitPrice('', 'up', market)).toBe('2500.00');
  });
});

describe('the ticket’s own checks (the server’s keys, before anything is sent)', () => {
  it('builds the order in shares from lots', () => {
    const { order, problem } = checkTicket(input({ unit: 'lots', quantity: '1' }), market);
    expect(problem).toBeNull();
    expect(order).toEqual({
      symbol: '7203',
      side: 'long',
      type: 'market',
      quantity: '1000',
      leverage: 2,
      price: null,
      stopLoss: null,
      takeProfit: null,
    });
  });

  it('refuses a quantity that is not whole units, or too large', () => {
    expect(checkTicket(input({ quantity: '150' }), market).problem).toBe(errorKeys.trade.quantityUnit);
    expect(checkTicket(input({ quantity: '20000000' }), market).field).toBe('quantity');
    expect(checkTicket(input({ quantity: '20000000' }), market).problem).toBe(errorKeys.trade.quantityTooLarge);
  });

  it('needs a limit price on the grid within the day’s limits', () => {
    expect(checkTicket(input({ type: 'limit' }), market).problem).toBe(errorKeys.trade.limitPriceRequired);
    expect(checkTicket(input({ type: 'limit', limitPrice: '3100.3' }), market).problem).toBe(
      errorKeys.trade.priceOffGrid,
    );
    expect(checkTicket(input({ type: 'limit', limitPrice: '3800' }), market).problem).toBe(
      errorKeys.trade.exceedsPriceLimit,
    );
    expect(checkTicket(input({ type: 'limit', limitPrice: '2600' }), market).order?.price).toBe('2600');
  });

  it('puts a long’s stop-loss below and take-profit above the price it opens at (a short the other way)', () => {
    expect(checkTicket(input({ stopLoss: '3200' }), market).problem).toBe(errorKeys.trade.stopLossSide);
    expect(checkTicket(input({ takeProfit: '3000' }), market).problem).toBe(errorKeys.trade.takeProfitSide);
    expect(checkTicket(input({ side: 'short', stopLoss: '3000' }), market).problem).toBe(errorKeys.trade.stopLossSide);
    const ok = checkTicket(input({ stopLoss: '3000', takeProfit: '3300' }), market);
    expect(ok.order).toMatchObject({ stopLoss: '3000', takeProfit: '3300' });
    // A limit order's levels are judged against its limit price.
    expect(checkTicket(input({ type: 'limit', limitPrice: '2600', stopLoss: '2700' }), market).field).toBe('stopLoss');
  });

  it('refuses a leverage the previewed terms do not offer, with the server’s key (the same checkOrder)', () => {
    expect(checkTicket(input({ leverage: 3 }), { ...market, leverages: [1, 2, 5] })).toEqual({
      order: null,
      problem: errorKeys.trade.leverageNotAllowed,
      field: null,
    });
    expect(checkTicket(input({ leverage: 3 }), market).problem).toBeNull();
  });

  it('waits for the stock’s figures before judging prices', () => {
    expect(checkTicket(input(), null)).toEqual({ order: null, problem: null, field: null });
  });
});

describe('figures typed with a Japanese keyboard or pasted', () => {
  it('reads full-width digits in the quantity and prices', () => {
    expect(sharesOf('shares', '１００')).toBe('100');
    const { order } = checkTicket(
      input({ quantity: '１，０００', type: 'limit', limitPrice: '２６００．５', stopLoss: '２５００' }),
      market,
    );
    expect(order).toMatchObject({ quantity: '1000', price: '2600.5', stopLoss: '2500' });
  });

  it('refuses a quantity whose commas are not thousands separators, saying it cannot read it', () => {
    expect(checkTicket(input({ quantity: '1,00' }), market)).toEqual({
      order: null,
      problem: inputKeys.unreadable,
      field: 'quantity',
    });
  });

  it('refuses a price with a third decimal instead of cutting it off', () => {
    const check = checkTicket(input({ type: 'limit', limitPrice: '2600.505' }), market);
    expect(check).toEqual({ order: null, problem: inputKeys.priceDecimals, field: 'limitPrice' });
  });

  it('refuses a stop-loss with two points', () => {
    expect(checkTicket(input({ stopLoss: '1.2.3' }), market)).toEqual({
      order: null,
      problem: inputKeys.unreadable,
      field: 'stopLoss',
    });
  });

  it('steps from a full-width figure', () => {
    expect(stepShares('shares', '２００', 'up')).toBe('300');
    expect(stepLimitPrice('３１００', 'up', market)).toBe('3101.00');
  });
});

describe('the most the member can afford (whole units of 100 shares, from the preview’s figures)', () => {
  it('divides what is available by the cost of each 100 shares, rounding down to a unit', () => {
    // 200 shares cost ¥300,650: ¥150,325 per 100; ¥900,000 pays for 5 units.
    expect(affordableShares({ cost: '300650', quantity: '200', available: '900000' })).toBe('500');
  });

  it('answers 0 when the funds do not cover one unit', () => {
    expect(affordableShares({ cost: '150325', quantity: '100', available: '150324.99' })).toBe('0');
    expect(affordableShares({ cost: '150325', quantity: '100', available: '-10' })).toBe('0');
  });

  it('gives nothing when the figures have no cost per unit', () => {
    expect(affordableShares({ cost: '0', quantity: '100', available: '900000' })).toBeNull();
  });
});
