import { z } from 'zod';
import { defineCall } from '../call.ts';
import { reasonField } from '../fields.ts';
import { namesSchema, symbolField, symbolStatusSchema } from '../market/fields.ts';
import { adminPolicies } from './policies.ts';

export const adminSymbolStatusSchema = z.object({
  symbol: z.string(),
  names: namesSchema,
  status: symbolStatusSchema,
  statusReason: z.string().nullable(),
  statusAt: z.string().nullable(),
  statusBy: z.string().nullable(),
});

export const adminSymbolsCall = defineCall({
  policy: adminPolicies.symbols,
  path: 'admin/market/symbols',
  summary: 'Staff: stocks that are halted or delisted (or every stock), with who set the status and why',
  request: z.object({ onlyRestricted: z.boolean().default(true) }),
  response: z.array(adminSymbolStatusSchema),
});

const statusChange = { symbol: symbolField, reason: reasonField };

export const adminHaltCall = defineCall({
  policy: adminPolicies.halt,
  path: 'admin/market/halt',
  summary: 'Staff: halt trading in a listed stock, with the reason members read',
  request: z.object(statusChange),
  response: adminSymbolStatusSchema,
});

export const adminResumeCall = defineCall({
  policy: adminPolicies.resume,
  path: 'admin/market/resume',
  summary: 'Staff: resume trading in a halted stock',
  request: z.object(statusChange),
  response: adminSymbolStatusSchema,
});

export const adminDelistCall = defineCall({
  policy: adminPolicies.delist,
  path: 'admin/market/delist',
  summary: 'Staff: delist a stock (final), with the reason members read',
  request: z.object(statusChange),
  response: adminSymbolStatusSchema,
});
