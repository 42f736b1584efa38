import { z } from 'zod';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { amountField, moneyString } from '../fields.ts';
import { channelAccountNumberPattern } from '../formats.ts';
import { adminPolicies } from './policies.ts';

export const adminChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  accountType: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
  min: moneyString,
  max: moneyString,
  windowRule: z.enum(['profile', 'always']),
  active: z.boolean(),
});

const text = (max: number) =>
  z
    .string({ error: errorKeys.request.invalid })
    .trim()
    .min(1, { error: errorKeys.request.invalid })
    .max(max, { error: errorKeys.request.invalid });

export const adminChannelsListCall = defineCall({
  policy: adminPolicies.channelsList,
  path: 'admin/channels/list',
  summary: 'Staff: deposit channels, active or not',
  request: z.object({}),
  response: z.array(adminChannelSchema),
});

export const adminChannelSaveCall = defineCall({
  policy: adminPolicies.channelSave,
  path: 'admin/channels/save',
  summary: 'Staff (admin): create or update a deposit channel and its limits',
  request: z.object({
    id: z.uuid().optional(),
    name: text(64),
    bankName: text(64),
    branchName: text(64),
    accountType: text(32),
    accountNumber: z.string().trim().regex(channelAccountNumberPattern, { error: errorKeys.request.invalid }),
    accountHolder: text(64),
    min: amountField,
    max: amountField,
    windowRule: z.enum(['profile', 'always']),
    active: z.boolean(),
  }),
  response: adminChannelSchema,
});

export const withdrawalLimitsSchema = z.object({
  min: moneyString,
  max: moneyString,
  windowRule: z.enum(['profile', 'always']),
});

export const adminWithdrawalLimitsGetCall = defineCall({
  policy: adminPolicies.withdrawalLimitsGet,
  path: 'admin/withdrawalLimits/get',
  summary: 'Staff: the withdrawal minimum, maximum and window rule',
  request: z.object({}),
  response: withdrawalLimitsSchema,
});

export const adminWithdrawalLimitsSaveCall = defineCall({
  policy: adminPolicies.withdrawalLimitsSave,
  path: 'admin/withdrawalLimits/save',
  summary: 'Staff (admin): set the withdrawal minimum, maximum and window rule',
  request: z.object({ min: amountField, max: amountField, windowRule: z.enum(['profile', 'always']) }),
  response: withdrawalLimitsSchema,
});

export const adminReconciliationCall = defineCall({
  policy: adminPolicies.reconciliation,
  path: 'admin/reconciliation',
  summary: 'Staff: recompute every balance from the journal and list any difference',
  request: z.object({}),
  response: z.object({
    ok: z.boolean(),
    entries: z.number().int(),
    accounts: z.number().int(),
    unbalancedEntries: z.array(z.object({ entryId: z.string(), currency: z.string(), sum: z.string() })),
    balanceDifferences: z.array(
      z.object({
        accountId: z.string(),
        owner: z.string(),
        currency: z.string(),
        stored: z.string(),
        fromJournal: z.string(),
      }),
    ),
    currencyTotals: z.array(z.object({ currency: z.string(), total: z.string() })),
    checkedAt: z.string(),
  }),
});
