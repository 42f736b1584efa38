import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { currencyField, moneyString } from '../fields.ts';

export const balanceSchema = z.object({
  currency: currencyField,
  available: moneyString,
  frozen: moneyString,
  margin: moneyString,
  loan: moneyString,
});

// SPEC §3 Funds; DESIGN: total assets = available + frozen + margin + unrealised P&L (JPY books).
export const assetsCall = defineCall({
  policy: memberCall,
  path: 'user/assets',
  summary: 'Member centre figures: total assets, available, frozen, profit (JPY) and every currency balance',
  request: z.object({}),
  response: z.object({
    currency: z.literal('JPY'),
    totalAssets: moneyString,
    available: moneyString,
    frozen: moneyString,
    profit: moneyString,
    balances: z.array(balanceSchema),
    realNameStatus: z.enum(['unverified', 'pending', 'verified', 'rejected']),
  }),
});
