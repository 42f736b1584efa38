import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { quoteSchema, symbolField } from './fields.ts';

// SPEC §7 and §9: the watchlist call keeps its exact path and payload; type is always jpy.
export const optionalListCall = defineCall({
  policy: memberCall,
  path: 'user/Optionallist',
  summary: 'SPEC §7: the member’s watchlist; data is a list of items with symbol (and the stock’s figures)',
  request: z.object({
    exchange: z
      .string({ error: errorKeys.request.invalid })
      .trim()
      .max(16, { error: errorKeys.request.invalid })
      .default(''),
    type: z.literal('jpy', { error: errorKeys.request.invalid }),
  }),
  response: z.array(quoteSchema.extend({ addedAt: z.string() })),
});

export const watchlistAddCall = defineCall({
  policy: memberCall,
  path: 'user/Optionallist/add',
  summary: 'Add a stock to the watchlist (adding one already there is not an error)',
  request: z.object({ symbol: symbolField }),
  response: z.object({ symbol: z.string(), onWatchlist: z.boolean() }),
});

export const watchlistRemoveCall = defineCall({
  policy: memberCall,
  path: 'user/Optionallist/remove',
  summary: 'Remove a stock from the watchlist (removing one not there is not an error)',
  request: z.object({ symbol: symbolField }),
  response: z.object({ symbol: z.string(), onWatchlist: z.boolean() }),
});
