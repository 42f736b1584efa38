import { z } from 'zod';
import { publicCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { pageFields } from '../fields.ts';
import { errorKeys } from '../errors.ts';
import { candlePeriodField, candleSchema, depthSchema, priceSourceSchema, quoteSchema, symbolField } from './fields.ts';

// The orders of `@kabuto/domain/market/ranking` (the server passes the sort to it, so a mismatch does not compile):
// `gainers` / `losers` are rankings cut at zero change; `changeDesc` / `changeAsc` sort every stock by its change.
export const stockListSorts = ['code', 'gainers', 'losers', 'turnover', 'changeDesc', 'changeAsc'] as const;

export const stockListCall = defineCall({
  policy: publicCall,
  path: 'market/stockList',
  summary:
    'Listed stocks, or a ranking (gainers: only rises; losers: only falls; turnover), a page at a time; delisted stocks are left out',
  request: z.object({
    sort: z.enum(stockListSorts, { error: errorKeys.request.invalid }).default('code'),
    ...pageFields,
  }),
  response: z.object({ items: z.array(quoteSchema), total: z.number().int(), source: priceSourceSchema }),
});

export const stockDetailCall = defineCall({
  policy: publicCall,
  path: 'market/detail',
  summary: 'One stock: latest figures, limits, tick size, five levels of depth, status and source',
  request: z.object({ symbol: symbolField }),
  response: quoteSchema.extend({ depth: depthSchema }),
});

/** The most candles one chart request gets: the chart's window, which the server's retention job keeps stored. */
export const candleRequestMax = 1000;

export const candlesCall = defineCall({
  policy: publicCall,
  path: 'market/candles',
  summary: 'Candles of one stock and period, oldest first (back-filled history, then the live feed)',
  request: z.object({
    symbol: symbolField,
    period: candlePeriodField,
    limit: z.number().int().min(1).max(candleRequestMax).default(300),
  }),
  response: z.object({
    symbol: z.string(),
    period: z.string(),
    source: priceSourceSchema,
    candles: z.array(candleSchema),
  }),
});
