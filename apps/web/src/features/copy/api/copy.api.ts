import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  Follow,
  Mirror,
  Strategy,
  copyFollowCall,
  copyFollowDetailCall,
  copyFollowsCall,
  copyStopCall,
  copyStrategiesCall,
  copyStrategyCall,
} from '@kabuto/contracts/copy/copy-trading';
import type { StopLoss } from '@kabuto/domain/copy/copy-trading';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const strategiesRef = callRef<typeof copyStrategiesCall>('follow/strategies');
const strategyRef = callRef<typeof copyStrategyCall>('follow/strategy');
const followRef = callRef<typeof copyFollowCall>('follow/follow');
const stopRef = callRef<typeof copyStopCall>('follow/stop');
const followsRef = callRef<typeof copyFollowsCall>('follow/follows');
const oneRef = callRef<typeof copyFollowDetailCall>('follow/one');

export type { Follow, Mirror, Strategy, StopLoss };
export type StrategyDetail = ResponseOf<typeof copyStrategyCall>;
export type FollowDetail = ResponseOf<typeof copyFollowDetailCall>;
export type FollowStatus = Follow['status'];
export type LeadTrade = StrategyDetail['track'][number];

/**
 * Query keys start with the call's path (`follow/…`) and carry the session token, so a `copy.changed` event refetches
 * every copy-trading query at once and a new sign-in never sees the last one's follows.
 */
export const copyKeys = {
  all: 'follow/',
  strategies: (token: string) => [strategiesRef.path, token] as const,
  strategy: (token: string, id: string) => [strategyRef.path, token, id] as const,
  follows: (token: string, status: FollowStatus) => [followsRef.path, token, status] as const,
  one: (token: string, id: string) => [oneRef.path, token, id] as const,
};

type Signal = { signal?: AbortSignal };
const opts = ({ signal }: Signal) => (signal ? { signal } : {});

export const fetchStrategies = (s: Signal) => api.call(strategiesRef, {}, opts(s));
export const fetchStrategy = (id: string, s: Signal) => api.call(strategyRef, { id }, opts(s));
export const fetchFollows = (status: FollowStatus, page: number, pageSize: number, s: Signal) =>
  api.call(followsRef, { status, page, pageSize }, opts(s));
export const fetchFollow = (id: string, s: Signal) => api.call(oneRef, { id }, opts(s));
/** Follows with an `Idempotency-Key` (the amount moves): a retry after a lost answer returns the first answer. */
export const followStrategy = (
  request: { id: string; amount: string; stopLoss: StopLoss | null },
  headers: Record<string, string>,
) => api.call(followRef, request, { headers });
/** Stops with an `Idempotency-Key`: the follow ends once whatever the retries. */
export const stopFollow = (id: string, headers: Record<string, string>) => api.call(stopRef, { id }, { headers });
