import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type {
  adminIpoCancelCall,
  adminIpoCreateCall,
  adminIpoGrabWindowCall,
  adminIpoListCall,
} from '@kabuto/contracts/ipo/offerings';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const listRef = callRef<typeof adminIpoListCall>('admin/ipo/list');
const createRef = callRef<typeof adminIpoCreateCall>('admin/ipo/create');
const cancelRef = callRef<typeof adminIpoCancelCall>('admin/ipo/cancel');
const grabWindowRef = callRef<typeof adminIpoGrabWindowCall>('admin/ipo/grabWindow');

export type StaffOffering = ResponseOf<typeof adminIpoListCall>['items'][number];
export type OfferingPhase = StaffOffering['phase'];
export type OfferingCreateRequest = RequestOf<typeof adminIpoCreateCall>;
export type OfferingCancelRequest = RequestOf<typeof adminIpoCancelCall>;
export type GrabWindowRequest = RequestOf<typeof adminIpoGrabWindowCall>;

type Signal = AbortSignal | undefined;

/**
 * Query keys start with the call's path. A change also refreshes the members' offering calls (their keys start with
 * these paths too), so a member screen open in the same app shows the new offering or its cancellation.
 */
export const ipoAdminKeys = {
  list: [listRef.path] as const,
  memberIpo: [['market/ipo/list'], ['market/ipo/detail'], ['market/ipo/records']] as const,
};

export const fetchAdminOfferings = (signal: Signal) => api.call(listRef, {}, signal ? { signal } : {});
/**
 * Each answers the offering as it now is, and each is audited with the reason (`ipo.create`, `ipo.cancel`,
 * `ipo.grabWindow`).
 */
export const createOffering = (body: OfferingCreateRequest) => api.call(createRef, body);
export const cancelOffering = (body: OfferingCancelRequest) => api.call(cancelRef, body);
/** Re-offers the lapsed wins' shares first come, first served, in a window set once. */
export const setGrabWindow = (body: GrabWindowRequest) => api.call(grabWindowRef, body);
