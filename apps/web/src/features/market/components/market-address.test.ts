import { describe, expect, it } from 'vitest';
import { marketTabFrom, nextListSort, pageCount, rankingSortFrom, sortButtonOf } from './market-address.ts';

describe('tabs and sorts chosen from the address', () => {
  it('opens the watchlist tab only for ?tab=watchlist', () => {
    expect(marketTabFrom('watchlist')).toBe('watchlist');
    expect(marketTabFrom('market')).toBe('market');
    expect(marketTabFrom(null)).toBe('market');
    expect(marketTabFrom('WATCHLIST')).toBe('market');
  });

  it('chooses the ranking from ?sort=, gainers otherwise', () => {
    expect(rankingSortFrom('losers')).toBe('losers');
    expect(rankingSortFrom('turnover')).toBe('turnover');
    expect(rankingSortFrom('gainers')).toBe('gainers');
    expect(rankingSortFrom('code')).toBe('gainers');
    expect(rankingSortFrom('<script>')).toBe('gainers');
    expect(rankingSortFrom(null)).toBe('gainers');
  });
});

describe('market tab sort buttons', () => {
  it('flips change between highest and lowest first on repeated taps, keeping every stock (not the rankings)', () => {
    expect(nextListSort('code', 'change')).toBe('changeDesc');
    expect(nextListSort('changeDesc', 'change')).toBe('changeAsc');
    expect(nextListSort('changeAsc', 'change')).toBe('changeDesc');
    expect(nextListSort('turnover', 'change')).toBe('changeDesc');
  });

  it('chooses code or turnover directly', () => {
    expect(nextListSort('changeAsc', 'code')).toBe('code');
    expect(nextListSort('changeDesc', 'turnover')).toBe('turnover');
  });

  it('shows both change orders on the change button', () => {
    expect(sortButtonOf('changeDesc')).toBe('change');
    expect(sortButtonOf('changeAsc')).toBe('change');
    expect(sortButtonOf('code')).toBe('code');
    expect(sortButtonOf('turnover')).toBe('turnover');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(150, 12)).toBe(13);
  });
});
