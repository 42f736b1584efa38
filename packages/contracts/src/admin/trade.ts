import { z } from 'zod';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { pageFields, reasonField } from '../fields.ts';
import { symbolField } from '../market/fields.ts';
import { positionSchema, positionStatuses } from '../trade/orders.ts';
import { adminPolicies } from './policies.ts';

const rate = z
  .string({ error: errorKeys.request.invalid })
  .trim()
  .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, { error: errorKeys.request.invalid });

export const tradingTermsSchema = z.object({
  purchaseRate: rate,
  sellingRate: rate,
  stampDutyRate: rate,
  minimumFee: z
    .string({ error: errorKeys.request.invalid })
    .trim()
    .regex(/^\d{1,9}$/, { error: errorKeys.request.invalid }),
  leverages: z
    .array(z.number().int().min(1).max(20), { error: errorKeys.request.invalid })
    .min(1, { error: errorKeys.request.invalid })
    .max(8, { error: errorKeys.request.invalid })
    // 1× (no borrowing) is always on offer: the ticket opens at it, and a member may always trade unlevered.
    .refine((l) => l.includes(1), { error: errorKeys.request.invalid }),
  maintenanceRatio: rate,
  longAnnualRate: rate,
  shortAnnualRate: rate,
});

export const productRulesSchema = z.object({
  symbol: symbolField,
  sameDayBan: z.boolean(),
  tPlusOneBan: z.boolean(),
  minHoldingMinutes: z.number().int().min(0).max(100_000),
  lockUpUntil: z.string().datetime({ error: errorKeys.request.invalid }).nullable(),
});

export const adminTradeListCall = defineCall({
  policy: adminPolicies.tradeList,
  path: 'admin/trade/list',
  summary: 'Staff: every order and position, read-only (staff never edit a price or a fill)',
  request: z.object({
    status: z.enum(positionStatuses).nullish(),
    symbol: symbolField.nullish(),
    account: z.string().trim().max(32).nullish(),
    ...pageFields,
  }),
  response: z.object({
    items: z.array(positionSchema.extend({ account: z.string() })),
    total: z.number().int(),
  }),
});

export const adminTradeSettingsCall = defineCall({
  policy: adminPolicies.tradeSettings,
  path: 'admin/trade/settings',
  summary: 'Staff: the fee schedule, leverage set, maintenance ratio, financing rates and per-product sale rules',
  request: z.object({}),
  response: z.object({
    terms: tradingTermsSchema,
    products: z.array(productRulesSchema),
    changedAt: z.string().nullable(),
    changedBy: z.string().nullable(),
  }),
});

export const adminTradeTermsSaveCall = defineCall({
  policy: adminPolicies.tradeSettingsSave,
  path: 'admin/trade/settings/save',
  summary: 'Staff: change the trading terms (audited with the reason); open positions keep the terms they opened on',
  request: tradingTermsSchema.extend({ reason: reasonField }),
  response: adminTradeSettingsCall.response,
});

export const adminTradeProductRulesSaveCall = defineCall({
  policy: adminPolicies.tradeSettingsSave,
  path: 'admin/trade/productRules/save',
  summary: 'Staff: set one stock’s sale rules (T+1, same-day ban, minimum holding, lock-up), audited',
  request: productRulesSchema.extend({ reason: reasonField }),
  response: adminTradeSettingsCall.response,
});
