import { describe, expect, it } from 'vitest';
import { unrealisedTotal, symbolsToFollow, type OpenPositionMark } from './position-totals.ts';

const mark = (over: Partial<OpenPositionMark> = {}): OpenPositionMark => ({
  orderNo: 'T1',
  symbol: '7203',
  side: 'long',
  status: 'holding',
  openPrice: '3000',
  quantity: '100',
  pnl: '-100',
  ...over,
});

describe('the positions totals (issue 27, 建玉一覧)', () => {
  it('without a newer book is the sum of the served P&Ls, to the yen fraction', () => {
    const marks = [mark({ pnl: '-100.5' }), mark({ orderNo: 'T2', symbol: '6758', pnl: '2500.25' })];
    expect(unrealisedTotal(marks).toFixed()).toBe('2399.75');
  });

  it('values a holding long at the new bid and a holding short at the new ask', () => {
    const marks = [
      mark({ orderNo: 'L', side: 'long', openPrice: '3000', quantity: '100', pnl: '0' }),
      mark({ orderNo: 'S', side: 'short', openPrice: '3000', quantity: '200', pnl: '0' }),
    ];
    // long: (3010 − 3000) × 100 = 1,000; short: (3000 − 3020) × 200 = −4,000
    expect(unrealisedTotal(marks, { '7203': { bid: '3010', ask: '3020' } }).toFixed()).toBe('-3000');
  });

  it('keeps the served P&L of a position being closed and of a stock without a newer book', () => {
    const marks = [
      mark({ orderNo: 'C', status: 'closing', pnl: '700' }),
      mark({ orderNo: 'O', symbol: '6758', pnl: '-50' }),
      mark({ orderNo: 'N', symbol: '9984', pnl: null }),
    ];
    expect(unrealisedTotal(marks, { '7203': { bid: '1', ask: '2' } }).toFixed()).toBe('650');
  });

  it('follows the stocks with the most holding positions first, at most as many as asked', () => {
    const marks = [
      mark({ symbol: '9984' }),
      mark({ symbol: '7203' }),
      mark({ symbol: '7203' }),
      mark({ symbol: '6758', status: 'closing' }),
      mark({ symbol: '1111' }),
    ];
    expect(symbolsToFollow(marks, 2)).toEqual(['7203', '1111']);
    expect(symbolsToFollow(marks, 12)).toEqual(['7203', '1111', '9984']);
  });
});
