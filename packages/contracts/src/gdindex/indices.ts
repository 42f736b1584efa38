import { z } from 'zod';
import { publicCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { indexValueSchema, namesSchema, priceSourceSchema } from '../market/fields.ts';

export const indexListCall = defineCall({
  policy: publicCall,
  path: 'gdindex/gdindex',
  summary: 'The indices computed from the simulated constituents (price-weighted and cap-weighted)',
  request: z.object({}),
  response: z.array(indexValueSchema),
});

export const indexConstituentsCall = defineCall({
  policy: publicCall,
  path: 'gdindex/gdList',
  summary: 'An index’s constituents with their weights (cap-weighted: simulated share counts)',
  request: z.object({
    code: z
      .string({ error: errorKeys.market.unknownIndex })
      .trim()
      .min(1, { error: errorKeys.market.unknownIndex })
      .max(16, { error: errorKeys.market.unknownIndex }),
  }),
  response: z.object({
    index: indexValueSchema,
    /** How the index is computed, in one sentence (English; the client labels it). */
    method: z.string(),
    source: priceSourceSchema,
    constituents: z.array(
      z.object({
        symbol: z.string(),
        names: namesSchema,
        last: z.string(),
        changePercent: z.string(),
        /** Shares used by the cap-weighted index (simulated), null for the price-weighted one. */
        shares: z.string().nullable(),
        /** Current weight in the index, percent with two decimals. */
        weightPercent: z.string(),
      }),
    ),
  }),
});
