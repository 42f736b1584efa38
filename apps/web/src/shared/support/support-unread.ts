import { useQuery } from '@tanstack/react-query';
import type { supportUnreadCall } from '@kabuto/contracts/support/support';
import { api } from '../api/api.ts';
import { callRef } from '../api/call-ref.ts';
import { useSession } from '../session/session.store.ts';

// Issue 27: the unread count on every entry point to the chat (home shortcuts, member centre, restriction notice).
const unreadRef = callRef<typeof supportUnreadCall>('user/support/unread');

/** Starts with `user/`: every member event (a reply is `support.message`) refetches it on open screens. */
export const supportUnreadKey = (token: string) => [unreadRef.path, token] as const;

/** Support replies the signed-in member has not read (0 for a visitor or while loading). */
export function useSupportUnread(): number {
  const { token } = useSession();
  const unread = useQuery({
    queryKey: supportUnreadKey(token),
    queryFn: ({ signal }) => api.call(unreadRef, {}, { signal }),
    enabled: token !== '',
    retry: false,
  });
  return token === '' ? 0 : (unread.data?.unread ?? 0);
}
