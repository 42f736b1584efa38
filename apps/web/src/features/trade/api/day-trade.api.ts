import { useQuery } from '@tanstack/react-query';
import type { dayTradeOverviewCall } from '@kabuto/contracts/daytrade/day-trading';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';
import { useSession } from '../../../shared/session/session.store.ts';

// Issue 26: the order ticket asks whether the member has a day-trading quota in force (the day-trading screens own
// the rest: features/daytrade). Path only at run time, so no zod is loaded.
const overviewRef = callRef<typeof dayTradeOverviewCall>('common/dayTrading/overview');

/** The member's quota in force, its use and the cut-off (refetched with every `common/dayTrading/…` query). */
export function useDayTradeQuota() {
  const { token } = useSession();
  return useQuery({
    queryKey: [overviewRef.path, token] as const,
    queryFn: ({ signal }) => api.call(overviewRef, {}, { signal }),
    enabled: token !== '',
    retry: false,
    staleTime: 5_000,
  });
}
