import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { amountField, currencyField, moneyString } from '../fields.ts';

export const exchangeQuoteCall = defineCall({
  policy: memberCall,
  path: 'user/exchange/quote',
  summary: 'A rate for an exchange, with its source and time, held for a short while; no fee',
  request: z.object({ from: currencyField, to: currencyField, amount: amountField }),
  response: z.object({
    quoteId: z.string(),
    from: currencyField,
    to: currencyField,
    amount: moneyString,
    rate: moneyString,
    toAmount: moneyString,
    fee: moneyString,
    source: z.string(),
    simulated: z.boolean(),
    asOf: z.string(),
    expiresAt: z.string(),
  }),
});

export const exchangeCreateCall = defineCall({
  policy: memberCall,
  path: 'user/exchange/create',
  summary: 'Exchange at a quote the member has seen',
  request: z.object({ quoteId: z.uuid({ error: errorKeys.exchange.quoteExpired }) }),
  response: z.object({
    orderNo: z.string(),
    from: currencyField,
    to: currencyField,
    amount: moneyString,
    rate: moneyString,
    toAmount: moneyString,
    createdAt: z.string(),
  }),
});
