import { describe, expect, it } from 'vitest';
import type { Position } from '../api/trade.api.ts';
import { valuationOf } from './live-valuation.ts';

const holding: Position = {
  orderNo: 'T1',
  symbol: '7203',
  names: { jp: 'トヨタ自動車', en: 'Toyota Motor', tw: '豐田汽車' },
  side: 'long',
  type: 'market',
  status: 'holding',
  quantity: '100',
  lots: '0.1',
  leverage: 2,
  limitPrice: null,
  stopLoss: null,
  takeProfit: null,
  held: '0',
  openPrice: '3000',
  openedAt: '2026-11-25T01:00:00.000Z',
  closePrice: null,
  closedAt: null,
  closeReason: null,
  margin: '150000',
  addedMargin: '0',
  purchaseFee: '300',
  sellingFee: '0',
  stampDuty: '0',
  financing: '0',
  marketPrice: '2999',
  marketValue: '299900',
  pnl: '-100',
  pnlPercent: '-0.07',
  netPnl: '-400',
  marginCallPrice: '2250',
  maintenanceRatio: '0.5',
  saleRules: [],
  createdAt: '2026-11-25T01:00:00.000Z',
};

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
