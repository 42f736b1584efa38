import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { moneyString } from '../fields.ts';
import { symbolField } from '../market/fields.ts';
import { tradeSides } from './orders.ts';

/** One open position as the totals value it (domain `OpenPositionMark`). */
export const openPositionMarkSchema = z.object({
  orderNo: z.string(),
  symbol: symbolField,
  side: z.enum(tradeSides),
  status: z.enum(['holding', 'closing']),
  openPrice: moneyString,
  quantity: moneyString,
  pnl: moneyString.nullable(),
});

/**
 * Issue 27 (建玉一覧): the head of the positions screen. `unrealised` is the member centre's unrealised P&L (the same
 * positions at the same prices), `margin` its margin book and `available` the buying power orders draw on (JPY books);
 * `positions` lets the screen move the total with the live book as the cards move.
 */
export const tradeTotalsCall = defineCall({
  policy: memberCall,
  path: 'trade/totals',
  summary:
    'The member’s positions totals: unrealised P&L, margin in use, buying power and the open positions behind them',
  request: z.object({}),
  response: z.object({
    currency: z.literal('JPY'),
    unrealised: moneyString,
    margin: moneyString,
    available: moneyString,
    openCount: z.number().int(),
    positions: z.array(openPositionMarkSchema),
  }),
});
