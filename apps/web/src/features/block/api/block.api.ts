import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  BlockApplication,
  BlockProduct,
  blockApplicationCall,
  blockApplicationsCall,
  blockApplyCall,
  blockDetailCall,
  blockListCall,
} from '@kabuto/contracts/block/block-trades';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const listRef = callRef<typeof blockListCall>('market/block/list');
const detailRef = callRef<typeof blockDetailCall>('market/block/detail');
const applyRef = callRef<typeof blockApplyCall>('market/block/apply');
const applicationsRef = callRef<typeof blockApplicationsCall>('market/block/applications');
const applicationRef = callRef<typeof blockApplicationCall>('market/block/application');

export type { BlockApplication, BlockProduct };
export type BlockProductDetail = ResponseOf<typeof blockDetailCall>;
export type BlockApplicationPage = ResponseOf<typeof blockApplicationsCall>;
export type ProductPhase = BlockProduct['phase'];

/**
 * Query keys start with the call's path and carry the session token, so a new sign-in never sees the last one's
 * applications, and a `block.decided` event can refetch every `market/block/…` query at once.
 */
export const blockKeys = {
  all: 'market/block/',
  list: (token: string) => [listRef.path, token] as const,
  detail: (token: string, id: string) => [detailRef.path, token, id] as const,
  applications: (token: string) => [applicationsRef.path, token] as const,
  application: (token: string, id: string) => [applicationRef.path, token, id] as const,
};

type Signal = { signal?: AbortSignal };
const opts = ({ signal }: Signal) => (signal ? { signal } : {});

export const fetchBlockProducts = (s: Signal) => api.call(listRef, {}, opts(s));
export const fetchBlockProduct = (id: string, s: Signal) => api.call(detailRef, { id }, opts(s));
export const fetchBlockApplications = (page: number, pageSize: number, s: Signal) =>
  api.call(applicationsRef, { page, pageSize }, opts(s));
export const fetchBlockApplication = (id: string, s: Signal) => api.call(applicationRef, { id }, opts(s));
/** Applies with an `Idempotency-Key` (money is held): a retry after a lost answer returns the first answer. */
export const applyBlock = (
  request: { id: string; shares: string; password?: string },
  headers: Record<string, string>,
) => api.call(applyRef, request, { headers });
