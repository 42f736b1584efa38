import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  DayTradeApplication,
  DayTradeOverview,
  dayTradeApplicationsCall,
  dayTradeApplyCall,
  dayTradeEndCall,
  dayTradeOverviewCall,
} from '@kabuto/contracts/daytrade/day-trading';
import type { PositionWire, tradeListCall } from '@kabuto/contracts/trade/orders';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const overviewRef = callRef<typeof dayTradeOverviewCall>('common/dayTrading/overview');
const applyRef = callRef<typeof dayTradeApplyCall>('common/dayTrading/apply');
const applicationsRef = callRef<typeof dayTradeApplicationsCall>('common/dayTrading/applications');
const endRef = callRef<typeof dayTradeEndCall>('common/dayTrading/end');
const tradesRef = callRef<typeof tradeListCall>('trade/list');

export type { DayTradeApplication, DayTradeOverview, PositionWire };
export type DayTradeApplicationPage = ResponseOf<typeof dayTradeApplicationsCall>;

/**
 * Query keys start with the call's path and carry the session token; a `daytrade.changed` or `trade.positionChanged`
 * event refetches every `common/dayTrading/…` query and the day trades (`trade/list`).
 */
export const dayTradeKeys = {
  all: 'common/dayTrading/',
  overview: (token: string) => [overviewRef.path, token] as const,
  applications: (token: string) => [applicationsRef.path, token] as const,
  trades: (token: string, tab: 'placing' | 'holding' | 'closed') => [tradesRef.path, token, tab, 'daytrade'] as const,
};

type Signal = { signal?: AbortSignal };
const opts = ({ signal }: Signal) => (signal ? { signal } : {});

export const fetchOverview = (s: Signal) => api.call(overviewRef, {}, opts(s));
export const fetchApplications = (page: number, pageSize: number, s: Signal) =>
  api.call(applicationsRef, { page, pageSize }, opts(s));
/** The member's day trades of one tab (origin 'daytrade'). */
export const fetchDayTrades = (tab: 'placing' | 'holding' | 'closed', s: Signal) =>
  api.call(tradesRef, { tab, origin: 'daytrade', page: 1, pageSize: 100 }, opts(s));
/** Applies with an `Idempotency-Key`: a retry after a lost answer returns the first answer. */
export const applyQuota = (amount: string, headers: Record<string, string>) =>
  api.call(applyRef, { amount }, { headers });
export const endQuota = () => api.call(endRef, {});
