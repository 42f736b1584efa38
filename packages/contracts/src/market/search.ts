import { z } from 'zod';
import { memberCall, publicCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { quoteSchema } from './fields.ts';

export const searchCall = defineCall({
  policy: publicCall,
  path: 'market/search',
  summary:
    'Stocks by code or by name in Japanese, English or Traditional Chinese; a signed-in member’s query joins their history when `remember` is set',
  request: z.object({
    q: z
      .string({ error: errorKeys.request.invalid })
      .trim()
      .min(1, { error: errorKeys.request.invalid })
      .max(64, { error: errorKeys.request.invalid }),
    /** The member searched on purpose (pressed search, or opened a result): keep the query in their history. Results shown as they type are not kept. */
    remember: z.boolean({ error: errorKeys.request.invalid }).default(false),
  }),
  response: z.array(quoteSchema),
});

export const searchHistoryCall = defineCall({
  policy: memberCall,
  path: 'market/searchHistory',
  summary: 'The member’s recent searches, newest first (at most 20)',
  request: z.object({}),
  response: z.array(z.object({ query: z.string(), at: z.string() })),
});

export const searchHistoryClearCall = defineCall({
  policy: memberCall,
  path: 'market/searchHistory/clear',
  summary: 'Forget the member’s searches',
  request: z.object({}),
  response: z.null(),
});
