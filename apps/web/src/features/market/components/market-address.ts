import type { StockListSort } from '../api/market.api.ts';

/** The two tabs of /market/market (SPEC §2: stock market and watchlist). */
export type MarketTab = 'market' | 'watchlist';
export const marketTabs: readonly MarketTab[] = ['market', 'watchlist'];

/** `?tab=watchlist` opens the watchlist (the home shortcut links there); anything else opens the market. */
export function marketTabFrom(param: string | null): MarketTab {
  return param === 'watchlist' ? 'watchlist' : 'market';
}

/** The three rankings of /market/stockHot/stockList (issue 7: gainers, losers, turnover). */
export type RankingSort = Extract<StockListSort, 'gainers' | 'losers' | 'turnover'>;
export const rankingSorts: readonly RankingSort[] = ['gainers', 'losers', 'turnover'];

/** `?sort=` may choose the ranking; an unknown or missing value shows gainers. */
export function rankingSortFrom(param: string | null): RankingSort {
  return rankingSorts.find((sort) => sort === param) ?? 'gainers';
}

/** The sort buttons of the market tab: by code, by change, by turnover. */
export type SortButton = 'code' | 'change' | 'turnover';

export function sortButtonOf(sort: StockListSort): SortButton {
  return sort === 'code' || sort === 'turnover' ? sort : 'change';
}

/**
 * Tapping "change" again flips between highest and lowest first; the other buttons choose their own order. The market
 * list sorts every stock by change (`changeDesc` / `changeAsc`): `gainers` and `losers` are rankings, cut at zero.
 */
export function nextListSort(current: StockListSort, tapped: SortButton): StockListSort {
  if (tapped !== 'change') return tapped;
  return current === 'changeDesc' ? 'changeAsc' : 'changeDesc';
}

/** Pages of at most `pageSize` rows: how many there are for `total` rows (at least one, so "1 / 1" reads right). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
