import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type {
  adminTradeListCall,
  adminTradeProductRulesSaveCall,
  adminTradeSettingsCall,
  adminTradeTermsSaveCall,
} from '@kabuto/contracts/admin/trade';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const listRef = callRef<typeof adminTradeListCall>('admin/trade/list');
const settingsRef = callRef<typeof adminTradeSettingsCall>('admin/trade/settings');
const termsSaveRef = callRef<typeof adminTradeTermsSaveCall>('admin/trade/settings/save');
const productRulesSaveRef = callRef<typeof adminTradeProductRulesSaveCall>('admin/trade/productRules/save');

export type TradeListRequest = RequestOf<typeof adminTradeListCall>;
export type StaffPosition = ResponseOf<typeof adminTradeListCall>['items'][number];
export type TradeSettings = ResponseOf<typeof adminTradeSettingsCall>;
export type TradingTerms = TradeSettings['terms'];
export type ProductRules = TradeSettings['products'][number];
export type TermsSaveRequest = RequestOf<typeof adminTradeTermsSaveCall>;
export type ProductRulesSaveRequest = RequestOf<typeof adminTradeProductRulesSaveCall>;

type Signal = AbortSignal | undefined;
const opts = (signal: Signal) => (signal ? { signal } : {});

/** Query keys start with the call's path. Staff only read orders and positions: there is no call that edits one. */
export const tradeAdminKeys = {
  list: [listRef.path] as const,
  settings: [settingsRef.path] as const,
};

export const fetchTradeList = (body: TradeListRequest, signal: Signal) => api.call(listRef, body, opts(signal));
export const fetchTradeSettings = (signal: Signal) => api.call(settingsRef, {}, opts(signal));
/** Both saves answer the settings as they now are, and both are audited with the reason. */
export const saveTradingTerms = (body: TermsSaveRequest) => api.call(termsSaveRef, body);
export const saveProductRules = (body: ProductRulesSaveRequest) => api.call(productRulesSaveRef, body);
