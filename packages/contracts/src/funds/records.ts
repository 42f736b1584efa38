import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { pageFields } from '../fields.ts';
import { fundRecordSchema } from './deposits.ts';

export const fundRecordsCall = defineCall({
  policy: memberCall,
  path: 'user/fundRecords',
  summary: 'Deposits and withdrawals with order number, amount, status and remarks, newest first',
  request: z.object({ type: z.enum(['all', 'deposit', 'withdrawal']).default('all'), ...pageFields }),
  response: z.object({ items: z.array(fundRecordSchema), total: z.number().int() }),
});

export const timelineEntrySchema = z.object({
  entryId: z.string(),
  kind: z.string(),
  /** A message key the client translates. */
  reason: z.string(),
  refType: z.string(),
  refId: z.string(),
  at: z.string(),
  lines: z.array(z.object({ currency: z.string(), book: z.string(), amount: z.string() })),
  /** The JST days (inclusive) a charge for a span of days covers, e.g. financing caught up after a missed run. */
  covers: z.object({ from: z.string(), to: z.string() }).nullable().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelineCall = defineCall({
  policy: memberCall,
  path: 'user/timeline',
  summary: 'Every journal entry that touched the member’s money, with its reason, newest first',
  request: z.object({ ...pageFields }),
  response: z.object({ items: z.array(timelineEntrySchema), total: z.number().int() }),
});
