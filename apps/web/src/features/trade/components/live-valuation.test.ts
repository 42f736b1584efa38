import { describe, expect, it } from 'vitest';
import { holdingPosition } from '../position.fixture.ts';
import { valuationOf } from './live-valuation.ts';

const holding = holdingPosition();

describe('a position card’s live value', () => {
  it('keeps the server’s figures (at the closing side’s price) until a quote arrives', () => {
    expect(valuationOf(holding, undefined)).toEqual({
      price: '2999',
      marketValue: '299900',
      pnl: '-100',
      pnlPercent: '-0.07',
      basis: 'close',
    });
  });

  it('revalues a long at the last traded price: P&L over the original margin', () => {
    expect(valuationOf(holding, '3012.5')).toEqual({
      price: '3012.5',
      marketValue: '301250',
      pnl: '1250',
      pnlPercent: '0.83',
      basis: 'last',
    });
  });

  it('gains on a short when the price falls', () => {
    expect(valuationOf({ ...holding, side: 'short' }, '2990').pnl).toBe('1000');
  });

  it('never moves a pending, closed or cancelled order', () => {
    for (const status of ['pending', 'closing', 'closed', 'cancelled'] as const)
      expect(valuationOf({ ...holding, status }, '3100').basis).toBe('close');
  });
});
