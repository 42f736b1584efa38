import { useQuery } from '@tanstack/react-query';
import type { noticeUnreadCall } from '@kabuto/contracts/notices/notices';
import { api } from '../api/api.ts';
import { callRef } from '../api/call-ref.ts';
import { useSession } from '../session/session.store.ts';

// Issue 27: the unread count on the bell (home header, member centre).
const unreadRef = callRef<typeof noticeUnreadCall>('user/notices/unread');

/** Starts with `user/`: every member event (a new notice is `notice.created`) refetches it on open screens. */
export const noticeUnreadKey = (token: string) => [unreadRef.path, token] as const;

/** Notices the signed-in member has not opened (0 for a visitor or while loading). */
export function useNoticesUnread(): number {
  const { token } = useSession();
  const unread = useQuery({
    queryKey: noticeUnreadKey(token),
    queryFn: ({ signal }) => api.call(unreadRef, {}, { signal }),
    enabled: token !== '',
    retry: false,
  });
  return token === '' ? 0 : (unread.data?.unread ?? 0);
}
