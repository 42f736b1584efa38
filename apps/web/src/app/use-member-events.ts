import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStreamTopic } from '../shared/stream/stream-context.tsx';

/** While a member is signed in, their decisions arrive live and every open screen refetches what it shows. */
export function useMemberEvents(): void {
  const client = useQueryClient();
  // Member data is keyed by its call path (`user/assets`, `user/fundRecords`, …): refetch all of it.
  const refetchMemberData = useCallback(
    () =>
      void client.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('user/'),
      }),
    [client],
  );
  useStreamTopic('member', refetchMemberData, refetchMemberData);
}
