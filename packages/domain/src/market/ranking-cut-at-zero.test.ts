import { describe, expect, it } from 'vitest';
import { compareDecimals, rankQuotes, type Rankable } from './ranking.ts';

const q = (symbol: string, changePercent: string, turnover = '0'): Rankable => ({ symbol, changePercent, turnover });
const symbols = (list: readonly Rankable[]) => list.map((x) => x.symbol);

const market = [
  q('1001', '1.50', '900000'),
  q('1002', '-0.40', '12000000'),
  q('1003', '0.00', '5'),
  q('1004', '10.00', '12000000.5'),
  q('1005', '-3.25', '0'),
  q('1006', '1.50', '100'),
  q('1007', '-0.00', '99999999'),
];

describe('rankings: gainers stop at zero, losers start below it (issue 16 §3.4)', () => {
  it('lists only the stocks that rose, the biggest rise first, ties by code', () => {
    expect(symbols(rankQuotes(market, 'gainers'))).toEqual(['1004', '1001', '1006']);
  });

  it('lists only the stocks that fell, the biggest fall first', () => {
    expect(symbols(rankQuotes(market, 'losers'))).toEqual(['1005', '1002']);
  });

  it('keeps every stock when sorting the whole market by change, either way', () => {
    expect(symbols(rankQuotes(market, 'changeDesc'))).toEqual(['1004', '1001', '1006', '1003', '1007', '1002', '1005']);
    expect(symbols(rankQuotes(market, 'changeAsc'))).toEqual(['1005', '1002', '1003', '1007', '1001', '1006', '1004']);
  });

  it('ranks turnover largest first and code in code order', () => {
    expect(symbols(rankQuotes(market, 'turnover'))).toEqual(['1007', '1004', '1002', '1001', '1006', '1003', '1005']);
    expect(symbols(rankQuotes([...market].reverse(), 'code'))).toEqual(symbols(market));
  });

  it('re-ranks figures that moved since the list was fetched, and drops a gainer that fell to zero', () => {
    const fetched = rankQuotes(market, 'gainers');
    const live = fetched.map((x) =>
      x.symbol === '1006'
        ? { ...x, changePercent: '12.00' }
        : x.symbol === '1001'
          ? { ...x, changePercent: '0.00' }
          : x,
    );
    expect(symbols(rankQuotes(live, 'gainers'))).toEqual(['1006', '1004']);
    expect(symbols(fetched)).toEqual(['1004', '1001', '1006']);
  });
});

describe('decimal strings compared on their digits', () => {
  it('orders by sign, then length, then digits, without floating point', () => {
    expect(compareDecimals('10', '9.99')).toBe(1);
    expect(compareDecimals('-10', '-9.99')).toBe(-1);
    expect(compareDecimals('0.1', '0.10')).toBe(0);
    expect(compareDecimals('-0.00', '0')).toBe(0);
    expect(compareDecimals('0.000000000000000001', '0')).toBe(1);
    expect(compareDecimals('12345678901234567890.01', '12345678901234567890.001')).toBe(1);
    expect(compareDecimals('007', '7.0')).toBe(0);
    expect(compareDecimals('+2', '-3')).toBe(1);
  });
});
