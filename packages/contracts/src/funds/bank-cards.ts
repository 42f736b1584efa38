import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { idField } from '../fields.ts';
import { bankCardPatterns, cardTypes } from '../formats.ts';
import { secondFactorField } from '../security/two-factor.ts';

export { cardTypes };

const text = (max: number) =>
  z
    .string({ error: errorKeys.request.invalid })
    .trim()
    .min(1, { error: errorKeys.request.invalid })
    .max(max, { error: errorKeys.request.invalid });

export const bankCardSchema = z.object({
  id: z.string(),
  holderName: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  branchCode: z.string(),
  cardNumberMasked: z.string(),
  cardType: z.enum(cardTypes),
  ifsc: z.string().nullable(),
  upi: z.string().nullable(),
  createdAt: z.string(),
});
export type BankCard = z.infer<typeof bankCardSchema>;

export const bankCardsListCall = defineCall({
  policy: memberCall,
  path: 'user/bankCards/list',
  summary: 'The member’s bank cards',
  request: z.object({}),
  response: z.array(bankCardSchema),
});

export const bankCardAddCall = defineCall({
  policy: memberCall,
  path: 'user/bankCards/add',
  summary: 'Add a bank card in the verified name (IFSC and UPI for Indian banks)',
  request: z.object({
    holderName: text(64),
    bankName: text(64),
    branchName: text(64),
    branchCode: z
      .string({ error: errorKeys.request.invalid })
      .trim()
      .regex(bankCardPatterns.branchCode, { error: errorKeys.request.invalid }),
    cardNumber: z
      .string({ error: errorKeys.request.invalid })
      .trim()
      .regex(bankCardPatterns.cardNumber, { error: errorKeys.request.invalid }),
    cardType: z.enum(cardTypes, { error: errorKeys.request.invalid }),
    indianBank: z.boolean().default(false),
    ifsc: z.string().trim().regex(bankCardPatterns.ifsc, { error: errorKeys.request.invalid }).optional(),
    upi: z.string().trim().regex(bankCardPatterns.upi, { error: errorKeys.request.invalid }).optional(),
    // Issue 27: required while two-step sign-in is on.
    twoFactorCode: secondFactorField,
  }),
  response: bankCardSchema,
});

export const bankCardRemoveCall = defineCall({
  policy: memberCall,
  path: 'user/bankCards/remove',
  summary: 'Remove a bank card (not while a withdrawal to it is pending)',
  request: z.object({ id: idField, twoFactorCode: secondFactorField }),
  response: z.null(),
});
