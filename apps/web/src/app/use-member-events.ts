import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSession } from '../shared/session/session.store.ts';
import { openMemberStream } from '../shared/stream/member-stream.ts';

// Member data is keyed by its call path (`user/assets`, `user/fundRecords`, …): refetch all of it.
const refetchMemberData = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('user/') });

/** While a member is signed in, their decisions arrive live and every open screen refetches what it shows. */
export function useMemberEvents(): void {
  const { token, account } = useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (!token || !account || typeof WebSocket === 'undefined') return;
    const stream = openMemberStream({ token, account, onEvent: () => void refetchMemberData(client), onResync: () => void refetchMemberData(client) });
    return () => stream.close();
  }, [token, account, client]);
}
