import { successKeys } from '@kabuto/contracts/errors';
import { marketStatusCall } from '@kabuto/contracts/market/status';
import { candlesCall, stockDetailCall, stockListCall } from '@kabuto/contracts/market/quotes';
import { searchCall, searchHistoryCall, searchHistoryClearCall } from '@kabuto/contracts/market/search';
import { optionalListCall, watchlistAddCall, watchlistRemoveCall } from '@kabuto/contracts/market/watchlist';
import { indexConstituentsCall, indexListCall } from '@kabuto/contracts/gdindex/indices';
import { adminDelistCall, adminHaltCall, adminResumeCall, adminSymbolsCall } from '@kabuto/contracts/admin/market';
import { asStaff, route, type Route } from '../http/public.ts';
import type { MarketService } from './market.service.ts';

export function marketRoutes(s: MarketService): Route[] {
  return [
    route({ call: marketStatusCall, handler: async () => s.status() }),
    route({ call: stockListCall, handler: async ({ body }) => s.list(body) }),
    route({ call: stockDetailCall, handler: async ({ body }) => s.detail(body.symbol) }),
    route({ call: candlesCall, handler: ({ body }) => s.candles(body.symbol, body.period, body.limit) }),
    route({ call: searchCall, handler: ({ body, principal }) => s.search(body.q, principal, body.remember) }),
    route({ call: searchHistoryCall, handler: ({ principal }) => s.searchHistory(principal) }),
    route({ call: searchHistoryClearCall, handler: ({ principal }) => s.clearSearchHistory(principal) }),
    route({ call: optionalListCall, handler: ({ principal }) => s.watchlist(principal) }),
    route({
      call: watchlistAddCall,
      success: successKeys.watchlistAdded,
      handler: ({ principal, body }) => s.watch(principal, body.symbol),
    }),
    route({
      call: watchlistRemoveCall,
      success: successKeys.watchlistRemoved,
      handler: ({ principal, body }) => s.unwatch(principal, body.symbol),
    }),
    route({ call: indexListCall, handler: async () => s.indices() }),
    route({ call: indexConstituentsCall, handler: async ({ body }) => s.constituents(body.code) }),
    route({ call: adminSymbolsCall, handler: ({ body }) => s.adminSymbols(body.onlyRestricted) }),
    route({
      call: adminHaltCall,
      handler: ({ principal, body, requestId }) => s.setStatus(asStaff(principal), 'halt', body, requestId),
    }),
    route({
      call: adminResumeCall,
      handler: ({ principal, body, requestId }) => s.setStatus(asStaff(principal), 'resume', body, requestId),
    }),
    route({
      call: adminDelistCall,
      handler: ({ principal, body, requestId }) => s.setStatus(asStaff(principal), 'delist', body, requestId),
    }),
  ];
}
