import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  Allotment,
  allotmentsCall,
  IpoEntry,
  IpoGrab,
  Offering,
  ipoDetailCall,
  ipoDrawCall,
  ipoGrabCall,
  ipoGrabOrderCall,
  ipoListCall,
  ipoPayCall,
  ipoRecordsCall,
  ipoSubscribeCall,
} from '@kabuto/contracts/ipo/offerings';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const listRef = callRef<typeof ipoListCall>('market/ipo/list');
const detailRef = callRef<typeof ipoDetailCall>('market/ipo/detail');
const drawRef = callRef<typeof ipoDrawCall>('market/ipo/draw');
const subscribeRef = callRef<typeof ipoSubscribeCall>('market/ipo/subscribe');
const payRef = callRef<typeof ipoPayCall>('market/ipo/pay');
const grabRef = callRef<typeof ipoGrabCall>('market/ipo/grab');
const grabOrderRef = callRef<typeof ipoGrabOrderCall>('market/ipo/grabOrder');
const recordsRef = callRef<typeof ipoRecordsCall>('market/ipo/records');
const allotmentsRef = callRef<typeof allotmentsCall>('user/allotments');

export type { Allotment, IpoEntry, IpoGrab, Offering };
export type OfferingListItem = ResponseOf<typeof ipoListCall>['items'][number];
export type OfferingDetail = ResponseOf<typeof ipoDetailCall>;
export type PublishedDraw = ResponseOf<typeof ipoDrawCall>;
export type GrabAnswer = ResponseOf<typeof ipoGrabCall>;
export type GrabOrder = ResponseOf<typeof ipoGrabOrderCall>;
export type GrabWindowWire = NonNullable<Offering['grab']>;
export type OfferingPhase = Offering['phase'];
export type EntryStatus = IpoEntry['status'];

/**
 * Query keys start with the call's path and carry the session token, so a new sign-in never sees the last one's
 * entries, and an `ipo.entryChanged` event can refetch every `market/ipo/…` query at once.
 */
export const ipoKeys = {
  all: 'market/ipo/',
  list: (token: string) => [listRef.path, token] as const,
  detail: (token: string, id: string) => [detailRef.path, token, id] as const,
  draw: (token: string, id: string) => [drawRef.path, token, id] as const,
  grabOrder: (token: string, id: string) => [grabOrderRef.path, token, id] as const,
  records: (token: string) => [recordsRef.path, token] as const,
  /** Under `user/`: a member event refetches it with the member's other data. */
  allotments: (token: string) => [allotmentsRef.path, token] as const,
};

type Signal = { signal?: AbortSignal };
const opts = ({ signal }: Signal) => (signal ? { signal } : {});

export const fetchOfferings = (s: Signal) => api.call(listRef, {}, opts(s));
export const fetchOffering = (id: string, s: Signal) => api.call(detailRef, { id }, opts(s));
export const fetchDraw = (id: string, s: Signal) => api.call(drawRef, { id }, opts(s));
export const fetchGrabOrder = (id: string, s: Signal) => api.call(grabOrderRef, { id }, opts(s));
export const fetchIpoRecords = (s: Signal) => api.call(recordsRef, {}, opts(s));
export const fetchAllotments = (s: Signal) => api.call(allotmentsRef, {}, opts(s));
/** Subscribes with an `Idempotency-Key` (money is held): a retry after a lost answer returns the first answer. */
export const subscribeOffering = (id: string, shares: string, headers: Record<string, string>) =>
  api.call(subscribeRef, { id, shares }, { headers });
/** Confirms the purchase of a win with an `Idempotency-Key` (money moves to the position). */
export const payEntry = (entryId: string, headers: Record<string, string>) =>
  api.call(payRef, { entryId }, { headers });
/** Grab shares (one 100-share unit, paid at once) with an `Idempotency-Key`: a retry after a lost answer is not a second press. */
export const grabShares = (id: string, headers: Record<string, string>) => api.call(grabRef, { id }, { headers });
