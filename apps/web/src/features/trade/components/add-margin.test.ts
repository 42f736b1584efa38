import { describe, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { marginCallPrice } from '@kabuto/domain/trading/margin';
import { callPriceAfterAdding, checkMarginAmount } from './add-margin.ts';
import { inputKeys } from './ticket-input.ts';

describe('the amount typed in "Add margin"', () => {
  it('refuses a pasted "10,000.50" instead of reading ¥1,000,050', () => {
    expect(checkMarginAmount('10,000.50', '5000000')).toEqual({ amount: null, problem: { key: inputKeys.wholeYen } });
  });

  it('reads full-width digits and thousands commas', () => {
    expect(checkMarginAmount('１０，０００', '5000000')).toEqual({ amount: '10000', problem: null });
    expect(checkMarginAmount('10,000', '5000000')).toEqual({ amount: '10000', problem: null });
  });

  it('refuses what it cannot read exactly', () => {
    expect(checkMarginAmount('1,00', '5000000').problem).toEqual({ key: inputKeys.unreadable });
    expect(checkMarginAmount('10000円', '5000000').problem).toEqual({ key: inputKeys.unreadable });
  });

  it('refuses zero, as the server does', () => {
    expect(checkMarginAmount('0', '5000000').problem).toEqual({ key: errorKeys.trade.marginAmount });
  });

  it('refuses more than the member has available, naming what is available, before anything is sent', () => {
    expect(checkMarginAmount('10001', '10000.00')).toEqual({
      amount: null,
      problem: { key: 'trade.addMargin.overAvailable', available: '10000.00' },
    });
    expect(checkMarginAmount('10000', '10000.00')).toEqual({ amount: '10000', problem: null });
  });

  it('takes the amount while the available funds are still loading (the server checks them again)', () => {
    expect(checkMarginAmount('10000', null)).toEqual({ amount: '10000', problem: null });
  });

  it('answers an empty field with neither amount nor problem', () => {
    expect(checkMarginAmount('', '5000')).toEqual({ amount: null, problem: null });
  });
});

describe('the margin-call price after adding margin', () => {
  const long = {
    side: 'long' as const,
    openPrice: '3000',
    quantity: '100',
    margin: '150000',
    addedMargin: '0',
    maintenanceRatio: '0.5',
  };

  it('moves a long’s call price down by the added yen per share', () => {
    // Before: 3000 − (150000 − 75000) / 100 = 2250; after ¥10,000 more: 2150.
    expect(callPriceAfterAdding(long, '10000')).toBe('2150.00');
    expect(
      marginCallPrice({ ...long, entry: long.openPrice, shares: long.quantity, addedMargin: '10000' }).toFixed(2),
    ).toBe('2150.00');
  });

  it('moves a short’s call price up, counting margin added before', () => {
    expect(callPriceAfterAdding({ ...long, side: 'short', addedMargin: '5000' }, '5000')).toBe('3850.00');
  });

  it('is not shown for an order that has not opened', () => {
    expect(callPriceAfterAdding({ ...long, openPrice: null }, '10000')).toBeNull();
  });
});
