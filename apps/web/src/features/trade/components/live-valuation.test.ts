import { describe, expect, it } from 'vitest';
import { holdingPosition } from '../position.fixture.ts';
import { netResultOf, valuationOf } from './live-valuation.ts';

const holding = holdingPosition();

describe('a position’s value, always at the side it would close at', () => {
  it('keeps the server’s price (the bid for a long) until the book moves, with the server’s close estimate', () => {
    const v = valuationOf(holding, undefined, null);
    expect(v).toMatchObject({
      price: '2999',
      marketValue: '299900',
      pnl: '-100',
      pnlPercent: '-0.07',
      basis: 'served',
    });
    // Recomputed with the same domain rule the server used: the figures agree.
    const e = holding.closeEstimate;
    expect(v.close).toEqual({
      price: e?.price,
      grossPnl: e?.grossPnl,
      sellingFee: e?.sellingFee,
      otherCharges: e?.otherCharges,
      netResult: e?.netResult,
      toAvailable: e?.toAvailable,
      lossBeyondMargin: e?.lossBeyondMargin,
      houseAbsorbs: '0',
    });
  });

  it('revalues a long at the live bid, never at the last trade or the ask, and its close estimate moves with it', () => {
    const v = valuationOf(holding, { bid: '3012', ask: '3013' }, null);
    expect(v).toMatchObject({ price: '3012', marketValue: '301200', pnl: '1200', pnlPercent: '0.8', basis: 'live' });
    expect(v.close).toMatchObject({
      price: '3012',
      // 0.1% of ¥301,200
      sellingFee: '301',
      // the purchase fee paid; no stamp duty, no financing yet
      otherCharges: '300',
      netResult: '599',
      toAvailable: '150899',
    });
  });

  it('values a short at the ask, and names its buy-back at the same price', () => {
    const v = valuationOf({ ...holding, side: 'short' }, { bid: '2989', ask: '2990' }, null);
    expect([v.price, v.pnl, v.close?.price, v.close?.sellingFee]).toEqual(['2990', '1000', '2990', '299']);
  });

  it('says what available funds cannot cover of a loss beyond the margin, once they are known', () => {
    const deep = { ...holding, margin: '30000', leverage: 10 };
    const touch = { bid: '2600', ask: '2601' };
    // 100 × (2,600 − 3,000) = −40,000 and a ¥260 fee against ¥30,000 of margin: ¥10,260 beyond it.
    expect(valuationOf(deep, touch, null).close).toMatchObject({
      toAvailable: '-10260',
      lossBeyondMargin: '10260',
      houseAbsorbs: '0',
    });
    expect(valuationOf(deep, touch, '4000').close).toMatchObject({
      toAvailable: '-4000',
      lossBeyondMargin: '10260',
      houseAbsorbs: '6260',
    });
  });

  it('never moves a pending, closing, closed or cancelled order', () => {
    for (const status of ['pending', 'closing', 'closed', 'cancelled'] as const) {
      const v = valuationOf({ ...holding, status }, { bid: '3100', ask: '3101' }, null);
      expect([v.basis, v.price, v.close]).toEqual(['served', '2999', null]);
    }
  });
});

describe('a closed position’s result after every charge', () => {
  it('is its net P&L, with its percent of the original margin', () => {
    expect(netResultOf({ ...holding, status: 'closed', netPnl: '9367' })).toEqual({ pnl: '9367', percent: '6.24' });
    expect(netResultOf({ ...holding, status: 'closed', netPnl: null })).toEqual({ pnl: null, percent: null });
  });
});
