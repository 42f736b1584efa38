import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { amountField, moneyString } from '../fields.ts';
import { windowSchema, fundRecordSchema } from './deposits.ts';
import { secondFactorField } from '../security/two-factor.ts';

export const creditScoreSchema = z.object({
  score: z.number().int(),
  threshold: z.number().int(),
  base: z.number().int(),
  rules: z.array(z.object({ rule: z.string(), delta: z.number().int() })),
  history: z.array(z.object({ delta: z.number().int(), rule: z.string(), at: z.string() })),
});

export const creditScoreCall = defineCall({
  policy: memberCall,
  path: 'user/creditScore',
  summary: 'The credit score, the withdrawal threshold, the published rules and every change with its reason',
  request: z.object({}),
  response: creditScoreSchema,
});

export const withdrawInfoCall = defineCall({
  policy: memberCall,
  path: 'user/withdraw/info',
  summary: 'What applies before a withdrawal: limits, window, withdrawable amount, credit score, fee (none)',
  request: z.object({}),
  response: z.object({
    currency: z.literal('JPY'),
    min: moneyString,
    max: moneyString,
    fee: moneyString,
    withdrawable: moneyString,
    window: windowSchema,
    creditScore: z.number().int(),
    threshold: z.number().int(),
    hasFundPassword: z.boolean(),
    pendingWithdrawal: z.boolean(),
  }),
});

export const withdrawCreateCall = defineCall({
  policy: memberCall,
  path: 'user/withdraw/create',
  summary: 'Request a withdrawal to one of the member’s cards; the amount is frozen until review',
  request: z.object({
    amount: amountField,
    fundPassword: z
      .string({ error: errorKeys.password.fundWrong })
      .min(1, { error: errorKeys.account.passwordEmpty })
      .max(32, { error: errorKeys.password.fundWrong }),
    bankCardId: z.uuid({ error: errorKeys.cards.notFound }),
    // Issue 27: required while two-step sign-in is on.
    twoFactorCode: secondFactorField,
  }),
  response: fundRecordSchema,
});
