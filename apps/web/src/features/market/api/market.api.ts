import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { candlesCall, stockDetailCall, stockListCall } from '@kabuto/contracts/market/quotes';
import type { searchCall, searchHistoryCall, searchHistoryClearCall } from '@kabuto/contracts/market/search';
import type { marketStatusCall } from '@kabuto/contracts/market/status';
import type { optionalListCall, watchlistAddCall, watchlistRemoveCall } from '@kabuto/contracts/market/watchlist';
import type { CandlePeriodName } from '@kabuto/contracts/market/fields';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const statusRef = callRef<typeof marketStatusCall>('market/status');
const stockListRef = callRef<typeof stockListCall>('market/stockList');
const detailRef = callRef<typeof stockDetailCall>('market/detail');
const candlesRef = callRef<typeof candlesCall>('market/candles');
const searchRef = callRef<typeof searchCall>('market/search');
const searchHistoryRef = callRef<typeof searchHistoryCall>('market/searchHistory');
const searchHistoryClearRef = callRef<typeof searchHistoryClearCall>('market/searchHistory/clear');
const watchlistRef = callRef<typeof optionalListCall>('user/Optionallist');
const watchlistAddRef = callRef<typeof watchlistAddCall>('user/Optionallist/add');
const watchlistRemoveRef = callRef<typeof watchlistRemoveCall>('user/Optionallist/remove');

export type MarketStatus = ResponseOf<typeof marketStatusCall>;
export type StockListSort = NonNullable<RequestOf<typeof stockListCall>['sort']>;
export type StockPage = ResponseOf<typeof stockListCall>;
export type StockDetail = ResponseOf<typeof stockDetailCall>;
export type CandleSeries = ResponseOf<typeof candlesCall>;
export type SearchResults = ResponseOf<typeof searchCall>;
export type SearchHistory = ResponseOf<typeof searchHistoryCall>;
export type Watchlist = ResponseOf<typeof optionalListCall>;

/** Query keys start with the call's path, so invalidating a path refreshes every screen that shows it. */
export const marketKeys = {
  status: [statusRef.path] as const,
  stockList: (sort: StockListSort, page: number) => [stockListRef.path, sort, page] as const,
  stockLists: [stockListRef.path] as const,
  detail: (symbol: string) => [detailRef.path, symbol] as const,
  candles: (symbol: string, period: CandlePeriodName) => [candlesRef.path, symbol, period] as const,
  search: (q: string) => [searchRef.path, q] as const,
  searchHistory: [searchHistoryRef.path] as const,
  watchlist: [watchlistRef.path] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchMarketStatus = (signal?: AbortSignal) => api.call(statusRef, {}, withSignal(signal));
export const fetchStockList = (sort: StockListSort, page: number, pageSize: number, signal?: AbortSignal) =>
  api.call(stockListRef, { sort, page, pageSize }, withSignal(signal));
export const fetchStockDetail = (symbol: string, signal?: AbortSignal) =>
  api.call(detailRef, { symbol }, withSignal(signal));
export const fetchCandles = (symbol: string, period: CandlePeriodName, signal?: AbortSignal) =>
  api.call(candlesRef, { symbol, period, limit: 300 }, withSignal(signal));
/** Results as the member types; `remember` when they searched on purpose (pressed search, opened a result). */
export const searchStocks = (q: string, signal?: AbortSignal) => api.call(searchRef, { q }, withSignal(signal));
export const rememberSearch = (q: string) => api.call(searchRef, { q, remember: true });
export const fetchSearchHistory = (signal?: AbortSignal) => api.call(searchHistoryRef, {}, withSignal(signal));
export const clearSearchHistory = () => api.call(searchHistoryClearRef, {});
/** SPEC §7: `{exchange, type}` with type `jpy`. */
export const fetchWatchlist = (signal?: AbortSignal) =>
  api.call(watchlistRef, { exchange: '', type: 'jpy' }, withSignal(signal));
export const addToWatchlist = (symbol: string) => api.call(watchlistAddRef, { symbol });
export const removeFromWatchlist = (symbol: string) => api.call(watchlistRemoveRef, { symbol });
