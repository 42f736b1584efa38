import type { ResponseOf } from '@kabuto/contracts/call';
import type { assetsCall } from '@kabuto/contracts/funds/assets';
import type { stockDetailCall } from '@kabuto/contracts/market/quotes';
import type { marketStatusCall } from '@kabuto/contracts/market/status';
import type {
  OrderRequest,
  PositionTab,
  tradeAddMarginCall,
  tradeCancelCall,
  tradeCloseCall,
  tradeDetailCall,
  tradeListCall,
  tradePlaceCall,
  tradePreOpenCall,
  tradePreviewCall,
} from '@kabuto/contracts/trade/orders';
import type { tradeTotalsCall } from '@kabuto/contracts/trade/totals';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const previewRef = callRef<typeof tradePreviewCall>('trade/preview');
const placeRef = callRef<typeof tradePlaceCall>('trade/place');
const cancelRef = callRef<typeof tradeCancelCall>('trade/cancel');
const closeRef = callRef<typeof tradeCloseCall>('trade/close');
const addMarginRef = callRef<typeof tradeAddMarginCall>('trade/addMargin');
const listRef = callRef<typeof tradeListCall>('trade/list');
const detailRef = callRef<typeof tradeDetailCall>('trade/detail');
// The ticket shows the stock's own figures (last, limits, tick table) and the member's available funds.
const stockRef = callRef<typeof stockDetailCall>('market/detail');
const assetsRef = callRef<typeof assetsCall>('user/assets');
// Where the prices come from (simulated or replayed), said on every screen that shows them.
const marketStatusRef = callRef<typeof marketStatusCall>('market/status');
const preOpenRef = callRef<typeof tradePreOpenCall>('trade/preOpen');
// Issue 27: the positions screen's head (建玉一覧): unrealised P&L, margin in use, buying power.
const totalsRef = callRef<typeof tradeTotalsCall>('trade/totals');

export type { OrderRequest, PositionTab };
export type Ticket = ResponseOf<typeof tradePreviewCall>;
export type Position = ResponseOf<typeof tradePlaceCall>;
export type PositionDetail = ResponseOf<typeof tradeDetailCall>;
export type PositionPage = ResponseOf<typeof tradeListCall>;
export type StockForTicket = ResponseOf<typeof stockDetailCall>;
export type Assets = ResponseOf<typeof assetsCall>;
export type MarketStatus = ResponseOf<typeof marketStatusCall>;
export type PreOpenBook = ResponseOf<typeof tradePreOpenCall>;
export type TradeTotals = ResponseOf<typeof tradeTotalsCall>;
export type OrderWindow = MarketStatus['orderWindow'];

/** SPEC §2 position tabs, in the order the screen shows them. */
// SPEC §2's tabs built so far; "auction" lists the shares allotted in IPOs, "competition" the approved block trades
// (issue 25).
// (issue 25); "follow" the positions copy trading mirrored (issue 26).
export const positionTabList: readonly PositionTab[] = [
  'placing',
  'holding',
  'closed',
  'auction',
  'competition',
  'follow',
];

/**
 * Query keys start with the call's path and carry the session token, so a new sign-in never sees the last one's
 * positions, and a position event can refetch every `trade/…` query at once.
 */
export const tradeKeys = {
  all: 'trade/',
  preview: (token: string, order: OrderRequest | null) => [previewRef.path, token, order] as const,
  list: (token: string, tab: PositionTab) => [listRef.path, token, tab] as const,
  detail: (token: string, orderNo: string) => [detailRef.path, token, orderNo] as const,
  stock: (symbol: string) => [stockRef.path, symbol] as const,
  // The member centre's key for the same call (`user/assets` + token), so both screens share one answer.
  assets: (token: string) => [assetsRef.path, token] as const,
  // The market screens' key for the same call, so the status is fetched once for both.
  marketStatus: [marketStatusRef.path] as const,
  preOpen: (token: string) => [preOpenRef.path, token] as const,
  totals: (token: string) => [totalsRef.path, token] as const,
};

type Signal = { signal?: AbortSignal };
const opts = ({ signal }: Signal) => (signal ? { signal } : {});

export const previewOrder = (order: OrderRequest, s: Signal) => api.call(previewRef, order, opts(s));
/** Places the order with its `Idempotency-Key`: a retry after a lost answer returns the first answer. */
export const placeOrder = (order: OrderRequest, headers: Record<string, string>) =>
  api.call(placeRef, order, { headers });
/** Cancel, close and add margin carry an `Idempotency-Key` too (issue 24 §7): a retry returns the first answer. */
export const cancelOrder = (orderNo: string, headers: Record<string, string>) =>
  api.call(cancelRef, { orderNo }, { headers });
export const closePosition = (orderNo: string, headers: Record<string, string>) =>
  api.call(closeRef, { orderNo }, { headers });
export const addMargin = (orderNo: string, amount: string, headers: Record<string, string>) =>
  api.call(addMarginRef, { orderNo, amount }, { headers });
export const fetchPositions = (tab: PositionTab, page: number, pageSize: number, s: Signal) =>
  api.call(listRef, { tab, page, pageSize }, opts(s));
export const fetchPositionDetail = (orderNo: string, s: Signal) => api.call(detailRef, { orderNo }, opts(s));
export const fetchStock = (symbol: string, s: Signal) => api.call(stockRef, { symbol }, opts(s));
export const fetchAssets = (s: Signal) => api.call(assetsRef, {}, opts(s));
export const fetchMarketStatus = (s: Signal) => api.call(marketStatusRef, {}, opts(s));
/** The member's queued stocks and the day's most traded (the server picks them). */
export const fetchPreOpen = (s: Signal) => api.call(preOpenRef, {}, opts(s));
export const fetchTotals = (s: Signal) => api.call(totalsRef, {}, opts(s));
