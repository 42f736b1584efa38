import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { amountField, moneyString, reviewStatus } from '../fields.ts';

// The rule in force for a money window, stated before the member types (UX "Forms that move money").
export const windowSchema = z.object({
  rule: z.enum(['tse', 'always']),
  open: z.boolean(),
  /** Next time the window opens, when closed. */
  opensAt: z.string().nullable(),
});

export const depositChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  accountType: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
  currency: z.literal('JPY'),
  min: moneyString,
  max: moneyString,
  window: windowSchema,
});

export const depositChannelsCall = defineCall({
  policy: memberCall,
  path: 'user/deposit/channels',
  summary: 'Deposit channels (segregated bank accounts) with limits, window and the member’s transfer reference',
  request: z.object({}),
  response: z.object({ referenceCode: z.string(), channels: z.array(depositChannelSchema) }),
});

export const fundRecordSchema = z.object({
  id: z.string(),
  type: z.enum(['deposit', 'withdrawal']),
  orderNo: z.string(),
  currency: z.string(),
  amount: moneyString,
  status: reviewStatus,
  remarks: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Deposits: channel name; withdrawals: the card, masked. */
  detail: z.string(),
});
export type FundRecord = z.infer<typeof fundRecordSchema>;

export const depositCreateCall = defineCall({
  policy: memberCall,
  path: 'user/deposit/create',
  summary: 'Submit a deposit: channel, amount and the uploaded transfer receipt; it waits for review',
  request: z.object({
    channelId: z.uuid({ error: errorKeys.funds.channelNotFound }),
    amount: amountField,
    receiptImageId: z.uuid({ error: errorKeys.verification.receiptRequired }),
  }),
  response: fundRecordSchema.extend({ referenceCode: z.string() }),
});
