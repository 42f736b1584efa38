import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type {
  adminBlockCreateCall,
  adminBlockListCall,
  adminBlockWithdrawCall,
} from '@kabuto/contracts/block/block-trades';
import type { stockDetailCall } from '@kabuto/contracts/market/quotes';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const productsRef = callRef<typeof adminBlockListCall>('admin/block/products');
const createRef = callRef<typeof adminBlockCreateCall>('admin/block/create');
const withdrawRef = callRef<typeof adminBlockWithdrawCall>('admin/block/withdraw');
// The members' stock detail, read only for the day's tick table and price limits the product's price must respect.
const stockDetailRef = callRef<typeof stockDetailCall>('market/detail');

export type StaffBlockProduct = ResponseOf<typeof adminBlockListCall>['items'][number];
export type BlockProductPhase = StaffBlockProduct['phase'];
export type BlockProductCreateRequest = RequestOf<typeof adminBlockCreateCall>;
export type BlockProductWithdrawRequest = RequestOf<typeof adminBlockWithdrawCall>;
export type StockQuote = ResponseOf<typeof stockDetailCall>;

type Signal = AbortSignal | undefined;
const opts = (signal: Signal) => (signal ? { signal } : {});

/**
 * Query keys start with the call's path. A change also refreshes the members' block-trade calls (their keys start with
 * these paths too), so a member screen open in the same app shows the new product or its withdrawal.
 */
export const blockAdminKeys = {
  products: [productsRef.path] as const,
  quote: (code: string) => [stockDetailRef.path, code, 'admin-block'] as const,
  memberBlock: [['market/block/list'], ['market/block/detail']] as const,
};

export const fetchBlockProducts = (signal: Signal) => api.call(productsRef, {}, opts(signal));
/** Both answer the product as it now is, and both are audited with the reason (`block.create`, `block.withdraw`). */
export const createBlockProduct = (body: BlockProductCreateRequest) => api.call(createRef, body);
export const withdrawBlockProduct = (body: BlockProductWithdrawRequest) => api.call(withdrawRef, body);
export const fetchStockQuote = (code: string, signal: Signal) =>
  api.call(stockDetailRef, { symbol: code }, opts(signal));
