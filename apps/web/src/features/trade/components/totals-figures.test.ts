import { describe, expect, it } from 'vitest';
import { totalsFigures } from './totals-figures.ts';
import type { TradeTotals } from '../api/trade.api.ts';

const totals = (over: Partial<TradeTotals> = {}): TradeTotals => ({
  currency: 'JPY',
  unrealised: '-400',
  margin: '160000',
  available: '740000',
  openCount: 2,
  positions: [
    // long 100 @ 3,000 valued at the bid 2,999: −100
    { orderNo: 'L', symbol: '7203', side: 'long', status: 'holding', openPrice: '3000', quantity: '100', pnl: '-100' },
    // short 100 @ 13,000 valued at the ask 13,003: −300
    {
      orderNo: 'S',
      symbol: '6758',
      side: 'short',
      status: 'holding',
      openPrice: '13000',
      quantity: '100',
      pnl: '-300',
    },
  ],
  ...over,
});

describe('the positions totals card’s figures (issue 27)', () => {
  it('are the server’s own until a book moves', () => {
    expect(totalsFigures(totals(), {})).toEqual({
      unrealised: '-400',
      unrealisedPercent: '-0.25',
      margin: '160000',
      available: '740000',
      openCount: 2,
      basis: 'served',
    });
  });

  it('move with the closing side of the live book, stock by stock, as the cards do', () => {
    // long now at the bid 3,012: +1,200; short unchanged: −300
    const f = totalsFigures(totals(), { '7203': { bid: '3012', ask: '3013' } });
    expect([f.unrealised, f.unrealisedPercent, f.basis]).toEqual(['900', '0.56', 'live']);
    // the short at the new ask 12,990: +1,000
    const g = totalsFigures(totals(), { '7203': { bid: '3012', ask: '3013' }, '6758': { bid: '12980', ask: '12990' } });
    expect(g.unrealised).toBe('2200');
  });

  it('ignore a book of a stock the member holds no position in, and have no percent without margin', () => {
    const f = totalsFigures(totals({ unrealised: '0', margin: '0', openCount: 0, positions: [] }), {
      '7203': { bid: '1', ask: '2' },
    });
    expect([f.unrealised, f.unrealisedPercent, f.basis]).toEqual(['0', null, 'served']);
  });
});
