import { z } from 'zod';
import { publicCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { priceSourceSchema } from './fields.ts';
import { orderWindowSchema } from '../trade/orders.ts';

export const marketStatusCall = defineCall({
  policy: publicCall,
  path: 'market/status',
  summary: 'Which session profile is in force, whether the market is open, its phase and the next opening',
  request: z.object({}),
  response: z.object({
    profile: z.enum(['demo', 'tse']),
    open: z.boolean(),
    phase: z.enum(['morning', 'lunch', 'afternoon', 'closingAuction', 'closed', 'continuous']),
    nextOpen: z.string().nullable(),
    source: priceSourceSchema,
    now: z.string(),
    /** Issue 26: when an order placed now meets the market (pre-opening, after hours). */
    orderWindow: orderWindowSchema,
  }),
});
