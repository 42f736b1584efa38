import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { adminDelistCall, adminHaltCall, adminResumeCall, adminSymbolsCall } from '@kabuto/contracts/admin/market';
import type { stockListCall } from '@kabuto/contracts/market/quotes';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const symbolsRef = callRef<typeof adminSymbolsCall>('admin/market/symbols');
const haltRef = callRef<typeof adminHaltCall>('admin/market/halt');
const resumeRef = callRef<typeof adminResumeCall>('admin/market/resume');
const delistRef = callRef<typeof adminDelistCall>('admin/market/delist');
// The members' public price list, read only for the "last price" column: staff never set a price.
const stockListRef = callRef<typeof stockListCall>('market/stockList');

export type AdminSymbol = ResponseOf<typeof adminSymbolsCall>[number];
export type StatusChange = RequestOf<typeof adminHaltCall>;
export type StatusAction = 'halt' | 'resume' | 'delist';

/**
 * Query keys start with the call's path. A status change also refreshes the member-side market calls
 * (their keys start with these paths too), so a screen open in the same app shows the new status.
 */
export const marketAdminKeys = {
  symbols: [symbolsRef.path] as const,
  lastPrices: [stockListRef.path, 'admin-last-prices'] as const,
  memberMarket: [[stockListRef.path], ['market/detail'], ['market/search'], ['user/Optionallist']] as const,
};

const STOCK_PAGE = 100;

export const fetchAdminSymbols = (signal?: AbortSignal) =>
  api.call(symbolsRef, { onlyRestricted: false }, signal ? { signal } : {});

/** Last price per code for listed and halted stocks (delisted ones are not in the members' list). */
export async function fetchLastPrices(signal?: AbortSignal): Promise<Map<string, string>> {
  const prices = new Map<string, string>();
  for (let page = 1; ; page += 1) {
    const res = await api.call(stockListRef, { sort: 'code', page, pageSize: STOCK_PAGE }, signal ? { signal } : {});
    for (const q of res.items) prices.set(q.symbol, q.last);
    if (res.items.length < STOCK_PAGE || page * STOCK_PAGE >= res.total) return prices;
  }
}

/** Halt, resume or delist (each its own call and policy on the server); every one needs a reason. */
export function changeStatus(action: StatusAction, body: StatusChange) {
  if (action === 'halt') return api.call(haltRef, body);
  return action === 'resume' ? api.call(resumeRef, body) : api.call(delistRef, body);
}
