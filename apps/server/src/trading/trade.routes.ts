import { successKeys } from '@kabuto/contracts/errors';
import {
  tradeAddMarginCall,
  tradeCancelCall,
  tradeCloseCall,
  tradeDetailCall,
  tradeListCall,
  tradePlaceCall,
  tradePreOpenCall,
  tradePreviewCall,
} from '@kabuto/contracts/trade/orders';
import { tradeTotalsCall } from '@kabuto/contracts/trade/totals';
import {
  adminTradeListCall,
  adminTradeProductRulesSaveCall,
  adminTradeSettingsCall,
  adminTradeTermsSaveCall,
} from '@kabuto/contracts/admin/trade';
import { asStaff, route, type Route } from '../http/public.ts';
import type { TradeService } from './trade.service.ts';
import type { TradeSettingsService } from './trade-settings.service.ts';

export function tradeRoutes(s: TradeService, settings: TradeSettingsService): Route[] {
  return [
    route({ call: tradePreviewCall, handler: ({ principal, body }) => s.preview(principal, body) }),
    route({
      call: tradePlaceCall,
      success: successKeys.purchase,
      // Issue 24: the key and its answer are stored in the orders' batch, with the order.
      idempotent: { recover: (principal, key) => s.byClientKey(principal, key), inWrite: true },
      handler: ({ principal, body, requestId, idempotencyKey, keyInWrite }) =>
        s.place(principal, body, requestId, idempotencyKey, keyInWrite),
    }),
    route({
      call: tradeCancelCall,
      success: successKeys.cancel,
      idempotent: { recover: (principal, key) => s.byEntryKey(principal, key) },
      handler: ({ principal, body, requestId, idempotencyKey }) =>
        s.cancel(principal, body.orderNo, requestId, idempotencyKey),
    }),
    route({
      call: tradeCloseCall,
      success: successKeys.closed,
      idempotent: { recover: (principal, key) => s.byEntryKey(principal, key) },
      handler: ({ principal, body, requestId, idempotencyKey }) =>
        s.close(principal, body.orderNo, requestId, idempotencyKey),
    }),
    route({
      call: tradeAddMarginCall,
      success: successKeys.marginAdded,
      idempotent: { recover: (principal, key) => s.byEntryKey(principal, key) },
      handler: ({ principal, body, requestId, idempotencyKey }) =>
        s.addMargin(principal, body.orderNo, body.amount, requestId, idempotencyKey),
    }),
    route({ call: tradePreOpenCall, handler: ({ principal, body }) => s.preOpen(principal.memberId, body.symbols) }),
    route({ call: tradeTotalsCall, handler: ({ principal }) => s.totals(principal) }),
    route({ call: tradeListCall, handler: ({ principal, body }) => s.list(principal, body) }),
    route({ call: tradeDetailCall, handler: ({ principal, body }) => s.detail(principal, body.orderNo) }),
    route({ call: adminTradeListCall, handler: ({ body }) => s.adminList(body) }),
    route({ call: adminTradeSettingsCall, handler: () => settings.read() }),
    route({
      call: adminTradeTermsSaveCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => settings.saveTerms(asStaff(principal), body, requestId),
    }),
    route({
      call: adminTradeProductRulesSaveCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => settings.saveProductRules(asStaff(principal), body, requestId),
    }),
  ];
}
